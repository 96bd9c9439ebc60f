import { STATUS_CODES } from 'node:http'
import fp from 'fastify-plugin'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { catalog } from '../i18n/catalog'
import { lookupMessage } from '../../shared/i18n/messages'
import { answerLocale, requestPath } from '../request-locale'
import { errorStatus, UNAVAILABLE_RETRY_AFTER_S } from '../errors'

/** A route's own answer to an error (the contact API's JSON, the form shown again); undefined: the usual one. */
export type ErrorAnswer = (status: number, req: FastifyRequest, reply: FastifyReply) => FastifyReply | Promise<FastifyReply> | undefined

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answers this route's errors itself, after the one handler has logged them. */
    errorAnswer?: ErrorAnswer
    /** What the log line calls a refused or failed request of this route ('inquiry'). */
    errorSubject?: string
  }
}

/**
 * Error answers are the translated HTML error page, whatever the method, except for the JSON API
 * ('/api/…') and requests that ask for JSON and not for HTML (the client's payload and message loads).
 */
export function wantsPage(req: FastifyRequest): boolean {
  const path = requestPath(req)
  if (path === '/api' || path.startsWith('/api/')) return false
  const accept = req.headers.accept ?? ''
  return !(accept.includes('application/json') && !accept.includes('text/html'))
}

/** A JSON error body with a message in the request's language. */
export function jsonError(req: FastifyRequest, reply: FastifyReply, statusCode: number): FastifyReply {
  const locale = answerLocale(req)
  const message = lookupMessage(catalog[locale], `titles.errors.${statusCode}.title`) ?? STATUS_CODES[statusCode] ?? 'Error'
  return reply.code(statusCode).type('application/json; charset=utf-8').send({ statusCode, message })
}

/**
 * The one error handler and the one not-found handler. An error is logged once (5xx with its stack
 * as an error, 4xx as one info line with the reason), then answered by its route's own errorAnswer if
 * it has one, else by the error page in the path's language (no-store), or JSON for the API.
 */
export default fp(
  async (app) => {
    app.setErrorHandler(async (err: FastifyError, req, reply) => {
      const status = errorStatus(err)
      const subject = req.routeOptions.config?.errorSubject ?? 'request'
      // An unreachable database is warned about once per outage (contact/availability.ts), not per request.
      const expected = err.code === 'SITE_STORE_UNAVAILABLE'
      if (status >= 500 && !expected) req.log.error({ err }, `${subject} failed`)
      else req.log.info({ reason: err.message, statusCode: status }, `${subject} ${subject === 'request' ? 'rejected' : 'refused'}`)
      if (reply.sent) return
      if (status === 503 && !reply.hasHeader('retry-after')) reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S))
      const own = await req.routeOptions.config?.errorAnswer?.(status, req, reply)
      if (own) return own
      if (!wantsPage(req)) return jsonError(req, reply, status)
      return reply.header('cache-control', 'no-store').renderPage(requestPath(req), { statusCode: status, statusMessage: STATUS_CODES[status] ?? 'Error' })
    })

    // Only methods other than GET and HEAD get here (the page route takes every GET): not found for them.
    app.setNotFoundHandler(async (req, reply) => {
      const path = requestPath(req)
      if (!wantsPage(req)) return jsonError(req, reply, 404)
      return reply.header('cache-control', 'no-store').renderPage(path, { statusCode: 404, statusMessage: `Page not found: ${path}` })
    })
  },
  // Registered before the routes (they keep the handler set when they are added); renderPage comes later.
  { name: 'errors' },
)
