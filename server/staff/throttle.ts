import { isIPv4, isIPv6 } from 'node:net'
import { sha256Hex } from './tokens'

/**
 * Failed sign-ins slow guessing down, never lock anyone out: per key (an account, an address), the first
 * THROTTLE.free failures cost nothing; after that each attempt must wait a delay that doubles with every
 * further failure (1 s, 2 s, 4 s … at most 5 minutes) counted from the last failure. The count is
 * forgotten THROTTLE.windowMs after the last failure, and a success clears the keys the caller names
 * (the account's, not the address's). An attacker can make a victim wait at most 5 minutes between
 * password attempts, and a passkey sign-in (nothing to guess) is not throttled by the account at all.
 *
 * An attempt is counted before its password, code or passkey is checked, in the same atomic step as
 * the decision (`attempt`): attempts sent at once cannot all pass one look at the count while the
 * first is still being hashed, so a burst gets no more checks than attempts one after another. The
 * count stands as the failure; a success gives it back (`succeed`).
 * In memory here; throttle-redis.ts counts in Redis so replicas share the counts. Clock: the caller's.
 */

export const THROTTLE = Object.freeze({ free: 5, windowMs: 15 * 60_000, baseDelayMs: 1_000, maxDelayMs: 5 * 60_000 })

export interface ThrottleDecision {
  allowed: boolean
  /** How long until the next attempt is allowed (0 when allowed): for Retry-After and the page. */
  retryAfterMs: number
}

export interface Throttle {
  /**
   * Before checking a password, a code or a passkey: whether every key may try now and, if so, one more
   * failure counted on every key, atomically with the decision (a failed attempt needs nothing more).
   * Refused: nothing counted.
   */
  attempt(keys: string[], nowMs: number): Promise<ThrottleDecision>
  /**
   * After a success: forgets the keys of `clear` (the account's) and gives back the attempt counted on
   * those of `release` (the address's: a success there is no failure, and never clears its count; the
   * time of the last attempt stays, so a wait the address already owes runs from this one).
   */
  succeed(clear: string[], release: string[]): Promise<void>
  ready(): Promise<void>
  close(): Promise<void>
  mode: 'memory' | 'redis'
}

/** One key's record: failures in a row and the time of the last one. */
export interface FailureCount {
  count: number
  lastAt: number
}

/** How long a key must still wait at `nowMs`: 0 while under the free failures or once forgotten. */
export function waitFor(record: FailureCount | null, nowMs: number): number {
  if (!record || nowMs - record.lastAt > THROTTLE.windowMs || record.count < THROTTLE.free) return 0
  const delay = Math.min(THROTTLE.baseDelayMs * 2 ** (record.count - THROTTLE.free), THROTTLE.maxDelayMs)
  return Math.max(0, record.lastAt + delay - nowMs)
}

/** The decision for several keys: the longest wait wins. */
export function decide(records: (FailureCount | null)[], nowMs: number): ThrottleDecision {
  const retryAfterMs = Math.max(0, ...records.map((r) => waitFor(r, nowMs)))
  return { allowed: retryAfterMs === 0, retryAfterMs }
}

/** The record after one more failure at `nowMs` (a forgotten count starts again at 1). */
export function afterFailure(record: FailureCount | null, nowMs: number): FailureCount {
  const fresh = !record || nowMs - record.lastAt > THROTTLE.windowMs
  return { count: fresh ? 1 : record.count + 1, lastAt: Math.max(nowMs, record?.lastAt ?? 0) }
}

/**
 * The address part of a key: IPv4 as is (also when IPv4-mapped), IPv6 by its /64 (one subscriber's
 * network: an attacker has a whole /64, as many addresses as they like inside it).
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!
  if (isIPv4(address) || !isIPv6(address)) return address
  const [head = '', tail = ''] = address.split('::')
  const left = head ? head.split(':') : []
  const right = address.includes('::') ? (tail ? tail.split(':') : []) : []
  const groups = [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '').toLowerCase()).join(':')}::/64`
}

/** The keys of a password sign-in: the account (the address typed, hashed: no personal data in Redis) and the client's address. */
export function signInKeys(email: string, address: string): { account: string; address: string } {
  return { account: `account:${sha256Hex(email.trim().toLowerCase())}`, address: `address:${addressKey(address)}` }
}

/** Keys kept in memory at most (an attacker spraying addresses cannot grow the map without end). */
const MAX_KEYS = 100_000

/** The throttle in memory, and its count alone: one more failure on every key, whatever the decision (throttle-redis.ts keeps its copy). */
export interface MemoryThrottle extends Throttle {
  count(keys: string[], nowMs: number): void
}

/** Counts in this process. */
export function createMemoryThrottle(): MemoryThrottle {
  const records = new Map<string, FailureCount>()
  const sweep = (nowMs: number) => {
    for (const [key, r] of records) if (nowMs - r.lastAt > THROTTLE.windowMs) records.delete(key)
    // Still full: forget the tenth least recently failed (the map keeps insertion order; count re-inserts).
    for (const key of records.keys()) {
      if (records.size < MAX_KEYS * 0.9) break
      records.delete(key)
    }
  }
  const count = (keys: string[], nowMs: number) => {
    for (const key of keys) {
      const next = afterFailure(records.get(key) ?? null, nowMs)
      records.delete(key)
      if (records.size >= MAX_KEYS) sweep(nowMs)
      records.set(key, next)
    }
  }
  return {
    // Synchronous from the look at the records to the count: no other attempt runs in between.
    async attempt(keys, nowMs) {
      const decision = decide(keys.map((k) => records.get(k) ?? null), nowMs)
      if (decision.allowed) count(keys, nowMs)
      return decision
    },
    count,
    async succeed(clear, release) {
      for (const key of clear) records.delete(key)
      for (const key of release) {
        const record = records.get(key)
        if (record && record.count > 1) records.set(key, { ...record, count: record.count - 1 })
        else records.delete(key)
      }
    },
    ready: async () => {},
    close: async () => records.clear(),
    mode: 'memory',
  }
}
