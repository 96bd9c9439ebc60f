import type { FastifyBaseLogger } from 'fastify'
import { StoreUnavailable } from '../errors'
/** What the health watch asks of a database: one cheap round trip. */
export interface Pingable {
  ping(): Promise<void>
}

export interface StoreHealthOptions {
  /** While the database is down, how often one probe (SELECT 1) looks for it. */
  probeMs: number
}

/**
 * Whether the inquiry database is reachable, known without asking it on every request. An
 * operation that fails to connect (StoreUnavailable) marks it down: one warning is logged, and
 * until a probe (one per probeMs, from this replica) finds it back, contact POSTs answer 503 at
 * once and the outbox waits, so an outage never turns into a storm of connection attempts.
 * /readyz asks `check()`, which probes at most once per probeMs while up, too, so an outage with
 * no contact traffic still shows.
 */
export function createStoreHealth(store: Pingable, log: FastifyBaseLogger, { probeMs }: StoreHealthOptions) {
  let up = true
  let checkedAt = 0
  let checking: Promise<boolean> | null = null
  let timer: NodeJS.Timeout | undefined

  function markDown(err: unknown): void {
    checkedAt = Date.now()
    if (!up) return
    up = false
    log.warn({ reason: (err as Error).message }, 'inquiry database unreachable: contact POSTs answer 503 until it is back')
    timer = setInterval(() => void probe(), probeMs).unref()
  }

  function markUp(): void {
    checkedAt = Date.now()
    if (up) return
    up = true
    clearInterval(timer)
    log.info('inquiry database reachable again')
  }

  function probe(): Promise<boolean> {
    checking ??= store
      .ping()
      .then(
        () => (markUp(), true),
        (err) => (markDown(err), false),
      )
      .finally(() => (checking = null))
    return checking
  }

  return {
    get up() {
      return up
    },
    /** Up or down, probing when the last word is older than probeMs (for /readyz). */
    async check(): Promise<boolean> {
      if (Date.now() - checkedAt < probeMs) return up
      return probe()
    },
    /**
     * Runs a store operation: refused at once (StoreUnavailable) while the database is known to be
     * down; a connection failure marks it down. Other errors pass through unchanged.
     */
    async use<T>(operation: () => Promise<T>): Promise<T> {
      if (!up) throw new StoreUnavailable('known to be down')
      try {
        const result = await operation()
        checkedAt = Date.now()
        return result
      } catch (err) {
        if ((err as { code?: string }).code === 'SITE_STORE_UNAVAILABLE') markDown(err)
        throw err
      }
    },
    stop(): void {
      clearInterval(timer)
    },
  }
}

export type StoreHealth = ReturnType<typeof createStoreHealth>
