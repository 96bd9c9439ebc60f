import { connectSharedRedis, type RedisLog } from '../redis-client'
import { createMemoryThrottle, THROTTLE, type Throttle } from './throttle'

/**
 * The sign-in throttle (throttle.ts) for the staff plugin: REDIS_URL empty, counted in this process; set,
 * counted in Redis (a hash per key: count, last; expiring 15 minutes after the last failure), so every
 * replica sees the same failures. While Redis is unreachable each replica counts on its own in memory
 * (never unthrottled, never an error), warns once per outage and says when Redis is back, as the
 * contact rate limit does (server/contact/rate-limit.ts), on the same connection code (server/redis-client.ts).
 * Each replica also keeps in memory a copy of the attempts Redis allowed it: an attempt whose answer
 * comes too late (a replica busy with a burst of guesses: the command times out) is decided on what
 * this replica has counted, not on an empty count, so a burst never gets more checks on one replica.
 */

// One attempt on every key (KEYS), atomically: the decision of throttle.ts (decide, waitFor) and, when it
// allows, one more failure on each (afterFailure). ARGV: now, then THROTTLE's windowMs, free, baseDelayMs,
// maxDelayMs. Returns how long to wait (0: allowed and counted). The shared cases hold both to the same results.
const ATTEMPT = `
local now, window, free, base, cap = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
local counts, lasts, wait = {}, {}, 0
for i, key in ipairs(KEYS) do
  local r = redis.call('HMGET', key, 'count', 'last')
  local count, last = tonumber(r[1]) or 0, tonumber(r[2]) or 0
  if now - last > window then count = 0 end
  counts[i], lasts[i] = count, last
  if count >= free then wait = math.max(wait, last + math.min(base * 2 ^ (count - free), cap) - now) end
end
if wait > 0 then return wait end
for i, key in ipairs(KEYS) do
  redis.call('HSET', key, 'count', tostring(counts[i] + 1), 'last', string.format('%.0f', math.max(now, lasts[i])))
  redis.call('PEXPIRE', key, window)
end
return 0`

// After a success, atomically: the first ARGV[1] keys forgotten, one attempt given back on the others.
const SUCCEED = `
for i, key in ipairs(KEYS) do
  local count = tonumber(redis.call('HGET', key, 'count')) or 0
  if i <= tonumber(ARGV[1]) or count <= 1 then redis.call('DEL', key)
  else redis.call('HSET', key, 'count', tostring(count - 1)) end
end`

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
    attempt: (keys, nowMs) =>
      either(
        async () => {
          const { windowMs, free, baseDelayMs, maxDelayMs } = THROTTLE
          const wait = Number(await redis.eval(ATTEMPT, keys.length, ...keys.map(name), Math.floor(nowMs), windowMs, free, baseDelayMs, maxDelayMs))
          if (wait === 0) local.count(keys, nowMs)
          return { allowed: wait === 0, retryAfterMs: wait }
        },
        () => local.attempt(keys, nowMs),
      ),
    succeed: async (clear, release) => {
      // Both: a success during an outage must not leave the Redis count, nor the local one.
      await local.succeed(clear, release)
      const keys = [...clear, ...release]
      if (keys.length) await either(async () => void (await redis.eval(SUCCEED, keys.length, ...keys.map(name), clear.length)), async () => {})
    },
    ready,
    close: () => close(() => local.close()),
    mode: 'redis',
  }
}
