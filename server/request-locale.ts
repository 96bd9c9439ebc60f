import type { FastifyRequest } from 'fastify'
import { DEFAULT_LOCALE, type Locale } from '../shared/i18n/locales'
import { localeFromAcceptLanguage, splitLocalePath } from '../shared/i18n/negotiate'

/** The request's path without its query string, exactly as sent. */
export function requestPath(req: FastifyRequest): string {
  const q = req.url.indexOf('?')
  return q === -1 ? req.url : req.url.slice(0, q)
}

/** The request's query string without the '?'. */
export function requestSearch(req: FastifyRequest): string {
  const q = req.url.indexOf('?')
  return q === -1 ? '' : req.url.slice(q + 1)
}

/** Public origin for absolute URLs: SITE_URL, else the request's (proxy headers only when trusted). */
export function publicOrigin(req: FastifyRequest, siteUrl: string): string {
  return siteUrl || `${req.protocol}://${req.host}`
}

/**
 * The language of a non-page answer (JSON errors): the path prefix when it has one,
 * else the browser's language list, else Japanese.
 */
export function answerLocale(req: FastifyRequest): Locale {
  const path = requestPath(req)
  const split = splitLocalePath(path)
  if (split.prefix) return split.locale
  return localeFromAcceptLanguage(req.headers['accept-language']) ?? DEFAULT_LOCALE
}
