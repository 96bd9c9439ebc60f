import type { FastifyRequest } from 'fastify'
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, type Locale } from '../../../shared/i18n/locales'
import { negotiateLocale } from '../../../shared/i18n/negotiate'
import { requestSearch } from '../../request-locale'

/**
 * The language of a staff answer: Japanese by default, another by the staff member's choice only:
 * the signed-in account's saved choice, else ?lang= (the language links before sign-in), else the
 * language they chose on the public site (its cookie). The browser's Accept-Language is not a choice,
 * except on a page opened by someone the staff area does not know yet (`browser`: the enrolment
 * link's), which then follows it as the public site does.
 * Signed in, ?lang= is a page's own parameter (the inbox's filter by the inquiry's language).
 */
export function staffLocale(req: FastifyRequest, accountLocale?: string, browser = false): Locale {
  if (isLocale(accountLocale)) return accountLocale
  const asked = new URLSearchParams(requestSearch(req)).get('lang')
  if (isLocale(asked)) return asked
  const cookie = req.cookies?.[LOCALE_COOKIE.name]
  return negotiateLocale({ cookie, acceptLanguage: browser ? req.headers['accept-language'] : undefined, fallback: DEFAULT_LOCALE }).locale
}
