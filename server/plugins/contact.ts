import fp from 'fastify-plugin'
import rateLimit from '@fastify/rate-limit'
import type { preHandlerHookHandler } from 'fastify'
import { createTransport } from 'nodemailer'
import type { Config } from '../config'
import { createInquiryStore } from '../contact/inquiry-store'
import { createRateLimitStore } from '../contact/rate-limit'
import { mailKinds, siteOutboxStore } from '../mail-kinds'
import { createOutbox, DEFAULT_OUTBOX, type MailTransport, type Outbox, type OutboxOptions } from '../outbox/worker'
import { dialectOf } from '../inbox/dialects'
import contactApiRoutes from '../contact/routes-api'
import { resolveFormSecret } from '../form-secret'
import { createContactService, type ContactService } from '../contact/service'
import { createTokenSigner } from '../contact/token'
import { RateLimited } from '../errors'
import type { Locale } from '../../shared/i18n/locales'

declare module 'fastify' {
  interface FastifyInstance {
    /** What the contact page's form (shared/pages/contact/action.server.ts) works with. */
    contactForm: { service: ContactService; siteUrl: string; limiter: preHandlerHookHandler }
    /** The outbox worker (mail and webhooks), or null without SMTP_URL (then nothing is sent). */
    outbox: Outbox | null
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
 * Inquiries: the store (SQLite in DATA_DIR, or PostgreSQL with DATABASE_URL), the outbox worker (sending every
 * kind of server/mail-kinds.ts) and the JSON API, with one rate-limit budget per client for all contact POSTs;
 * the contact page's own form (served by the page pipeline, plugins/pages.ts) gets the service and that budget
 * as app.contactForm.
 */
export default fp<ContactPluginOptions>(
  async (app, { config, deps = {} }) => {
    const { contact } = config
    const { database, storeHealth: health } = app
    const store = createInquiryStore(database.runner, dialectOf(database.engine))
    const outboxRows = siteOutboxStore(database.runner)
    const transport: MailTransport | null =
      deps.transport ?? (contact.smtpUrl ? createTransport({ url: contact.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }) : null)
    let outbox: Outbox | null = null
    if (transport) {
      const log = app.log.child({ component: 'outbox' })
      const site = (l: Locale) => app.contentHolder.current.content.site(l)
      const options = { ...DEFAULT_OUTBOX, leaseMs: contact.outboxLeaseMs, ...deps.outbox }
      outbox = createOutbox({ store: outboxRows, health, transport, from: contact.from, kinds: mailKinds({ config, store, site }), log, options, onMailFailed: app.metrics?.mailFailed })
    } else {
      app.log.info('SMTP_URL is not set: inquiries are stored, mail waits in the outbox')
    }
    app.decorate('outbox', outbox)
    const service = createContactService({
      store,
      health,
      signer: createTokenSigner(resolveFormSecret(contact.formSecret, config.dataDir)),
      outbox,
      webhook: config.inbox.webhook !== null,
      minFillMs: contact.minFillMs,
      apiKey: contact.apiKey,
      autoReplyMaxPerDay: contact.autoReplyMaxPerDay,
      autoReplyMaxPerHour: contact.autoReplyMaxPerHour,
      now: deps.now ?? (() => new Date()),
      onInquiry: app.metrics?.inquiryReceived,
      onAutoReplyWithheld: app.metrics?.autoReplyWithheld,
    })
    const limits = createRateLimitStore({ redisUrl: config.redisUrl, log: app.log.child({ component: 'rate-limit' }) })
    app.metrics?.watchOutbox(outboxRows)
    app.addHook('onReady', async () => {
      await limits.ready()
      outbox?.start()
    })
    app.addHook('onClose', async () => {
      await outbox?.stop()
      await limits.close()
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
  { name: 'contact', dependencies: ['render', 'content', 'db'] },
)
