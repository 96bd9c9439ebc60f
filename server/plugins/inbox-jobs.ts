import fp from 'fastify-plugin'
import type { Config } from '../config'
import { createInboxJobs, type InboxJobs } from '../inbox/jobs'

declare module 'fastify' {
  interface FastifyInstance {
    /** The inbox's daily jobs (retention erasure, digest): `run(now)` is one look at the clock (tests). */
    inboxJobs: InboxJobs
  }
}

/** Test seams: the jobs' clock (the staff area's injected `now`), and no timer (the test calls run). */
export interface InboxJobsDeps {
  now?: (() => number) | undefined
  /** false: the jobs are not looked at every minute; app.inboxJobs.run(now) runs them. */
  schedule?: boolean
}

interface InboxJobsPluginOptions {
  config: Config
  deps?: InboxJobsDeps | undefined
}

/**
 * The inbox's daily jobs on the inquiry database (server/inbox/jobs.ts): started with the app (on
 * every replica: claimJob keeps each to one of them a day), stopped before it closes.
 */
export default fp<InboxJobsPluginOptions>(
  async (app, { config, deps = {} }) => {
    const log = app.log.child({ component: 'inbox-jobs' })
    const { inbox } = config
    if (inbox.retentionDays === null) log.info('INQUIRY_RETENTION_DAYS=off: closed inquiries are kept until erased by hand')
    if (inbox.digestHour !== null && !app.outbox) log.info('SMTP_URL is not set: no daily inbox digest')
    const jobs = createInboxJobs({
      inbox: app.inboxStore,
      service: app.inbox,
      staff: app.staffStore,
      config: inbox,
      siteUrl: config.siteUrl,
      mail: app.outbox !== null,
      now: deps.now ?? Date.now,
      log,
      health: app.storeHealth,
      onQueued: () => app.outbox?.kick(),
    })
    app.decorate('inboxJobs', jobs)
    if (deps.schedule !== false) app.addHook('onReady', async () => jobs.start())
    app.addHook('preClose', () => jobs.stop())
  },
  { name: 'inbox-jobs', dependencies: ['contact', 'stores', 'inbox'] },
)
