import { formatMessage, formKeys, parseDate, type FormErrors, type FormFields, type Locale } from '../../validation'
import { asksNameKana, CONTACT_FIELDS, contactFields, isInquiryType, KANA_LETTERS } from './fields'
import type { ContactValues } from './values'

/** validateFields (browser) or validateForm from ../validation/ajv (server): same input, same answer. */
export type FormRunner = (fields: FormFields, input: unknown, locale: Locale) => FormErrors

/**
 * The messages of an inquiry's invalid fields, in form order ({} when it may be sent).
 * Two checks the catalogue has no rule for use the catalogue's own messages: a type
 * outside the list reads as "Please select a value.", a date that is not a date as "Date Only.".
 * The furigana must be katakana with spaces allowed between the words (its `katakana` check
 * runs without the spaces, before its length check) and is checked on the Japanese form
 * only: `nameKana` is never reported for another locale (that form has no such field).
 */
export function checkContact(values: ContactValues, locale: Locale, run: FormRunner, today: string): FormErrors {
  const found = run(contactFields(today), values, locale)
  if (values.nameKana !== '') {
    const kana = run(KANA_LETTERS, { nameKana: values.nameKana.replace(/\s+/g, '') }, locale).nameKana
    if (kana !== undefined) found.nameKana = kana
  }
  if (!asksNameKana(locale)) delete found.nameKana
  if (values.inquiryType !== '' && !isInquiryType(values.inquiryType)) found.inquiryType = formatMessage(locale, 'units.validation.required.select')
  if (values.preferredDate !== '' && !parseDate(values.preferredDate)) found.preferredDate = formatMessage(locale, formKeys.dateOnly)
  const ordered: FormErrors = {}
  for (const name of CONTACT_FIELDS) if (found[name] !== undefined) ordered[name] = found[name]
  return ordered
}
