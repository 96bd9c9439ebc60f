import { connectSharedRedis, type RedisLog } from '../redis-client'
import { createMemoryThrottle, decide, THROTTLE, type FailureCount, type Throttle } from './throttle'

/**
 * The sign-in throttle (throttle.ts) for the staff plugin: REDIS_URL empty, counted in this process; set,
 * counted in Redis (a hash per key: count, last; expiring 15 minutes after the last failure), so every
 * replica sees the same failures. While Redis is unreachable each replica counts on its own in memory
 * (never unthrottled, never an error), warns once per outage and says when Redis is back, as the
 * contact rate limit does (server/contact/rate-limit.ts), on the same connection code (server/redis-client.ts).
 */

// One failure on one key, atomically: a count older than the window starts again at 1.
const FAIL = `
local r = redis.call('HMGET', KEYS[1], 'count', 'last')
local count = tonumber(r[1]) or 0
local last = tonumber(r[2]) or 0
local now = tonumber(ARGV[1])
if now - last > tonumber(ARGV[2]) then count = 0 end
if last > now then now = last end
redis.call('HSET', KEYS[1], 'count', tostring(count + 1), 'last', string.format('%.0f', now))
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return count + 1`

export function createThrottle({ redisUrl, log, nameSpace = 'staff-throttle:' }: { redisUrl: string; log: RedisLog; nameSpace?: string }): Throttle {
  const local = createMemoryThrottle()
  if (!redisUrl) return local

  const { redis, down, up, ready, close } = connectSharedRedis({ redisUrl, log, what: 'sign-in throttle' })

  /** Runs `shared` on Redis, or `fallback` in memory when it is not connected or does not answer. */
  async function either<T>(shared: () => Promise<T>, fallback: () => Promise<T>): Promise<T> {
    if (redis.status !== 'ready') return fallback()
    try {
      const result = await shared()
      up()
      return result
    } catch (err) {
      down(err as Error)
      return fallback()
    }
  }

  const name = (key: string) => `${nameSpace}${key}`
  return {
    check: (keys, nowMs) =>
      either(
        async () => {
          const pipeline = redis.pipeline()
          for (const key of keys) pipeline.hmget(name(key), 'count', 'last')
          const answers = (await pipeline.exec()) ?? []
          const records = answers.map(([err, value]): FailureCount | null => {
            if (err) throw err
            const [count, last] = value as [string | null, string | null]
            return count === null || last === null ? null : { count: Number(count), lastAt: Number(last) }
          })
          return decide(records, nowMs)
        },
        () => local.check(keys, nowMs),
      ),
    fail: (keys, nowMs) =>
      either(
        async () => {
          for (const key of keys) await redis.eval(FAIL, 1, name(key), String(Math.floor(nowMs)), String(THROTTLE.windowMs))
        },
        () => local.fail(keys, nowMs),
      ),
    succeed: async (keys) => {
      // Both: a success during an outage must not leave the Redis count, nor the local one.
      await local.succeed(keys)
      if (keys.length) await either(async () => void (await redis.del(...keys.map(name))), async () => {})
    },
    ready,
    close: () => close(() => local.close()),
    mode: 'redis',
  }
}
