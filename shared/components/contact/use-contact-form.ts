import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { buildTitle } from '../../head'
import { useI18n } from '../../i18n/context'
import { usePageState } from '../../page-context'
import { validateFields } from '../../validation/form'
import type { FormErrors } from '../../validation/types'
import { CONTACT_FIELDS, type ContactField, type ContactValues } from '../../contact/fields'
import { normalizeContact } from '../../contact/normalize'
import { contactTitle, errorCount, type ContactPageData, type ContactStep } from '../../contact/page-data'
import { checkContact } from '../../contact/validate'
import * as browser from './browser'

const isBlank = (v: ContactValues) => CONTACT_FIELDS.every((name) => !v[name])

type FocusTarget = 'summary' | 'review' | 'form'

/**
 * The contact form in the browser: checks a field on blur and then as it changes, checks
 * everything on submit (summary + focus), shows the review step (a history entry, so the
 * Back button returns to the form), sends through the JSON API, keeps a draft.
 * Server and first browser render come from the same ContactPageData.
 */
export function useContactForm(data: ContactPageData) {
  const { locale, t } = useI18n()
  const { basename, site } = usePageState()
  const navigate = useNavigate()
  const location = useLocation()
  const [values, setValues] = useState<ContactValues>(data.values)
  const [errors, setErrors] = useState<FormErrors>(data.errors)
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set(Object.keys(data.errors)))
  const [step, setStep] = useState<ContactStep>(data.step)
  const [showSummary, setShowSummary] = useState(errorCount(data.errors) > 0)
  const [notice, setNotice] = useState<string | null>(data.notice ? t(data.notice) : null)
  const [website, setWebsite] = useState('')
  const [sending, setSending] = useState(false)
  const [focus, setFocus] = useState<{ target: FocusTarget; n: number } | null>(null)
  const summaryRef = useRef<HTMLDivElement>(null)
  const reviewRef = useRef<HTMLHeadingElement>(null)
  const pushed = useRef(false)
  const seenLocation = useRef(location.key)

  const check = (next: ContactValues) => checkContact(normalizeContact(next, locale), locale, validateFields, data.today)
  const focusOn = (target: FocusTarget) => setFocus({ target, n: (focus?.n ?? 0) + 1 })
  const recheck = (names: ContactField[], next: ContactValues) => {
    const found = check(next)
    setErrors((prev) => {
      const out = { ...prev }
      for (const name of names) {
        if (found[name] !== undefined) out[name] = found[name]
        else delete out[name]
      }
      return out
    })
  }

  const change = (name: ContactField, value: string | boolean) => {
    const next = { ...values, [name]: value } as ContactValues
    setValues(next)
    browser.saveDraft(next)
    const names: ContactField[] = []
    if (touched.has(name) || errors[name]) names.push(name)
    if (name === 'email' && (touched.has('emailConfirm') || errors.emailConfirm)) names.push('emailConfirm')
    if (names.length) recheck(names, next)
  }

  const blur = (name: ContactField) => {
    if (!touched.has(name)) setTouched(new Set(touched).add(name))
    recheck([name], values)
  }

  const backToForm = () => {
    if (pushed.current) navigate('/contact', { replace: true, state: null })
    pushed.current = false
    setStep('form')
  }

  const submitForm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const normalized = normalizeContact(values, locale)
    const found = checkContact(normalized, locale, validateFields, data.today)
    setValues(normalized)
    browser.saveDraft(normalized)
    setErrors(found)
    setTouched(new Set(CONTACT_FIELDS))
    setNotice(null)
    setShowSummary(errorCount(found) > 0)
    if (errorCount(found) > 0) return focusOn('summary')
    setStep('review')
    navigate('/contact', { state: { contactStep: 'review' } })
    pushed.current = true
    focusOn('review')
  }

  const edit = () => {
    setNotice(null)
    if (pushed.current) return navigate(-1) // the same as the browser's Back button
    setStep('form')
    focusOn('form')
  }

  const send = async () => {
    if (sending) return // a double click sends once (and the token makes a resend harmless)
    setSending(true)
    setNotice(null)
    browser.clearToast()
    const answer = await browser.postInquiry({ ...values, locale, _token: data.token, website })
    if (answer.status >= 200 && answer.status < 300 && answer.body.id) {
      browser.clearDraft()
      return browser.goTo(`${basename}/contact/success?ref=${encodeURIComponent(answer.body.id)}`)
    }
    setSending(false)
    if (answer.status === 422 && answer.body.errors) {
      setErrors(answer.body.errors)
      setShowSummary(true)
      backToForm()
      focusOn('summary')
      return browser.showErrorToast(t('units.contact.toast.invalid'), answer.body.message ?? '')
    }
    const message = answer.status === 0 ? t('units.contact.notices.network') : (answer.body.message ?? t('units.contact.api.500'))
    setNotice(message)
    browser.showErrorToast(t('units.contact.toast.failed'), message)
  }

  // A fresh form takes back the draft of this tab (after a reload, or Back from another page).
  useEffect(() => {
    if (data.step !== 'form' || data.notice || errorCount(data.errors) > 0 || !isBlank(data.values)) return
    const draft = browser.loadDraft()
    if (draft) setValues(normalizeContact(draft, locale)) // the English form drops the draft's furigana
  }, [])

  // Back / Forward between the form and the review step.
  useEffect(() => {
    if (location.key === seenLocation.current) return
    seenLocation.current = location.key
    const wantsReview = (location.state as { contactStep?: string } | null)?.contactStep === 'review'
    if (!wantsReview && step === 'review') {
      pushed.current = false
      setStep('form')
      focusOn('form')
    } else if (wantsReview && step === 'form' && errorCount(check(values)) === 0) {
      pushed.current = true
      setStep('review')
      focusOn('review')
    }
  }, [location.key])

  useEffect(() => {
    if (!focus) return
    if (focus.target === 'summary') summaryRef.current?.focus()
    else if (focus.target === 'review') reviewRef.current?.focus()
    else document.getElementById('contact-name')?.focus()
  }, [focus])

  const listed = showSummary ? errorCount(errors) : 0
  useEffect(() => {
    browser.setDocumentTitle(buildTitle({ siteName: site.name, path: '/contact', isIndex: false, title: contactTitle(t, step, listed) }))
  }, [step, listed])

  return { values, errors, step, notice, sending, website, setWebsite, showSummary: listed > 0, summaryRef, reviewRef, change, blur, submitForm, edit, send }
}

export type ContactForm = ReturnType<typeof useContactForm>
