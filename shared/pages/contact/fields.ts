/**
 * The contact form's fields and their rules, from the shared validation catalogue: the
 * browser checks them as the visitor types, the server builds its AJV schema from them.
 */
import { daysInMonth, DEFAULT_TIME_ZONE, parseDate, type FormFields, type Locale } from '../../validation'

export const INQUIRY_TYPES = ['estimate', 'new-construction', 'renovation', 'recruitment', 'other'] as const
export type InquiryType = (typeof INQUIRY_TYPES)[number]

export function isInquiryType(value: unknown): value is InquiryType {
  return typeof value === 'string' && (INQUIRY_TYPES as readonly string[]).includes(value)
}

/** The fields in form order (the error summary lists them in this order). */
export const CONTACT_FIELDS = ['name', 'nameKana', 'company', 'email', 'emailConfirm', 'phone', 'inquiryType', 'preferredDate', 'message', 'privacyConsent'] as const
export type ContactField = (typeof CONTACT_FIELDS)[number]
export type ContactTextField = Exclude<ContactField, 'privacyConsent'>

/**
 * Whether the form asks for the reading of the name in kana (nameKana): only in Japanese, whose names it
 * is about (the rule's one mention of the language outside shared/i18n/locales.ts).
 */
export const asksNameKana = (locale: Locale): boolean => locale === 'ja'

export const MAX_CHARS = { name: 100, nameKana: 100, company: 100, message: 2000 } as const

/** The same calendar day one year later ('2028-02-29' -> '2029-02-28'). */
export function oneYearAfter(day: string): string {
  const parsed = parseDate(day)
  if (!parsed) throw new TypeError(`not a date: ${day}`)
  const [y, m, d] = parsed
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${y + 1}-${pad(m)}-${pad(Math.min(d, daysInMonth(y + 1, m)))}`
}

/**
 * The furigana's character check, run on the value with its spaces taken out: the
 * catalogue's `katakana` rule allows no spaces, the form allows one between family and
 * given name. The catalogue's message ("Please enter full-width katakana only."), unless
 * the value holds a control or invisible character: that message tells the visitor more.
 */
export const KANA_LETTERS: FormFields = { nameKana: { rules: [{ id: 'noControlChars' }, { id: 'katakana' }] } }

const byDay = new Map<string, FormFields>()

/**
 * The form definition for a given 'today' (the site-visit date may be at most a year
 * ahead). One object per day, so compiled validators are reused.
 */
export function contactFields(today: string): FormFields {
  let fields = byDay.get(today)
  if (fields) return fields
  fields = {
    // Free text is shown to staff in mail and on a terminal (the inquiries CLI): no control
    // characters; line breaks and tabs only in the message, the one multi-line field.
    name: { rules: [{ id: 'required' }, { id: 'notBlank' }, { id: 'noControlChars' }, { id: 'maxChars', params: [MAX_CHARS.name] }] },
    // The katakana rule runs in checkContact, on the furigana without its spaces ('ヤマダ　タロウ').
    nameKana: { rules: [{ id: 'noControlChars' }, { id: 'maxChars', params: [MAX_CHARS.nameKana] }] },
    company: { rules: [{ id: 'noControlChars' }, { id: 'maxChars', params: [MAX_CHARS.company] }] },
    email: { rules: [{ id: 'required' }, { id: 'email' }] },
    emailConfirm: { rules: [{ id: 'required' }, { id: 'sameAs', params: [{ $field: 'email' }] }] },
    phone: { rules: [{ id: 'phone' }] },
    inquiryType: { rules: [{ id: 'required', params: ['select'] }] },
    preferredDate: { rules: [{ id: 'dateNotBeforeToday', params: [DEFAULT_TIME_ZONE, today] }, { id: 'dateMax', params: [oneYearAfter(today)] }] },
    message: { rules: [{ id: 'required' }, { id: 'notBlank' }, { id: 'noControlChars', params: ['multiLine'] }, { id: 'maxChars', params: [MAX_CHARS.message] }] },
    privacyConsent: { rules: [{ id: 'mustBeTrue' }] },
  }
  if (byDay.size > 4) byDay.clear()
  byDay.set(today, fields)
  return fields
}
