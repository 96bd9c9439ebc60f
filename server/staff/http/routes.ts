import formbody from '@fastify/formbody'
import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { STAFF_PATHS, STAFF_ROOT } from '../../../shared/admin/paths'
import type { ErrorAnswer } from '../../plugins/errors'
import { requestPath } from '../../request-locale'
import { isAutomatic, matchEndpoint, staffEndpoints } from './endpoints'
import { reasonOf, StaffMethod } from './errors'
import { STAFF_HEADERS } from './headers'
import { sendStaffPage, serveStaffPage, visitorOf } from './pages'
import { handleStaffPost } from './posts'
import type { StaffRenderer } from './render'
import { readSession } from './session'
import { sharedPreview } from '../../editor/http/shared-preview'

/** A staff form or a passkey step is small: 64 KiB is plenty. */
const BODY_LIMIT = 64 * 1024
/** But a reply to an inquiry holds up to 20,000 characters, up to 9 bytes each once form-encoded (a kanji is 3 bytes, each %XX). */
const REPLY_BODY_LIMIT = 256 * 1024
/** The content editor's preview posts the whole item, both languages (a body of up to 100,000 characters each). */
const CONTENT_BODY_LIMIT = 4 * 1024 * 1024
/** Methods the staff area does not answer: the staff 405 page. */
const OTHER_METHODS = ['PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const

/**
 * The staff routes, in a scope of their own: GET of a page, POST of a page's form or an endpoint,
 * 405 for other methods; the session read before each handler (not renewed by what a page sends on
 * its own: isAutomatic); every error answered with the staff error page (or JSON for the JSON
 * endpoints) after the one handler has logged it.
 */
export async function staffRoutes(app: FastifyInstance, { render, buildId, insecure }: { render: StaffRenderer; buildId: string; insecure: WeakSet<FastifyRequest> }) {
  await app.register(formbody, { bodyLimit: BODY_LIMIT })
  const errorAnswer: ErrorAnswer = (status, req, reply: FastifyReply) => {
    reply.headers(STAFF_HEADERS)
    if (status === 405) reply.header('allow', 'GET, HEAD, POST')
    if (req.method === 'POST' && (matchEndpoint(requestPath(req))?.endpoint.kind ?? 'form') !== 'form') return reply.code(status).send({ ok: false, statusCode: status })
    const error = { statusCode: status, reason: reasonOf(status, insecure.has(req)) }
    return sendStaffPage(render, req, reply, visitorOf(req.staffSession), { routeId: null, error }, buildId)
  }
  const config = { errorAnswer, errorSubject: 'staff request' }
  app.addHook('preHandler', async (req) => {
    const { store, limits, now } = app.staffArea
    req.staffSession = await readSession(req, store, limits, now(), { renew: !isAutomatic(req) })
  })
  for (const url of [STAFF_ROOT, `${STAFF_ROOT}/*`]) {
    app.get(url, { config }, (req, reply) => serveStaffPage(render, req, reply, visitorOf(req.staffSession), buildId))
    app.post(url, { config, bodyLimit: BODY_LIMIT }, (req, reply) => handleStaffPost(render, req, reply, buildId))
    app.route({ method: [...OTHER_METHODS], url, config, handler: async () => Promise.reject(new StaffMethod()) })
  }
  app.post(STAFF_PATHS.inquiryReply, { config, bodyLimit: REPLY_BODY_LIMIT }, (req, reply) => handleStaffPost(render, req, reply, buildId))
  // The editor's forms carry whole articles (a Japanese character is 9 bytes once form-encoded): the save, a new item, the preview.
  for (const id of ['contentItem', 'contentNew', 'contentPreview'] as const) {
    app.post(STAFF_PATHS[id], { config, bodyLimit: CONTENT_BODY_LIMIT }, (req, reply) => handleStaffPost(render, req, reply, buildId))
  }
  // A signed preview link: the public page itself (anyone holding the link), or the staff page saying why not.
  app.get(STAFF_PATHS.contentSharedPreview, { config }, sharedPreview(render, buildId))
  // Uploads (the editor's images): multipart/form-data only on their own paths, in a scope of their own; every
  // other staff path keeps refusing it (415). The endpoint's reader sets the limits (multipart.ts).
  const uploads = staffEndpoints.filter((e) => e.kind === 'upload')
  await app.register(async (scope) => {
    await scope.register(multipart, { throwFileSizeLimit: false })
    for (const { id } of uploads) scope.post(STAFF_PATHS[id], { config }, (req, reply) => handleStaffPost(render, req, reply, buildId))
  })
}
