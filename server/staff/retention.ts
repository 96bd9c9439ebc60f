/** How often the staff tables are swept: audit entries past retention, sessions past their limits, answered passkey challenges past their token's expiry. */
export const RETENTION_INTERVAL_MS = 60 * 60_000

/** What a sweep removed, how many of each. */
export interface Purged {
  audit: number
  sessions: number
  challenges: number
}

export interface RetentionDeps {
  /** The accounts service's purgeOld(). */
  purge: () => Promise<Purged>
  log: { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void }
  intervalMs?: number
}

/**
 * The retention sweep: once at start and then hourly, on a timer that never keeps the process alive
 * (unref), stopped on close (which also waits for a sweep under way). A failed sweep is logged and
 * the next one tries again. `run()` is the sweep itself, for tests (with the injected clock).
 */
export function createRetention({ purge, log, intervalMs = RETENTION_INTERVAL_MS }: RetentionDeps) {
  let timer: NodeJS.Timeout | null = null
  let running: Promise<unknown> = Promise.resolve()
  async function run(): Promise<Purged | null> {
    try {
      const removed = await purge()
      if (removed.audit || removed.sessions || removed.challenges) log.info(removed, 'staff retention: removed old audit entries, sessions and passkey challenges')
      return removed
    } catch (err) {
      log.error({ err }, 'staff retention sweep failed')
      return null
    }
  }
  const sweep = () => (running = run())
  return {
    run,
    start() {
      if (timer) return
      sweep()
      timer = setInterval(sweep, intervalMs)
      timer.unref()
    },
    async stop() {
      if (timer) clearInterval(timer)
      timer = null
      await running
    },
  }
}
