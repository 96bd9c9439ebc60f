import { isIP } from 'node:net'
import type { FastifyRequest } from 'fastify'
import type { Config } from './config'
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

/**
 * Public origin for absolute URLs (canonical, hreflang, sitemaps, feeds, JSON-LD): SITE_URL when set.
 * Without it, development and tests take the request's (proxy headers only when trusted); production
 * never does, since a Host header is the visitor's to choose and pages are cached by shared caches
 * that may not key on it. Production without SITE_URL only listens on loopback (config.ts refuses
 * otherwise) and names the address it was reached on.
 */
export function publicOrigin(req: FastifyRequest, config: Pick<Config, 'siteUrl' | 'nodeEnv'>): string {
  if (config.siteUrl) return config.siteUrl
  if (config.nodeEnv !== 'production') return `${req.protocol}://${req.host}`
  const address = (req.socket.localAddress ?? '127.0.0.1').replace(/^::ffff:/, '')
  return `http://${isIP(address) === 6 ? `[${address}]` : address}:${req.socket.localPort ?? 80}`
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
