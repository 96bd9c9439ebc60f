import fp from 'fastify-plugin'
import rateLimit from '@fastify/rate-limit'
import type { preHandlerHookHandler } from 'fastify'
import { createTransport } from 'nodemailer'
import type { Config } from '../config'
import { createStoreHealth } from '../contact/availability'
import { openStore } from '../contact/open-store'
import { createRateLimitStore } from '../contact/rate-limit'
import { createOutbox, DEFAULT_OUTBOX, type MailTransport, type Outbox, type OutboxOptions } from '../contact/outbox'
import contactApiRoutes from '../contact/routes-api'
import { resolveFormSecret } from '../contact/secret'
import { createContactService, type ContactService } from '../contact/service'
import { createTokenSigner } from '../contact/token'
import { RateLimited } from '../errors'
import type { StaffStore } from '../staff/types'
import type { InboxStore } from '../inbox/types'

declare module 'fastify' {
  interface FastifyInstance {
    /** What the contact page's form (shared/pages/contact/action.server.ts) works with. */
    contactForm: { service: ContactService; siteUrl: string; limiter: preHandlerHookHandler }
    /** The staff area's store (server/staff/types.ts): the inquiry store's `staff`, same database and connection, closed with it. */
    staffStore: StaffStore
    /** The inquiry inbox's store (server/inbox/types.ts): the inquiry store's `inbox`, same database and connection. */
    inboxStore: InboxStore
  }
}

/** Test seams: a clock, a mail transport instead of SMTP_URL, faster retries. */
export interface ContactDeps {
  now?: () => Date
  transport?: MailTransport
  outbox?: Partial<OutboxOptions>
}

interface ContactPluginOptions {
  config: Config
  deps?: ContactDeps | undefined
}

/**
 * Inquiries: the store (SQLite in DATA_DIR, or PostgreSQL with DATABASE_URL), the mail outbox worker and the JSON
 * API, with one rate-limit budget per client for all contact POSTs; the contact page's own form (served by the
 * page pipeline, plugins/pages.ts) gets the service and that budget as app.contactForm.
 */
export default fp<ContactPluginOptions>(
  async (app, { config, deps = {} }) => {
    const { contact } = config
    const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log: app.log })
    const health = createStoreHealth(store, app.log.child({ component: 'store' }), { probeMs: 2_000 })
    app.readinessChecks.set('database', () => health.check())
    app.decorate('staffStore', store.staff)
    app.decorate('inboxStore', store.inbox)
    const transport: MailTransport | null =
      deps.transport ?? (contact.smtpUrl ? createTransport({ url: contact.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }) : null)
    let outbox: Outbox | null = null
    if (transport) {
      const log = app.log.child({ component: 'outbox' })
      outbox = createOutbox({ store, health, transport, from: contact.from, staffTo: contact.to, site: (l) => app.contentHolder.current.content.site(l), log, options: { ...DEFAULT_OUTBOX, leaseMs: contact.outboxLeaseMs, ...deps.outbox }, onMailFailed: app.metrics?.mailFailed })
    } else {
      app.log.info('SMTP_URL is not set: inquiries are stored, mail waits in the outbox')
    }
    const service = createContactService({
      store,
      health,
      signer: createTokenSigner(resolveFormSecret(contact.formSecret, config.dataDir)),
      outbox,
      minFillMs: contact.minFillMs,
      apiKey: contact.apiKey,
      autoReplyMaxPerDay: contact.autoReplyMaxPerDay,
      autoReplyMaxPerHour: contact.autoReplyMaxPerHour,
      now: deps.now ?? (() => new Date()),
      onInquiry: app.metrics?.inquiryReceived,
      onAutoReplyWithheld: app.metrics?.autoReplyWithheld,
    })
    const limits = createRateLimitStore({ redisUrl: config.redisUrl, log: app.log.child({ component: 'rate-limit' }) })
    app.metrics?.watchOutbox(store)
    app.addHook('onReady', async () => {
      await limits.ready()
      outbox?.start()
    })
    app.addHook('onClose', async () => {
      await outbox?.stop()
      health.stop()
      await Promise.all([store.close(), limits.close()])
    })

    await app.register(async (scope) => {
      await scope.register(rateLimit, {
        ...limits.options,
        global: false,
        errorResponseBuilder: (_req, ctx) => new RateLimited(ctx.after),
      })
      // One budget for every contact POST (API and form steps); with REDIS_URL its keys are site-rl:contact:<ip>.
      const limiter = scope.rateLimit({ groupId: 'contact', max: contact.rateLimitMax, timeWindow: contact.rateLimitWindowMs })
      await scope.register(contactApiRoutes, { service, siteUrl: config.siteUrl, limiter })
      app.decorate('contactForm', { service, siteUrl: config.siteUrl, limiter })
    })
  },
  { name: 'contact', dependencies: ['render', 'content'] },
)
