import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import fp from 'fastify-plugin'

/** An incoming X-Request-Id is kept when it is short and plain; anything else gets a fresh id (no log injection). */
export function requestId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id']
  return typeof incoming === 'string' && /^[A-Za-z0-9._:-]{1,128}$/.test(incoming) ? incoming : randomUUID()
}

/**
 * Paths pino replaces with [Redacted]: credentials, and the contact form's personal data. Request
 * bodies are never logged; code that logs an inquiry puts it under an `inquiry` key.
 */
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'body',
  'req.body',
  ...['name', 'nameKana', 'company', 'email', 'emailConfirm', 'phone', 'message'].map((field) => `inquiry.${field}`),
]

/**
 * One JSON line per request (method, URL, route, status, duration, client address, request id); the id is echoed.
 * `ip` is the client's address as Fastify's trustProxy sees it: the X-Forwarded-For hop set by a proxy named in
 * TRUST_PROXY, else the socket's peer. It is what traces abuse back to a client (docs/operations.md, Logs: how long it is kept).
 */
export default fp(
  async (app) => {
    app.addHook('onRequest', async (req, reply) => {
      reply.header('x-request-id', req.id)
    })
    app.addHook('onResponse', async (req, reply) => {
      // The error itself is logged once (with its stack) where it happened; this line only counts it.
      const level = reply.statusCode >= 500 ? 'warn' : 'info'
      req.log[level](
        {
          ip: req.ip,
          method: req.method,
          url: req.url.length > 512 ? req.url.slice(0, 512) + '…' : req.url,
          route: req.routeOptions.url ?? null,
          statusCode: reply.statusCode,
          durationMs: Math.round(reply.elapsedTime * 100) / 100,
        },
        'request',
      )
    })
  },
  { name: 'request-log' },
)
