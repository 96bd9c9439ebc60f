import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { stdSerializers, type LoggerOptions } from 'pino'
import { loggedUrl, redactText } from '../logged-url'

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

/** A log call's argument with each staff URL in it in its logged form: a text, or the strings of an object's own fields. */
function redacted(arg: unknown): unknown {
  if (typeof arg === 'string') return redactText(arg)
  if (!arg || typeof arg !== 'object' || arg instanceof Error || Array.isArray(arg)) return arg
  const entries = Object.entries(arg)
  if (!entries.some(([, value]) => typeof value === 'string' && value !== redactText(value))) return arg
  return Object.fromEntries(entries.map(([key, value]) => [key, typeof value === 'string' ? redactText(value) : value]))
}

/**
 * What keeps secrets out of every line, Fastify's own included (server/logged-url.ts): a request logged as
 * `{ req }` shows its logged URL; an error's message and stack, every message and every text field of a
 * line quote staff URLs in their logged form (no enrolment token, no signed link, no search).
 */
export const LOG_SAFETY: Pick<LoggerOptions, 'serializers' | 'hooks'> = {
  serializers: {
    req: (req: FastifyRequest) => ({ method: req.method, url: loggedUrl(req.url), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort }),
    err: (err: Error) => {
      const out = stdSerializers.err(err)
      return { ...out, message: redactText(out.message), ...(out.stack ? { stack: redactText(out.stack) } : {}) }
    },
  },
  hooks: {
    logMethod(args, method) {
      return method.apply(this, args.map(redacted) as Parameters<typeof method>)
    },
  },
}

/**
 * One JSON line per request (method, URL in its logged form, route, status, duration, client address, request id); the id is echoed.
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
          url: loggedUrl(req.url),
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
