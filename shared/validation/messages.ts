import { createTranslator, type Translate } from '../i18n/messages'
import type { Locale, MessageRef, MessageValues } from './types'
// Only the `units` group is needed: every validation, confirmation and form message lives there.
import { UNITS } from './units-data'
const translators = new Map<Locale, Translate>()

export function isValidationLocale(value: unknown): value is Locale {
  return value === 'ja' || value === 'en'
}

function translator(locale: Locale): Translate {
  if (!isValidationLocale(locale)) throw new TypeError(`unsupported locale ${String(locale)}`)
  let t = translators.get(locale)
  if (!t) {
    t = createTranslator(locale, { units: UNITS[locale], titles: {} }, { fallbackMessages: { units: UNITS.ja, titles: {} } })
    translators.set(locale, t)
  }
  return t
}

/** Formats a message id ('units.validation.required.input') with ICU values in `locale`. */
export function formatMessage(locale: Locale, key: string, values?: MessageValues): string {
  return translator(locale)(key, values)
}

export function renderMessage(ref: MessageRef, locale: Locale): string {
  return formatMessage(locale, ref.key, ref.values)
}

/** Message ids of the form and confirmation messages (spec section 8). */
export const confirmKeys = ['save', 'delete', 'complete', 'cancel', 'accept', 'consent', 'decline'].map((k) => `units.confirm.${k}`)
export const formKeys = {
  required: 'units.form.required',
  optional: 'units.form.optional',
  unchangeable: 'units.form.unchangeable',
  readonly: 'units.form.readonly',
  errorSummary: 'units.form.errorSummary',
  numberOnly: 'units.form.numberOnly',
  dateOnly: 'units.form.dateOnly',
  timeOnly: 'units.form.timeOnly',
  invalid: 'units.form.invalid',
} as const
