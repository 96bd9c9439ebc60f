import type { IncomingMessage } from 'node:http'
import fp from 'fastify-plugin'
import { LOCALE_CODES } from '../../shared/i18n/locales'
import { MAX_URL_LENGTH, pathSpelling, sameSiteTarget, type PathSpelling } from '../../shared/url-policy'
import { MalformedUrl, UrlTooLong } from '../errors'

/** Set on a raw request whose URL the site refuses before routing: the status it answers. */
const REFUSED = Symbol('refused-url')
/** The spelling verdict of the URL, worked out once before routing and read again by the hook. */
const SPELLING = Symbol('path-spelling')
type RefusedRequest = IncomingMessage & { [REFUSED]?: 400 | 414; [SPELLING]?: PathSpelling }

/** Where a refused URL's error is rendered: '/en' under the English prefix, '/api/' for the API (JSON), else '/'. */
function errorRoot(url: string): string {
  if (url.startsWith('/api/')) return '/api/'
  for (const code of LOCALE_CODES) if (url === `/${code}` || url.startsWith(`/${code}/`) || url.startsWith(`/${code}?`)) return `/${code}`
  return '/'
}

/**
 * Fastify's rewriteUrl, run before routing: a URL longer than MAX_URL_LENGTH (414) or with
 * percent-encoding that does not decode (400) is marked and routed to its language's root, so that the
 * router never sees it and the answer is the site's own error page, in the path's language (the
 * router's own answer would be JSON).
 */
export function refuseBadUrls(req: IncomingMessage): string {
  const url = req.url ?? '/'
  const spelling = url.length > MAX_URL_LENGTH ? null : pathSpelling(url)
  const status = spelling === null ? 414 : spelling.kind === 'malformed' ? 400 : null
  if (status === null) {
    ;(req as RefusedRequest)[SPELLING] = spelling!
    return url
  }
  ;(req as RefusedRequest)[REFUSED] = status
  return errorRoot(url.slice(0, 16))
}

/**
 * One spelling per page. A refused URL answers its error; another spelling of a same-site path is
 * redirected to the normal one: 308 when only a trailing slash differs (any method, the root '/'
 * keeps its slash), 301 for GET and HEAD otherwise ('/%61bout', '/news/../about', '/en//about').
 * A path that could be read as another host ('/\evil.example/') is never redirected: it is not found.
 */
export default fp(
  async (app) => {
    app.addHook('onRequest', async (req, reply) => {
      const refused = (req.raw as RefusedRequest)[REFUSED]
      if (refused) throw refused === 414 ? new UrlTooLong() : new MalformedUrl()
      const spelling = (req.raw as RefusedRequest)[SPELLING] ?? pathSpelling(req.url)
      if (spelling.kind !== 'redirect') return
      if (!spelling.onlyTrailingSlash && req.method !== 'GET' && req.method !== 'HEAD') return
      return reply.header('cache-control', 'public, max-age=3600').redirect(spelling.location, spelling.onlyTrailingSlash ? 308 : 301)
    })
    // Every redirect the site makes passes the one rule on its way out, whichever route made it: a
    // Location that is not a same-site path is a bug, logged, and the visitor goes to the home page.
    app.addHook('onSend', async (req, reply, payload) => {
      const location = reply.getHeader('location')
      if (typeof location === 'string' && sameSiteTarget(location) === null) {
        req.log.error({ location: location.slice(0, 200) }, 'redirect off the site refused')
        reply.header('location', '/')
      }
      return payload
    })
  },
  { name: 'url-policy' },
)
