import type { FastifyBaseLogger, FastifyRequest } from 'fastify'

/**
 * Whether a browser sent this request from another site. Sec-Fetch-Site decides when
 * present (only same-origin and none pass); otherwise Origin must name this site (SITE_URL
 * or the request's own host). Requests with neither (scripts, integrations) pass.
 */
export function isCrossSite(req: FastifyRequest, siteUrl: string): boolean {
  const fetchSite = req.headers['sec-fetch-site']
  if (typeof fetchSite === 'string') return fetchSite !== 'same-origin' && fetchSite !== 'none'
  const origin = req.headers.origin
  if (typeof origin !== 'string') return false
  if (siteUrl && origin === siteUrl) return false
  try {
    return new URL(origin).host !== new URL(`${req.protocol}://${req.host}`).host
  } catch {
    return true // 'null' (sandboxed or privacy-sensitive contexts) and garbage
  }
}

/** The media type of the request body, lower case without parameters ('' when none). */
export function mediaType(req: FastifyRequest): string {
  const header = req.headers['content-type']
  return typeof header === 'string' ? (header.split(';')[0] ?? '').trim().toLowerCase() : ''
}

/**
 * The logger of an inquiry's lines (stored, resent, dropped, refused, auto-reply withheld): the
 * request's (its reqId), with the client address `ip` (req.ip: the address of the connection, or
 * X-Forwarded-For's client when TRUST_PROXY names the proxy), so abuse can be traced to its source.
 */
export function inquiryLog(req: FastifyRequest): FastifyBaseLogger {
  return req.log.child({ ip: req.ip })
}
