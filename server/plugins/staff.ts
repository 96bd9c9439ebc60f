import fp from 'fastify-plugin'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { isStaffPath, STAFF_ROOT } from '../../shared/admin/paths'
import type { Config } from '../config'
import type { BuildManifest } from '../render/manifest'
import { requestPath } from '../request-locale'
import type { ErrorAnswer } from './errors'
import { reasonOf, StaffAreaOff, StaffInsecure, StaffMethod } from '../staff/http/errors'
import { servedSecurely } from '../staff/http/gate'
import { STAFF_HEADERS } from '../staff/http/headers'
import { NOBODY, sendStaffPage, serveStaffPage } from '../staff/http/pages'
import { createStaffRenderer } from '../staff/http/render'

interface StaffPluginOptions {
  config: Config
  manifest: BuildManifest
}

/** STAFF_AREA (server/staff/config.ts once it lands; on by default). */
export function staffAreaOn(config: Config): boolean {
  return (config as Config & { staff?: { area?: boolean } }).staff?.area !== false
}

/** Methods a staff path answers (GET also answers HEAD); others get the staff 405 page. */
const OTHER_METHODS = ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const

/**
 * The staff area under /admin: a second app beside the public site, with its own route table
 * (shared/admin/routes.ts), renderer, shell and client bundle. Every /admin answer, whatever its
 * status, gets the staff headers (no-store, noindex, a stricter CSP); none is ever in the page
 * cache, the sitemaps or a payload (the public pipeline never sees an /admin path, and no content
 * page may take one: server/content/navigation.ts). The gate: only over HTTPS or on a loopback
 * host (403 with a page saying why); STAFF_AREA=false: every /admin path is the public 404.
 */
export default fp<StaffPluginOptions>(
  async (app, { config, manifest }) => {
    const on = staffAreaOn(config)
    const staffLog = app.log.child({ component: 'staff' })
    const render = createStaffRenderer({
      manifest,
      onMissingMessage: (key, locale, reason) => staffLog.warn({ key, locale, reason }, 'missing message'),
    })
    /** Requests the gate refused, so that their error page says why. */
    const insecure = new WeakSet<FastifyRequest>()

    app.addHook('onRequest', async (req, reply) => {
      if (!isStaffPath(requestPath(req))) return
      reply.headers(STAFF_HEADERS)
      if (!on) throw new StaffAreaOff()
      if (!servedSecurely(req)) {
        insecure.add(req)
        throw new StaffInsecure()
      }
    })
    if (!on) return

    // Every error of a staff route (the gate's 403, a role's 403, a 404, a failure) is answered with
    // the staff error page in the staff member's language, after the one handler has logged it.
    const errorAnswer: ErrorAnswer = (status, req, reply: FastifyReply) => {
      reply.headers(STAFF_HEADERS)
      const error = { statusCode: status, reason: reasonOf(status, insecure.has(req)) }
      return sendStaffPage(render, req, reply, NOBODY, { routeId: null, error }, manifest.id)
    }
    const config_ = { errorAnswer, errorSubject: 'staff request' }
    const page = (req: FastifyRequest, reply: FastifyReply) => serveStaffPage(render, req, reply, NOBODY, manifest.id)
    for (const url of [STAFF_ROOT, `${STAFF_ROOT}/*`]) {
      app.get(url, { config: config_ }, page)
      app.route({ method: [...OTHER_METHODS], url, config: config_, handler: async () => Promise.reject(new StaffMethod()) })
    }
  },
  { name: 'staff', dependencies: ['errors'] },
)
