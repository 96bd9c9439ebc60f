/**
 * The written forms of content values (dates, months, image paths, phone numbers…), each with the
 * words a writer reads when a value does not fit. The content schemas name these formats instead of
 * regular expressions, so no problem line ever shows a pattern.
 */

import { getRule, parseDate } from '../../shared/validation'
import { passes } from '../../shared/validation/validate'
import { parsePublishDate } from './publication'

/** 'YYYY-MM' of a real month (01-12). */
export function isRealMonth(value: string): boolean {
  const m = /^(\d{4})-(\d{2})$/.exec(value)
  return !!m && Number(m[2]) >= 1 && Number(m[2]) <= 12
}

/** 'YYYY-MM-DD' of a day that exists: 2024-02-29 does, 2026-02-30 and 2026-04-31 do not. */
export function isRealDate(value: string): boolean {
  return parseDate(value) !== null
}

export interface ContentFormat {
  validate: (value: string) => boolean
  /** What the value must be, completing "<field>: …". */
  words: string
}

export const CONTENT_FORMATS = {
  date: { validate: isRealDate, words: 'must be a real date written YYYY-MM-DD' },
  // A news date: the day (00:00 in Japan), the day and time in Japan, or with its zone (server/content/publication.ts).
  'publish-date': { validate: (v) => parsePublishDate(v) !== null, words: 'must be a real date written YYYY-MM-DD, optionally with a time HH:MM' },
  month: { validate: isRealMonth, words: 'must be a real month written YYYY-MM' },
  image: {
    validate: (v) => /^images\/[A-Za-z0-9/_.-]+\.(svg|png|jpe?g|webp|avif)$/.test(v),
    words: 'must be a file in images/ (letters a-z and A-Z, 0-9, /, _, . and - only) ending in .svg, .png, .jpg, .jpeg, .webp or .avif',
  },
  'page-path': {
    validate: (v) => /^(\/[A-Za-z0-9_-]+)+$/.test(v),
    words: 'must be an address like /recruit or /company/history: /, then letters a-z and A-Z, 0-9, _ and -, parts separated by /',
  },
  'postal-code': { validate: (v) => /^\d{3}-?\d{4}$/.test(v), words: 'must be a postal code written 123-4567' },
  phone: { validate: (v) => /^[0-9+-]{6,20}$/.test(v), words: 'must be a phone number of 6 to 20 digits, + and - (like 03-5555-0123)' },
  'international-phone': { validate: (v) => /^\+[0-9-]{6,20}$/.test(v), words: 'must be + and the country code, then digits and - (like +81-3-5555-0123)' },
  email: { validate: (v) => /^[^@\s]+@[^@\s]+$/.test(v), words: 'must be an e-mail address (like info@example.co.jp)' },
  'https-url': { validate: (v) => /^https:\/\/\S+$/.test(v), words: 'must be a web address starting with https://' },
  // The validation catalogue's rules (the editor's fields check the same in the browser).
  'corporate-number': { validate: (v) => passes(getRule('corporateNumber'), v, []), words: 'must be a corporate number: 13 half-width digits (like 1234567890123)' },
  'invoice-number': { validate: (v) => passes(getRule('invoiceNumber'), v, []), words: "must be an invoice registration number: upper-case 'T' and 13 half-width digits (like T1234567890123)" },
  account: { validate: (v) => /^[A-Za-z0-9._-]+$/.test(v), words: 'must be an account id using only a-z, A-Z, 0-9, ., _ and -' },
} satisfies Record<string, ContentFormat>

export type ContentFormatName = keyof typeof CONTENT_FORMATS
