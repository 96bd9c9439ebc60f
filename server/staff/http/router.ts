/** The staff area's routes with Fastify: every family's page and actions, from the route table, and the answers to everything else under /admin. */
import formbody from '@fastify/formbody'
import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify'
import { STAFF_BODY_LIMIT } from '../../../shared/admin/define'
import { STAFF_PATHS, STAFF_ROOT } from '../../../shared/admin/paths'
import { staffRoutes } from '../../../shared/admin/routes'
import type { StaffAction, StaffRouteDef } from '../../../shared/admin/types'
import type { ErrorAnswer } from '../../plugins/errors'
import { reasonOf, StaffMethod } from './errors'
import { refuseCrossSite } from './guard'
import { STAFF_HEADERS } from './headers'
import { NOT_FOUND, staffPages } from './pages'
import { actionHandler } from './posts'
import type { StaffRenderer } from './render'
import { readSession } from './session'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A staff POST a page's script sends on its own (StaffAction.automatic): the session is read without renewing it. */
    staffAutomatic?: boolean
  }
}

/** Methods the staff area does not answer: the staff 405 page. */
const OTHER_METHODS = ['PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const
const refuseMethod = async () => Promise.reject(new StaffMethod())
/** A POST no action answers: from another site, the forgery it is (403, audited: also where a parameter is too long for the router); else 405. */
const refusePost = async (req: FastifyRequest) => {
  await refuseCrossSite(req)
  throw new StaffMethod()
}

/**
 * A route's actions by the path they are POSTed to: the page's own, and each sub-path by its
 * STAFF_PATHS id. The actions of one path (several forms told apart by their intent) share its kind,
 * body limit, access and automatic flag: Fastify has one route per path.
 */
export function actionsByPath(route: StaffRouteDef<any>): Map<string, StaffAction[]> {
  const paths = new Map<string, StaffAction[]>()
  for (const action of route.actions ?? []) {
    const path = action.at ? STAFF_PATHS[action.at] : route.path
    const same = paths.get(path)?.[0]
    if (same && (['kind', 'bodyLimit', 'access', 'automatic'] as const).some((k) => same[k] !== action[k])) throw new Error(`staff route ${route.id}: the actions at ${path} differ`)
    paths.set(path, [...(paths.get(path) ?? []), action])
  }
  return paths
}

/** Fastify's body schema of a path's actions: one action's, or exactly one of several (each with its intent). */
function bodySchema(actions: readonly StaffAction[]): object | undefined {
  const schemas = actions.flatMap((a) => (a.body ? [a.body] : []))
  return schemas.length > 1 ? { oneOf: schemas } : schemas[0]
}

/**
 * The staff routes, in a scope of their own, from the families' declarations (shared/admin/routes.ts):
 * each page's GET, each action's POST (its body limit; its body schema checked by the one AJV factory,
 * the failure answered after the guards: posts.ts), GET of an action's own path 405; every other GET
 * under /admin the staff 404 page, every other POST (refused first when cross-site) and other methods 405. The session is read before
 * each handler (not renewed by what a page sends on its own); every error is answered with the staff
 * error page (or JSON for the JSON and upload actions) after the one handler has logged it.
 */
export async function staffRouter(app: FastifyInstance, { render, buildId, insecure }: { render: StaffRenderer; buildId: string; insecure: WeakSet<FastifyRequest> }) {
  await app.register(formbody, { bodyLimit: STAFF_BODY_LIMIT })
  const pages = staffPages(render, buildId)
  const errorAnswer =
    (json: boolean): ErrorAnswer =>
    (status, req, reply) => {
      reply.headers(STAFF_HEADERS)
      if (status === 405) reply.header('allow', 'GET, HEAD, POST')
      if (json) return reply.code(status).send({ ok: false, statusCode: status })
      return pages.send(req, reply, { routeId: null, error: { statusCode: status, reason: reasonOf(status, insecure.has(req)) } })
    }
  const page = { errorAnswer: errorAnswer(false), errorSubject: 'staff request' }
  const json = { ...page, errorAnswer: errorAnswer(true) }
  app.addHook('preHandler', async (req) => {
    const { store, limits, now } = app.staffArea
    req.staffSession = await readSession(req, store, limits, now(), { renew: !req.routeOptions.config.staffAutomatic })
  })
  const uploads: [string, RouteShorthandOptions, ReturnType<typeof actionHandler>][] = []
  for (const route of staffRoutes) {
    app.get(route.path, { config: page }, pages.page(route))
    for (const [path, actions] of actionsByPath(route)) {
      const { kind, bodyLimit, automatic } = actions[0]!
      const schema = bodySchema(actions)
      const options = { config: { ...(kind === 'form' ? page : json), staffAutomatic: automatic === true }, bodyLimit, attachValidation: true, ...(schema && { schema: { body: schema } }) }
      if (kind === 'upload') uploads.push([path, options, actionHandler(pages, route, actions)])
      else app.post(path, options, actionHandler(pages, route, actions))
      if (path !== route.path) app.get(path, { config: page }, refuseMethod)
    }
  }
  app.get(`${STAFF_ROOT}/*`, { config: page }, (req, reply) => pages.send(req, reply, NOT_FOUND))
  for (const url of [STAFF_ROOT, `${STAFF_ROOT}/*`]) {
    app.post(url, { config: page, bodyLimit: STAFF_BODY_LIMIT }, refusePost)
    app.route({ method: [...OTHER_METHODS], url, config: page, handler: refuseMethod })
  }
  // Uploads: multipart/form-data only on their own paths, in a scope of their own; every other staff
  // path keeps refusing it (415). The action's reader sets the limits (multipart.ts).
  await app.register(async (scope) => {
    await scope.register(multipart, { throwFileSizeLimit: false })
    for (const [path, options, handler] of uploads) scope.post(path, options, handler)
  })
}
