import type { FastifyRequest } from 'fastify'
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, type Locale } from '../../../shared/i18n/locales'
import { requestSearch } from '../../request-locale'

/**
 * The language of a staff answer: Japanese by default, another by the staff member's choice only:
 * the signed-in account's saved choice, else ?lang= (the language links before sign-in), else the
 * language they chose on the public site (its cookie). The browser's Accept-Language is not a choice.
 * Signed in, ?lang= is a page's own parameter (the inbox's filter by the inquiry's language).
 */
export function staffLocale(req: FastifyRequest, accountLocale?: string): Locale {
  if (isLocale(accountLocale)) return accountLocale
  const asked = new URLSearchParams(requestSearch(req)).get('lang')
  if (isLocale(asked)) return asked
  const cookie = req.cookies?.[LOCALE_COOKIE.name]
  return isLocale(cookie) ? cookie : DEFAULT_LOCALE
}
