import { createTranslator, type CompiledNode, type MessageNode, type Translate } from '../i18n/messages'
import { DEFAULT_LOCALE, localeInfo } from '../i18n/locales'
import type { Locale, MessageRef, MessageValues } from './types'
/**
 * The `units` message trees the catalogue formats with (every validation, confirmation and form
 * message lives there), given by whoever runs it: the server entry (./server) at import with the
 * locale files, the browser with the trees the page already loaded, so they are never bundled twice.
 */
const UNITS: Partial<Record<Locale, MessageNode | CompiledNode>> = {}
const provided = new Set<Locale>()
const translators = new Map<Locale, Translate>()

export function provideValidationMessages(locale: Locale, units: MessageNode | CompiledNode): void {
  UNITS[locale] = units
  provided.add(locale)
  translators.clear()
}

function translator(locale: Locale): Translate {
  localeInfo(locale) // a TypeError for an unsupported locale
  // A caller's import mistake, not a visitor's input: thrown, rather than message ids shown as text.
  if (!provided.has(locale)) {
    throw new Error(
      `validation messages for "${locale}" were not provided: on the server import shared/validation/server ` +
        `(it loads locales/*/units.json); in the browser call provideValidationMessages(locale, units) first`,
    )
  }
  let t = translators.get(locale)
  if (!t) {
    t = createTranslator(locale, { units: UNITS[locale] ?? {}, titles: {} }, { fallbackMessages: { units: UNITS[DEFAULT_LOCALE] ?? {}, titles: {} } })
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

/** Message ids of the form and confirmation messages (units.form.*, units.confirm.*). */
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
