import { DEFAULT_TIME_ZONE, todayIn } from '../../shared/validation'
import type { StoreHealth } from '../db/health'
import type { StaffStore } from '../staff/types'
import type { InboxConfig } from './config'
import { queueDigests } from './digest'
import type { InboxService } from './service'
import type { Actor, InboxStore } from './types'

/** How often the clock is looked at: a job of the day starts within this of its hour. */
export const JOBS_INTERVAL_MS = 60_000
const DAY_MS = 86_400_000
/** Erased per transaction: a backlog of thousands is erased in steps, none holding the database long. */
const ERASE_BATCH = 100
const JOB: Actor = { accountId: null, role: null, address: 'job' }

const hourFormat = new Intl.DateTimeFormat('en-US', { timeZone: DEFAULT_TIME_ZONE, hour: 'numeric', hourCycle: 'h23' })
/** The hour (0-23) of an instant in Japan time. */
export const japanHour = (ms: number) => Number(hourFormat.formatToParts(new Date(ms)).find((p) => p.type === 'hour')?.value)

export interface InboxJobsDeps {
  /** The store's claims (one replica a day) and the digest's reads and mail. */
  inbox: InboxStore
  /** The inbox service: the retention's erasure, by its rules (server/inbox/service.ts). */
  service: Pick<InboxService, 'eraseClosed'>
  staff: Pick<StaffStore, 'listAccounts'>
  config: InboxConfig
  siteUrl: string
  /** Whether mail goes out (SMTP_URL): without it no digest is queued. */
  mail: boolean
  /** The app's clock (the staff area's injected `now`). */
  now: () => number
  log: { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void }
  /** The database's health (server/contact/availability.ts): no look while it is known to be down; an outage a job meets is its to log, once. */
  health?: Pick<StoreHealth, 'up' | 'use'>
  /** A digest was queued: wake the outbox. */
  onQueued?: () => void
  intervalMs?: number
}

export interface JobsRun {
  /** Null: not this replica's to run (not due, off, or run already by this or another replica today). */
  retention: { due: number; erased: number } | null
  digest: { recipients: number; queued: number } | null
}

/**
 * The inbox's daily jobs, on every replica, each run once a day across all of them: the store's
 * claimJob(job, day) gives a (job, Japan-time day) to one caller only. The retention erasure runs on
 * the first look of each day; the digest at INBOX_DIGEST_HOUR or, for a replica started later that
 * day, at its first look (nobody has sent it yet, or claimJob says so). A claimed run that fails
 * part-way is taken up again by the same replica at its next look (both jobs are safe to repeat:
 * an erased inquiry is skipped, a queued digest is not queued twice). The timer never keeps the process
 * alive; stop() waits for a run under way. `run(now)` is one look, for tests with the injected clock.
 */
export function createInboxJobs(deps: InboxJobsDeps) {
  const { inbox, config, log } = deps
  /** Per job: the day it is done (by this replica, or claimed by another), and the day this replica claimed. */
  const done = new Map<string, string>()
  const claimed = new Map<string, string>()
  let timer: NodeJS.Timeout | null = null
  let chain: Promise<unknown> = Promise.resolve()

  async function once<T>(job: string, day: string, at: number, work: () => Promise<T>): Promise<T | null> {
    if (done.get(job) === day) return null
    if (claimed.get(job) !== day) {
      if (!(await inbox.claimJob(job, day, at))) {
        done.set(job, day)
        return null
      }
      claimed.set(job, day)
    }
    const result = await work()
    done.set(job, day)
    return result
  }

  async function retention(now: number): Promise<{ due: number; erased: number }> {
    const { due, erased } = await deps.service.eraseClosed(JOB, { closedBefore: now - config.retentionDays! * DAY_MS, at: now, batch: ERASE_BATCH })
    // Counts only: no reference or personal data in the log (the audit log names each inquiry).
    log.info({ job: 'retention', due, erased, retentionDays: config.retentionDays }, 'retention: personal data of closed inquiries erased')
    return { due, erased }
  }

  async function digest(now: number, day: string) {
    const result = await queueDigests({ inbox, staff: deps.staff, staleDays: config.digestStaleDays, digestHour: config.digestHour!, siteUrl: deps.siteUrl }, day, now)
    log.info({ job: 'digest', day, ...result }, 'inbox digest: queued')
    if (result.queued) deps.onQueued?.()
    return result
  }

  /** A job's store work, through the health monitor when there is one (it logs an outage once, and probes). */
  const guarded = <T>(work: () => Promise<T>): Promise<T> => (deps.health ? deps.health.use(work) : work())
  function failed(job: string, err: unknown): void {
    // The database away: logged once by the health monitor; the job is tried again at the next look.
    if ((err as { code?: string }).code === 'SITE_STORE_UNAVAILABLE') return
    log.error({ err, job }, `${job} job failed: tried again at the next look`)
  }

  async function look(now: number): Promise<JobsRun> {
    const day = todayIn(DEFAULT_TIME_ZONE, new Date(now))
    const out: JobsRun = { retention: null, digest: null }
    if (deps.health && !deps.health.up) return out
    if (config.retentionDays !== null) {
      try {
        out.retention = await guarded(() => once('retention', day, now, () => retention(now)))
      } catch (err) {
        failed('retention', err)
      }
    }
    if (config.digestHour !== null && deps.mail && japanHour(now) >= config.digestHour) {
      try {
        out.digest = await guarded(() => once('digest', day, now, () => digest(now, day)))
      } catch (err) {
        failed('digest', err)
      }
    }
    return out
  }

  /** One look at the clock (runs one after another, never two at once in one replica). */
  function run(now: number = deps.now()): Promise<JobsRun> {
    const result = chain.then(() => look(now))
    chain = result.catch(() => undefined)
    return result
  }

  return {
    run,
    start() {
      if (timer) return
      void run().catch(() => undefined)
      timer = setInterval(() => void run().catch(() => undefined), deps.intervalMs ?? JOBS_INTERVAL_MS)
      timer.unref()
    },
    async stop() {
      if (timer) clearInterval(timer)
      timer = null
      await chain
    },
  }
}

export type InboxJobs = ReturnType<typeof createInboxJobs>
