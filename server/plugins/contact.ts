import fp from 'fastify-plugin'
import rateLimit from '@fastify/rate-limit'
import { createTransport } from 'nodemailer'
import type { ContentSource } from '../../shared/content'
import type { Config } from '../config'
import { openDatabase } from '../contact/db'
import { createOutbox, DEFAULT_OUTBOX, type MailTransport, type Outbox, type OutboxOptions } from '../contact/outbox'
import contactApiRoutes from '../contact/routes-api'
import contactPageRoutes from '../contact/routes-page'
import { resolveFormSecret } from '../contact/secret'
import { createContactService } from '../contact/service'
import { createInquiryStore } from '../contact/store'
import { createTokenSigner } from '../contact/token'
import { RateLimited } from '../errors'

/** Test seams: a clock, a mail transport instead of SMTP_URL, faster retries. */
export interface ContactDeps {
  now?: () => Date
  transport?: MailTransport
  outbox?: Partial<OutboxOptions>
}

interface ContactPluginOptions {
  config: Config
  content: ContentSource
  deps?: ContactDeps | undefined
}

/**
 * Inquiries: the SQLite store in DATA_DIR, the mail outbox worker, the JSON API
 * and the form's own POSTs, with one rate-limit budget per client for all contact POSTs.
 */
export default fp<ContactPluginOptions>(
  async (app, { config, content, deps = {} }) => {
    const { contact } = config
    const db = openDatabase(config.dataDir, {
      log: (fixes) => {
        if (fixes.length) app.log.warn({ fixes }, 'DATA_DIR was readable by others: modes narrowed to 0700/0600')
      },
    })
    const store = createInquiryStore(db)
    const transport: MailTransport | null =
      deps.transport ?? (contact.smtpUrl ? createTransport({ url: contact.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }) : null)
    let outbox: Outbox | null = null
    if (transport) {
      const log = app.log.child({ component: 'outbox' })
      outbox = createOutbox({ db, store, transport, from: contact.from, staffTo: contact.to, site: (l) => content.site(l), log, options: { ...DEFAULT_OUTBOX, ...deps.outbox }, onMailFailed: app.metrics?.mailFailed })
    } else {
      app.log.info('SMTP_URL is not set: inquiries are stored, mail waits in the outbox')
    }
    const service = createContactService({
      store,
      signer: createTokenSigner(resolveFormSecret(contact.formSecret, config.dataDir)),
      outbox,
      minFillMs: contact.minFillMs,
      apiKey: contact.apiKey,
      autoReplyMaxPerDay: contact.autoReplyMaxPerDay,
      now: deps.now ?? (() => new Date()),
      onInquiry: app.metrics?.inquiryReceived,
    })
    app.metrics?.watchOutbox(db)
    app.addHook('onReady', async () => outbox?.start())
    app.addHook('onClose', async () => {
      await outbox?.stop()
      db.close()
    })

    await app.register(async (scope) => {
      await scope.register(rateLimit, {
        global: false,
        errorResponseBuilder: (_req, ctx) => new RateLimited(ctx.after),
      })
      const limiter = scope.rateLimit({ max: contact.rateLimitMax, timeWindow: contact.rateLimitWindowMs })
      await scope.register(contactApiRoutes, { service, siteUrl: config.siteUrl, limiter })
      await scope.register(contactPageRoutes, { service, siteUrl: config.siteUrl, limiter })
    })
  },
  { name: 'contact', dependencies: ['render'] },
)
