import { useEffect, useState } from 'react'
import type { Locale } from '../../i18n/locales'
import { validateFields } from '../../validation/form'
import type { FormErrors } from '../../validation/types'
import { CONTACT_FIELDS, type ContactField } from './fields'
import type { ContactValues } from './values'
import { normalizeContact } from './normalize'
import { errorCount, type ContactPageData } from './page-data'
import { checkContact } from './validate'
import * as browser from './browser'

const isBlank = (v: ContactValues) => CONTACT_FIELDS.every((name) => !v[name])

/** The fields to check again after one changed: itself once it was left or shows an error, and the e-mail confirmation with the e-mail. */
export function fieldsToRecheck(name: ContactField, touched: ReadonlySet<string>, errors: FormErrors): ContactField[] {
  const names: ContactField[] = []
  if (touched.has(name) || errors[name]) names.push(name)
  if (name === 'email' && (touched.has('emailConfirm') || errors.emailConfirm)) names.push('emailConfirm')
  return names
}

/**
 * The values and their errors: a field is checked once it was left and then as it changes;
 * submitting checks every field (normalised first) and lists the errors in the summary.
 * Every change is kept as the tab's draft, and a fresh form takes back the tab's draft.
 */
export function useFieldChecks(data: ContactPageData, locale: Locale) {
  const [values, setValues] = useState<ContactValues>(data.values)
  const [errors, setErrors] = useState<FormErrors>(data.errors)
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set(Object.keys(data.errors)))
  const [showSummary, setShowSummary] = useState(errorCount(data.errors) > 0)

  const checkNormalized = (normalized: ContactValues) => checkContact(normalized, locale, validateFields, data.today)
  const check = (next: ContactValues) => checkNormalized(normalizeContact(next, locale))
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
    const names = fieldsToRecheck(name, touched, errors)
    if (names.length) recheck(names, next)
  }

  const blur = (name: ContactField) => {
    if (!touched.has(name)) setTouched(new Set(touched).add(name))
    recheck([name], values)
  }

  /** Checks everything as submitted (values normalised) and shows the summary; true when nothing is wrong. */
  const checkAll = (): boolean => {
    const normalized = normalizeContact(values, locale)
    const found = checkNormalized(normalized)
    setValues(normalized)
    browser.saveDraft(normalized)
    setErrors(found)
    setTouched(new Set(CONTACT_FIELDS))
    setShowSummary(errorCount(found) > 0)
    return errorCount(found) === 0
  }

  /** The errors the server found in what was sent, listed in the summary. */
  const showErrors = (found: FormErrors) => {
    setErrors(found)
    setShowSummary(true)
  }

  // What the visitor typed before this code ran is kept, and the fields already left are checked; else a
  // fresh form takes back the draft of this tab (after a reload, or Back from another page).
  useEffect(() => {
    const typed = browser.fieldValues(CONTACT_FIELDS)
    const changed = CONTACT_FIELDS.filter((name) => typed[name] !== undefined && typed[name] !== values[name])
    if (changed.length) {
      const next = { ...values, ...Object.fromEntries(changed.map((name) => [name, typed[name]])) } as ContactValues
      setValues(next)
      browser.saveDraft(next)
      const left = changed.filter((name) => name !== browser.focusedField())
      if (left.length) {
        setTouched(new Set([...touched, ...left]))
        recheck(left, next)
      }
      return
    }
    if (data.step !== 'form' || data.notice || errorCount(data.errors) > 0 || !isBlank(data.values)) return
    const draft = browser.loadDraft()
    if (draft) setValues(normalizeContact(draft, locale)) // the English form drops the draft's furigana
  }, [])

  const listed = showSummary ? errorCount(errors) : 0
  return {
    values,
    errors,
    /** How many errors the summary lists (none while it is hidden). */
    listed,
    showSummary: listed > 0,
    change,
    blur,
    checkAll,
    showErrors,
    isValid: () => errorCount(check(values)) === 0,
  }
}
