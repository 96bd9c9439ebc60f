import { useEffect, useState, type FormEvent } from 'react'
import { useI18n } from '../../i18n/context'
import { usePageState } from '../../page-context'
import { contactDocumentTitle, type ContactPageData } from './page-data'
import * as browser from './browser'
import { useFieldChecks } from './use-field-checks'
import { useFocusRequest } from './use-focus-request'
import { useReviewStep } from './use-review-step'

/**
 * The contact form in the browser: checks a field on blur and then as it changes, checks
 * everything on submit (summary + focus), shows the review step (a history entry, so the
 * Back button returns to the form), sends through the JSON API, keeps a draft.
 * Server and first browser render come from the same ContactPageData.
 */
export function useContactForm(data: ContactPageData) {
  const { locale, t } = useI18n()
  const { basename, site } = usePageState()
  const [summaryRef, reviewRef, focusOn] = useFocusRequest()
  const fields = useFieldChecks(data, locale)
  const [step, showReview, backToForm, editStep] = useReviewStep(data.step, fields.isValid, focusOn)
  const [notice, setNotice] = useState<string | null>(data.notice ? t(data.notice) : null)
  const [website, setWebsite] = useState('')
  const [sending, setSending] = useState(false)

  const submitForm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setNotice(null)
    if (!fields.checkAll()) return focusOn('summary')
    showReview()
  }

  const edit = () => {
    setNotice(null)
    editStep()
  }

  /** Sends the inquiry: on success to the thank-you page; else back to the form with the errors, or a notice. */
  const send = async () => {
    if (sending) return // a double click sends once (and the token makes a resend harmless)
    setSending(true)
    setNotice(null)
    browser.clearToast()
    const answer = await browser.postInquiry({ ...fields.values, locale, _token: data.token, website })
    if (answer.status >= 200 && answer.status < 300 && answer.body.id) {
      browser.clearDraft()
      return browser.goTo(`${basename}/contact/success?ref=${encodeURIComponent(answer.body.id)}`)
    }
    setSending(false)
    if (answer.status === 422 && answer.body.errors) {
      fields.showErrors(answer.body.errors)
      backToForm()
      focusOn('summary')
      return browser.showErrorToast(t('units.contact.toast.invalid'), answer.body.message ?? '')
    }
    const message = answer.status === 0 ? t('units.contact.notices.network') : (answer.body.message ?? t('units.contact.api.500'))
    setNotice(message)
    browser.showErrorToast(t('units.contact.toast.failed'), message)
  }

  const { listed } = fields
  useEffect(() => {
    browser.setDocumentTitle(contactDocumentTitle(t, site.name, step, listed))
  }, [step, listed])

  return { ...fields, step, notice, sending, website, setWebsite, summaryRef, reviewRef, submitForm, edit, send }
}

export type ContactForm = ReturnType<typeof useContactForm>
