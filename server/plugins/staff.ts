import fp from 'fastify-plugin'
import type { FastifyRequest } from 'fastify'
import { isStaffPath } from '../../shared/admin/paths'
import { DEFAULT_LOCALE } from '../../shared/i18n/locales'
import type { Config } from '../config'
import { resolveFormSecret } from '../form-secret'
import type { BuildManifest } from '../render/manifest'
import { publicOrigin, requestPath } from '../request-locale'
import { createAccounts } from '../staff/accounts'
import { createRetention } from '../staff/retention'
import { createThrottle } from '../staff/throttle-redis'
import { StaffAreaOff, StaffInsecure } from '../staff/http/errors'
import { servedSecurely } from '../staff/http/gate'
import { STAFF_HEADERS } from '../staff/http/headers'
import { createStaffRenderer } from '../staff/http/render'
import { staffRouter } from '../staff/http/router'
import { staffApi } from '../staff/http/api'
import { inboxApi } from '../staff/http/inbox-api'
import { auditOf, pathTarget } from '../staff/http/services'
import { createSigner } from '../staff/http/signed'
import { snapshotOf } from './content'

/** Seams for tests: the staff area's clock (session expiry, throttle, audit times, tokens). */
export interface StaffDeps {
  now?: () => number
}

interface StaffPluginOptions {
  config: Config
  manifest: BuildManifest
  deps?: StaffDeps | undefined
}

/**
 * The staff area under /admin: a second app beside the public site, with its own route table
 * (shared/admin/routes.ts), renderer, shell and client bundle. Every /admin answer, whatever its
 * status, gets the staff headers (no-store, noindex, a stricter CSP); none is ever in the page
 * cache or the sitemaps (the public pipeline never sees an /admin path, and no content
 * page may take one: server/content/navigation.ts). The gate: only over HTTPS or on a loopback
 * host (403 with a page saying why, audited); STAFF_AREA=false: every /admin path is the public 404.
 */
export default fp<StaffPluginOptions>(
  async (app, { config, manifest, deps = {} }) => {
    const on = config.staff.area
    /** Requests the gate refused, so that their error page says why. */
    const insecure = new WeakSet<FastifyRequest>()
    app.decorateRequest('staffSession', null)

    app.addHook('onRequest', async (req, reply) => {
      if (!isStaffPath(requestPath(req))) return
      reply.headers(STAFF_HEADERS)
      if (!on) throw new StaffAreaOff()
      if (!servedSecurely(req)) {
        insecure.add(req)
        await app.staffArea.store.audit(auditOf(req, null, 'request.refused', `${pathTarget(req)} insecure`, 'refused'))
        throw new StaffInsecure()
      }
    })
    if (!on) return

    const staffLog = app.log.child({ component: 'staff' })
    const throttle = createThrottle({ redisUrl: config.redisUrl, log: staffLog })
    app.addHook('onClose', () => throttle.close())
    const now = deps.now ?? Date.now
    const { sessionIdleMs, sessionMaxMs, auditRetentionMs } = config.staff
    const accounts = createAccounts({ store: app.staffStore, siteUrl: config.siteUrl, now, sessionIdleMs, sessionMaxMs, auditRetentionMs })
    const retention = createRetention({ purge: accounts.purgeOld, log: staffLog })
    app.addHook('onReady', async () => retention.start())
    app.addHook('preClose', () => retention.stop())
    app.decorate('staffArea', {
      store: app.staffStore,
      now,
      signer: createSigner(resolveFormSecret(config.contact.formSecret, config.dataDir)),
      throttle,
      limits: { idleMs: config.staff.sessionIdleMs, maxMs: config.staff.sessionMaxMs },
      auditRetentionMs,
      retention,
      origin: (req) => publicOrigin(req, config),
      siteName: (req) => snapshotOf(req).content.site(DEFAULT_LOCALE).name,
      contentDir: config.contentDir,
      accounts,
    })
    const render = createStaffRenderer({
      manifest,
      onMissingMessage: (key, locale, reason) => staffLog.warn({ key, locale, reason }, 'missing message'),
    })
    await app.register(staffRouter, { render, buildId: manifest.id, insecure })
    await app.register(staffApi)
    await app.register(inboxApi)
  },
  { name: 'staff', dependencies: ['errors', 'contact'] },
)
