import { createRequire } from 'node:module'
import type { RateLimitPluginOptions } from '@fastify/rate-limit'
import type { FastifyBaseLogger } from 'fastify'
import type { Redis } from 'ioredis'
import { connectSharedRedis } from '../redis-client'

type Count = { current: number; ttl: number }
type CountCallback = (err: Error | null, res?: Count) => void

/** What @fastify/rate-limit asks of a store (index.js: incr, read for `{ increment: false }`, child per limiter). */
interface PluginStore {
  incr(key: string, cb: CountCallback, timeWindow: number, max: number): void
  read(key: string, cb: CountCallback, timeWindow: number, max: number): void
  child(routeOptions: object): PluginStore
}

// The plugin's own stores (CommonJS without types; the package has no "exports" map, so the paths resolve).
const requireCjs = createRequire(import.meta.url)
const LocalStore: new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => PluginStore =
  requireCjs('@fastify/rate-limit/store/LocalStore.js')
const RedisStore: new (continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key?: string) => PluginStore =
  requireCjs('@fastify/rate-limit/store/RedisStore.js')

/** The plugin's settings a store is constructed with (index.js: `new Store(globalParams)`). */
interface StoreParams {
  continueExceeding?: boolean
  exponentialBackoff?: boolean
  cache?: number
}

/** What the plugin hands `child()`: a limiter's merged settings (index.js mergeParams), with its route if it has one. */
interface LimiterParams extends StoreParams {
  groupId?: string
  routeInfo?: { method?: string; url?: string }
}

export interface RateLimitStore {
  /** Spread into the options of `register(rateLimit, …)`: nothing (memory) or the store. */
  options: Partial<RateLimitPluginOptions>
  /** Resolves once the first connection to Redis is made or has failed, never rejects (onReady: the first POSTs count in Redis). */
  ready(): Promise<void>
  /** Closes the Redis connection (onClose). */
  close(): Promise<void>
  mode: 'redis' | 'memory'
}

/**
 * Where the contact rate limit counts. REDIS_URL empty: in this process. Set: in Redis, so the
 * budget is per client across all replicas; while Redis is unreachable each replica counts on its
 * own with the same max and window (never unlimited, never an error), warns once per outage and
 * says when Redis is back. The counting itself is the plugin's (its RedisStore and LocalStore).
 */
export function createRateLimitStore({ redisUrl, log, nameSpace = 'site-rl:' }: { redisUrl: string; log: FastifyBaseLogger; nameSpace?: string }): RateLimitStore {
  if (!redisUrl) return { options: {}, ready: async () => {}, close: async () => {}, mode: 'memory' }

  const { redis, down, up, ready, close } = connectSharedRedis({ redisUrl, log, what: 'rate limit' })

  /** The plugin's RedisStore, and its LocalStore whenever Redis does not answer. */
  class FallbackStore implements PluginStore {
    private readonly shared: PluginStore
    private readonly local: PluginStore
    constructor(params: StoreParams, stores?: [PluginStore, PluginStore]) {
      const { continueExceeding = false, exponentialBackoff = false, cache } = params
      ;[this.shared, this.local] = stores ?? [
        new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace),
        new LocalStore(continueExceeding, exponentialBackoff, cache),
      ]
    }
    incr(key: string, cb: CountCallback, timeWindow: number, max: number) {
      this.count('incr', key, cb, timeWindow, max)
    }
    read(key: string, cb: CountCallback, timeWindow: number, max: number) {
      this.count('read', key, cb, timeWindow, max)
    }
    /**
     * A limiter's own store. The plugin's RedisStore.child keys it by the route's method and URL, which a
     * limiter made with `rateLimit({ … })` (the contact budget, shared by several routes) does not have: its
     * keys were `site-rl:undefinedundefined-<ip>`. Here the key names what it counts: the limiter's groupId
     * (`site-rl:contact:<ip>`), or for a route's own limit its method and URL (`site-rl:POST/x:<ip>`).
     */
    child(routeOptions: object): FallbackStore {
      const { groupId, routeInfo, continueExceeding = false, exponentialBackoff = false } = routeOptions as LimiterParams
      const name = groupId ?? (routeInfo?.method && routeInfo.url ? `${routeInfo.method}${routeInfo.url}` : undefined)
      if (!name) throw new Error('rate limit: a limiter needs a groupId (it names the limit\'s keys in Redis)')
      return new FallbackStore({}, [new RedisStore(continueExceeding, exponentialBackoff, redis, `${nameSpace}${name}:`), this.local.child(routeOptions)])
    }
    private count(method: 'incr' | 'read', key: string, cb: CountCallback, timeWindow: number, max: number) {
      // Not connected (the 'close'/'error' events have warned): straight to memory, no waiting.
      if (redis.status !== 'ready') return this.local[method](key, cb, timeWindow, max)
      this.shared[method](
        key,
        (err, res) => {
          if (err) {
            down(err)
            return this.local[method](key, cb, timeWindow, max)
          }
          up() // a hung server that answers again never leaves 'ready'
          cb(null, res)
        },
        timeWindow,
        max,
      )
    }
  }

  return {
    options: { store: FallbackStore },
    ready,
    close: () => close(),
    mode: 'redis',
  }
}
