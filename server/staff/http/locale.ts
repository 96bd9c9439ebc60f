import type { FastifyRequest } from 'fastify'
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, type Locale } from '../../../shared/i18n/locales'
import { requestSearch } from '../../request-locale'

/**
 * The language of a staff answer: Japanese by default, another by the staff member's choice only:
 * ?lang= (the language links before sign-in), else the signed-in account's saved choice, else the
 * language they chose on the public site (its cookie). The browser's Accept-Language is not a choice.
 */
export function staffLocale(req: FastifyRequest, accountLocale?: string): Locale {
  const asked = new URLSearchParams(requestSearch(req)).get('lang')
  if (isLocale(asked)) return asked
  if (isLocale(accountLocale)) return accountLocale
  const cookie = req.cookies?.[LOCALE_COOKIE.name]
  return isLocale(cookie) ? cookie : DEFAULT_LOCALE
}
