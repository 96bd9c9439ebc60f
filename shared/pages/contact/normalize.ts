import type { Locale } from '../../i18n/locales'
import { asksNameKana, CONTACT_FIELDS } from './fields'
import { emptyContactValues, type ContactValues } from './values'

// Characters Japanese keyboards and IMEs produce in place of '-': hyphen, non-breaking
// hyphen, figure dash, en/em dash, horizontal bar, minus sign, katakana prolonged sound
// mark (ー, its half-width ｰ), small hyphen-minus.
const HYPHENS = /[\u2010-\u2015\u2212\u30FC\uFF70\uFE63]/g

/**
 * Full-width ASCII (digits, letters, '＠', '．', '－' ...) to half-width, the ideographic
 * space to a space and dash look-alikes to '-'.
 */
export function toHalfWidth(text: string): string {
  return text
    .replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/\u3000/g, ' ')
    .replace(HYPHENS, '-')
}

/** '2026/5/1' and '2026.05.01' (typed where no date picker exists) as '2026-05-01'. */
function isoDay(text: string): string {
  const m = /^(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})$/.exec(text)
  return m ? `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}` : text
}

const HALF_WIDTH_FIELDS = new Set(['email', 'emailConfirm', 'phone', 'preferredDate'])

/**
 * Furigana as typed between family and given name: 'ヤマダ タロウ', 'ヤマダ　タロウ' and
 * 'ヤマダ  タロウ' all become 'ヤマダ　タロウ' (one full-width space; the value is trimmed first).
 */
export function normalizeKanaSpaces(text: string): string {
  return text.replace(/\s+/g, '\u3000')
}

/**
 * The values to validate, store and show on the review step: strings ('' for anything
 * missing or not a string), single-line fields trimmed, line breaks as '\n', the e-mail,
 * phone and date fields in half-width characters, the spaces of the furigana as one
 * full-width space. The furigana is asked on the Japanese form only: for any other
 * `locale` it is '' whatever was sent (a draft of the Japanese form, an API client), so
 * it is never checked, shown or stored. Runs the same in the browser.
 */
export function normalizeContact(input: unknown, locale: Locale): ContactValues {
  const source = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>
  const own = (name: string) => (Object.prototype.hasOwnProperty.call(source, name) ? source[name] : undefined)
  const values = emptyContactValues()
  for (const name of CONTACT_FIELDS) {
    if (name === 'privacyConsent') continue
    if (name === 'nameKana' && !asksNameKana(locale)) continue
    const raw = own(name)
    if (typeof raw !== 'string') continue
    let text = raw.replace(/\r\n?/g, '\n')
    if (name !== 'message') text = text.trim()
    if (HALF_WIDTH_FIELDS.has(name)) text = toHalfWidth(text).trim()
    if (name === 'preferredDate') text = isoDay(text)
    if (name === 'nameKana') text = normalizeKanaSpaces(text)
    values[name] = text
  }
  values.privacyConsent = own('privacyConsent') === true
  return values
}
