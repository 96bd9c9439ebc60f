// The inbox jobs through the real app: an SMTP server and a webhook receiver of their own, the staff
// area's clock, the jobs' timer off (the test calls app.inboxJobs.run(now)), inquiries written by a
// second connection to the same database (as the CLI would), so that any text can be stored.
// The outbox works on the real clock: a row queued at an injected time is sent once the real time has
// reached it, so the tests' clocks stand on days already past.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../../../server/config'
import type { InboxConfig } from '../../../server/inbox/config'
import type { Actor, InquiryStatus } from '../../../server/inbox/types'
import type { OutboxOptions } from '../../../server/outbox/worker'
import { normalizeContact } from '../../../shared/pages/contact/normalize'
import { build, testConfig } from '../../helper'
import { validInquiry } from '../contact/helper'
import type { Clock } from '../staff/web-helper'
import { openStores, type SiteStores } from '../stores'

export const FAST: Partial<OutboxOptions> = { pollMs: 50, baseDelayMs: 100, maxDelayMs: 200, maxAttempts: 12 }
export const MAIL_FROM = '蒼栄建設 <noreply@example.test>'
export const CONTACT_TO = 'info@example.test'
const HOUR = 3_600_000
export const DAY = 24 * HOUR

/** An instant given in Japan time: jst(2026, 11, 26, 9) is 09:00 on 26 November 2026 in Tokyo. */
export const jst = (y: number, m: number, d: number, h = 0, min = 0) => Date.UTC(y, m - 1, d, h - 9, min)

export interface JobsAppOptions {
  smtpPort: number
  inbox?: Partial<InboxConfig>
  outbox?: Partial<OutboxOptions>
  /** Several apps on one database: its URL (PostgreSQL); else each its own SQLite DATA_DIR. */
  databaseUrl?: string
  config?: Partial<Config>
  logStream?: NodeJS.WritableStream
}

/** The app with mail through the given SMTP port, the inbox settings given, the jobs run by hand. */
export async function jobsApp(t: { teardown: (fn: () => unknown) => void }, time: Clock, o: JobsAppOptions): Promise<{ app: FastifyInstance; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'inbox-jobs-'))
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }))
  const base = testConfig()
  const contact = { ...base.contact, minFillMs: 0, rateLimitMax: 1000, smtpUrl: `smtp://127.0.0.1:${o.smtpPort}`, to: CONTACT_TO, from: MAIL_FROM, ...(o.databaseUrl ? { formSecret: 'a-shared-secret-of-the-replicas-0123' } : {}) }
  const config: Partial<Config> = {
    dataDir,
    contact,
    inbox: { ...base.inbox, ...o.inbox },
    ...(o.databaseUrl ? { databaseUrl: o.databaseUrl } : {}),
    ...(o.logStream ? { logLevel: 'info' as const } : {}),
    ...o.config,
  }
  const app = await build(t, config, { staff: { now: time.now }, contact: { outbox: { ...FAST, ...o.outbox } }, inboxJobs: { schedule: false }, ...(o.logStream ? { logStream: o.logStream } : {}) })
  await app.ready()
  return { app, dataDir }
}

/** A second connection to the app's database (closed when the test ends). */
export async function sideStore(t: { teardown: (fn: () => unknown) => void }, app: FastifyInstance, dataDir: string, databaseUrl = ''): Promise<SiteStores> {
  const store = await openStores({ databaseUrl, dataDir }, { create: true, log: app.log })
  t.teardown(() => store.close())
  return store
}

/** Stores an inquiry received at `at` with any values (none of the form's checks: a hostile row as an old one could be). */
export async function storeInquiry(store: SiteStores, at: number, overrides: Record<string, unknown> = {}, locale: 'ja' | 'en' = 'ja'): Promise<string> {
  const values = { ...normalizeContact(validInquiry(), 'ja'), ...overrides }
  return (await store.insert({ values, locale, token: null, now: new Date(at) })).id
}

export const JOB_ACTOR: Actor = { accountId: null, role: null, address: 'cli' }
const auditOf = (at: number, id: string, actor: Actor) => ({ at, accountId: actor.accountId, address: actor.address, action: 'inquiry.change', target: `inquiry:${id}`, outcome: 'ok' as const })

/** A triage change at `at` (by an admin's hand, as the detail page would). */
export async function triage(app: FastifyInstance, id: string, at: number, change: { status?: InquiryStatus; assigneeId?: string | null; legalHold?: boolean }, actor: Actor = JOB_ACTOR) {
  const outcome = await app.inboxStore.change(id, change, actor, at, auditOf(at, id, actor))
  if (outcome !== 'changed') throw new Error(`change of ${id}: ${outcome}`)
}

/** Polls until `check` holds (real time: the outbox works on its own timer). */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting')
    await new Promise((r) => setTimeout(r, 25))
  }
}
