import { CONTACT_FIELDS } from '../../shared/pages/contact/fields'
import { isLocale, LOCALE_CODES, type Locale } from '../../shared/i18n/locales'

// No length cap here: a value's length is the form rules' business (422 with the field's
// message, e.g. a message over 2,000 characters); the 32 KiB body limit bounds the size.
const text = { type: ['string', 'null'] }

/**
 * The shape of a JSON inquiry, POST /api/contact's body schema (server/contact/routes-api.ts, checked by
 * Fastify with server/request-schemas.ts): the form's fields, `locale`, and the form's own `_token` and
 * `website`. Anything else, or a value of the wrong type, makes the request malformed (400); whether
 * the values are acceptable is the form rules' business (422).
 */
export const inquiryBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...Object.fromEntries(CONTACT_FIELDS.map((name) => [name, name === 'privacyConsent' ? { type: ['boolean', 'null'] } : text])),
    locale: { enum: LOCALE_CODES },
    _token: { type: ['string', 'null'], maxLength: 200 },
    website: text,
  },
}

/** The language the sender asked for, when the body says it. */
export function bodyLocale(body: unknown): Locale | null {
  const locale = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).locale : undefined
  return isLocale(locale) ? locale : null
}
