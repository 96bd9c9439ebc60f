import type { Server, ServerOptions } from 'node:http'
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from './config'

type Limits = Pick<Config, 'headersTimeoutMs' | 'requestTimeoutMs' | 'maxConnections'>

/**
 * Node's HTTP server options that cut slow clients: a request whose headers have not all arrived within
 * HEADERS_TIMEOUT_MS, or that is not wholly received (headers and body) within REQUEST_TIMEOUT_MS, is answered
 * 408 (server/client-error.ts) and its connection closed. Time spent answering is not counted: the clock stops
 * once the request is in. Node looks for such requests every `connectionsCheckingInterval` (30 s by default,
 * which would let a 30 s limit run to a minute): here a tenth of the shorter timeout, at most a second.
 */
export function httpServerOptions(limits: Limits): ServerOptions {
  const shortest = Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs)
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    connectionsCheckingInterval: Math.min(1000, Math.max(20, Math.floor(shortest / 10))),
  }
}

/** Connections refused over the cap are warned about at most this often (with how many since the last warning). */
export const DROP_WARNING_INTERVAL_MS = 60_000

/**
 * At most MAX_CONNECTIONS connections open at once (slow or idle ones included): Node closes any further one as
 * soon as it is accepted, before anything is read. A warning names the cap when that happens, at most once a minute.
 */
export function capConnections(server: Server, limits: Limits, log: FastifyBaseLogger, now: () => number = Date.now): void {
  server.maxConnections = limits.maxConnections
  let dropped = 0
  let warnedAt = -Infinity
  server.on('drop', () => {
    dropped++
    if (now() - warnedAt < DROP_WARNING_INTERVAL_MS) return
    warnedAt = now()
    log.warn({ maxConnections: limits.maxConnections, dropped }, 'connections refused: MAX_CONNECTIONS are open')
    dropped = 0
  })
}
