import { Redis } from 'ioredis'

/** The logger calls a Redis-backed counter makes (pino's, or any with the same two methods). */
export interface RedisLog {
  warn(obj: object, msg: string): void
  info(msg: string): void
}

export interface SharedRedis {
  redis: Redis
  /** Redis failed (an event or a command): warns once per outage. */
  down(err: Error): void
  /** Redis answered: says once that it is back, after an outage. */
  up(): void
  /** Resolves once the first connection is made or has failed, never rejects. */
  ready(): Promise<void>
  /** No more warnings, then the connection closed (after `before`, if given). */
  close(before?: () => Promise<void>): Promise<void>
}

/**
 * A connection to Redis for counts shared by the replicas (the contact rate limit, the sign-in throttle):
 * it fails fast so the caller counts in memory instead, reconnects forever, and logs the outage once
 * (`<what>: Redis unreachable, counting per replica until it is back`) and the recovery once
 * (`<what>: Redis is back, counting across replicas again`).
 */
export function connectSharedRedis({ redisUrl, log, what }: { redisUrl: string; log: RedisLog; what: string }): SharedRedis {
  const redis = new Redis(redisUrl, {
    // Fail fast: no queue while disconnected, no resend after a drop, short timeouts; the caller then counts here.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2_000,
    commandTimeout: 500,
    // Reconnect forever, backing off to one attempt every 2 s (with jitter, so replicas do not reconnect in step).
    retryStrategy: (times) => Math.min(100 * 2 ** times, 2_000) + Math.floor(Math.random() * 200),
  })
  let outage = false
  let closing = false
  const down = (err: Error) => {
    if (outage || closing) return
    outage = true
    log.warn({ reason: err.message }, `${what}: Redis unreachable, counting per replica until it is back`)
  }
  const up = () => {
    if (!outage) return
    outage = false
    log.info(`${what}: Redis is back, counting across replicas again`)
  }
  // The 'error' listener is what keeps a failed (re)connect from crashing the process.
  redis.on('error', down)
  redis.on('close', () => down(new Error('connection closed')))
  redis.on('ready', up)
  const firstAttempt = new Promise<void>((settle) => {
    for (const event of ['ready', 'error', 'close']) redis.once(event, () => settle())
  })
  return {
    redis,
    down,
    up,
    ready: () => firstAttempt,
    close: async (before) => {
      closing = true
      await before?.()
      await redis.quit().catch(() => redis.disconnect())
    },
  }
}
