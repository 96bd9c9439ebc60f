import createError from '@fastify/error'

/**
 * Every error the site raises on purpose, with its status: thrown from hooks and handlers and
 * answered by the one error handler (server/plugins/errors.ts), which logs it once and answers the
 * translated error page, or JSON for the API.
 */
export const CrossSiteRequest = createError('SITE_CROSS_SITE', 'cross-site request', 403)
export const NotJson = createError('SITE_NOT_JSON', 'not application/json', 415)
export const NotForm = createError('SITE_NOT_FORM', 'not a form', 415)
export const UnknownStep = createError('SITE_UNKNOWN_STEP', 'unknown step', 400)
export const RateLimited = createError('SITE_RATE_LIMITED', 'rate limited, retry in %s', 429)
export const MalformedUrl = createError('SITE_MALFORMED_URL', 'malformed URL', 400)
export const UrlTooLong = createError('SITE_URL_TOO_LONG', 'URL too long', 414)

/** The status an error answers with: its own when it is a client or server error status, else 500. */
export function errorStatus(err: { statusCode?: number | undefined }): number {
  const status = err.statusCode
  return status && status >= 400 && status < 600 ? status : 500
}

/** The inquiry database cannot be reached (PostgreSQL down or restarting): 503 with Retry-After. */
export const StoreUnavailable = createError('SITE_STORE_UNAVAILABLE', 'inquiry database unreachable: %s', 503)

/** Seconds a 503 asks the client to wait (Retry-After) when the error sets none of its own. */
export const UNAVAILABLE_RETRY_AFTER_S = 30
