import { CONTACT_FIELDS } from './fields'
import type { ContactValues } from './values'
import { normalizeContact } from './normalize'
import type { Locale } from '../../i18n/locales'

export interface PostedForm {
  values: ContactValues
  token: string
  website: string
  step: string
}

/**
 * A form POST (application/x-www-form-urlencoded, parsed by @fastify/formbody) as the
 * contact flow reads it: the first value of each known field, normalised as in the browser
 * for the form's `locale`; the checkbox counts as ticked when it was sent at all (browsers send 'on').
 */
export function readFormBody(body: unknown, locale: Locale): PostedForm {
  const source = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {}
  const first = (name: string): string => {
    if (!Object.prototype.hasOwnProperty.call(source, name)) return ''
    const value = source[name]
    const one = Array.isArray(value) ? value[0] : value
    return typeof one === 'string' ? one : ''
  }
  const raw: Record<string, unknown> = {}
  for (const name of CONTACT_FIELDS) raw[name] = name === 'privacyConsent' ? first(name) !== '' : first(name)
  return { values: normalizeContact(raw, locale), token: first('_token'), website: first('website'), step: first('step') }
}
