import type { FastifyRequest } from 'fastify'
import { isLocale, LOCALE_COOKIE, type Locale } from '../../../shared/i18n/locales'
import { negotiateLocale } from '../../../shared/i18n/negotiate'
import { requestSearch } from '../../request-locale'

/**
 * The language of a staff answer: ?lang= (the language links before sign-in), else the signed-in
 * account's choice, else as the public root negotiates (the language cookie, Accept-Language),
 * else Japanese.
 */
export function staffLocale(req: FastifyRequest, accountLocale?: string): Locale {
  const asked = new URLSearchParams(requestSearch(req)).get('lang')
  if (isLocale(asked)) return asked
  if (isLocale(accountLocale)) return accountLocale
  return negotiateLocale({ cookie: req.cookies?.[LOCALE_COOKIE.name], acceptLanguage: req.headers['accept-language'] }).locale
}
