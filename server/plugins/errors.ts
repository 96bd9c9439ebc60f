import { STATUS_CODES } from 'node:http'
import fp from 'fastify-plugin'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { catalog } from '../i18n/catalog'
import { lookupMessage } from '../../shared/i18n/messages'
import { answerLocale, requestPath } from '../request-locale'
import { errorStatus, UNAVAILABLE_RETRY_AFTER_S } from '../errors'
import { refusedStatus } from '../client-error'

/**
 * A route's own answer to an error (the contact API's JSON, the form shown again), or undefined, returned at once
 * (not from a promise), for the usual one.
 */
export type ErrorAnswer = (status: number, req: FastifyRequest, reply: FastifyReply) => FastifyReply | Promise<FastifyReply> | undefined

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answers this route's errors itself, after the one handler has logged them. */
    errorAnswer?: ErrorAnswer
    /** What the log line calls a refused or failed request of this route ('inquiry'). */
    errorSubject?: string
  }
}

/** The JSON API ('/api', '/api/…'): its answers are JSON whatever the request accepts. */
export function isApiPath(req: FastifyRequest): boolean {
  const path = requestPath(req)
  return path === '/api' || path.startsWith('/api/')
}

/**
 * Whether an error answer is the translated HTML error page (whatever the method) rather than JSON: JSON for the
 * API ('/api/…') and for requests that ask for JSON and not for HTML. Outside the API the choice depends on
 * `Accept`, so such an answer says `Vary: Accept` (a shared cache must not hand one client's JSON to a browser).
 * Pages themselves (the page route, GET) are HTML whatever `Accept` says.
 */
export function wantsPage(req: FastifyRequest, reply: FastifyReply): boolean {
  if (isApiPath(req)) return false
  const vary = reply.getHeader('vary')
  if (!/\baccept\b(?!-)/i.test(String(vary ?? ''))) reply.header('vary', vary ? `${vary}, Accept` : 'Accept')
  const accept = req.headers.accept ?? ''
  return !(accept.includes('application/json') && !accept.includes('text/html'))
}

/** A JSON error body with a message in the request's language; never stored by any cache. */
export function jsonError(req: FastifyRequest, reply: FastifyReply, statusCode: number): FastifyReply {
  const locale = answerLocale(req)
  const message = lookupMessage(catalog[locale], `titles.errors.${statusCode}.title`) ?? STATUS_CODES[statusCode] ?? 'Error'
  return reply.code(statusCode).header('cache-control', 'no-store').type('application/json; charset=utf-8').send({ statusCode, message })
}

/**
 * The one error handler and the one not-found handler. An error is logged once (5xx with its stack
 * as an error, 4xx as one info line with the reason), then answered by its route's own errorAnswer if
 * it has one, else by the error page in the path's language (no-store), or JSON for the API.
 */
export default fp(
  async (app) => {
    app.setErrorHandler(async (err: FastifyError, req, reply) => {
      // A body that stopped arriving: Node has answered 408 and closes the connection (server/client-error.ts).
      const refused = refusedStatus(req.socket)
      const status = refused ?? errorStatus(err)
      const subject = req.routeOptions.config?.errorSubject ?? 'request'
      // An unreachable database is warned about once per outage (contact/availability.ts), not per request.
      const expected = err.code === 'SITE_STORE_UNAVAILABLE'
      if (status >= 500 && !expected) req.log.error({ err }, `${subject} failed`)
      else req.log.info({ reason: err.message, statusCode: status }, `${subject} ${subject === 'request' ? 'rejected' : 'refused'}`)
      if (reply.sent) return
      if (refused) return void reply.hijack()
      if (status === 503 && !reply.hasHeader('retry-after')) reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S))
      // Not awaited here: a reply is thenable, and awaiting one resolves to nothing once it is sent, which
      // would send a second answer below (FST_ERR_REP_ALREADY_SENT). Returned, Fastify waits for it.
      const own = req.routeOptions.config?.errorAnswer?.(status, req, reply)
      if (own) return own
      if (!wantsPage(req, reply)) return jsonError(req, reply, status)
      return reply.header('cache-control', 'no-store').renderPage(requestPath(req), { statusCode: status, statusMessage: STATUS_CODES[status] ?? 'Error' })
    })

    // Only methods other than GET and HEAD get here (the page route takes every GET): not found for them.
    app.setNotFoundHandler(async (req, reply) => {
      const path = requestPath(req)
      if (!wantsPage(req, reply)) return jsonError(req, reply, 404)
      return reply.header('cache-control', 'no-store').renderPage(path, { statusCode: 404, statusMessage: `Page not found: ${path}` })
    })
  },
  // Registered before the routes (they keep the handler set when they are added); renderPage comes later.
  { name: 'errors' },
)
