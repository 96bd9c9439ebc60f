import type { FastifyReply, FastifyRequest } from 'fastify'
import { STAFF_PATHS } from '../../../shared/admin/paths'
import { matchStaffRoute, mayOpen } from '../../../shared/admin/routes'
import type { StaffAccess } from '../../../shared/admin/types'
import { isCrossSite, mediaType } from '../../request-guards'
import { CrossSiteRequest, NotForm, NotJson } from '../../errors'
import { requestPath, requestSearch } from '../../request-locale'
import { safeEqual } from '../tokens'
import { matchEndpoint } from './endpoints'
import { readUpload } from './multipart'
import { StaffForbidden, StaffMethod } from './errors'
import { isStaffPageAnswer, pageLocale, sendStaffPage, visitorOf } from './pages'
import { returnPath } from './return-path'
import type { StaffRenderer } from './render'
import { requireRecent } from './reauth'
import { auditOf, pathTarget } from './services'

/** A form field as @fastify/formbody gives it: a string, or a list when sent twice (its first value counts). */
function formFields(body: unknown): Record<string, string> {
  const fields: Record<string, string> = {}
  if (body && typeof body === 'object') {
    for (const [name, value] of Object.entries(body)) {
      const first = Array.isArray(value) ? value[0] : value
      if (typeof first === 'string') fields[name] = first
    }
  }
  return fields
}

/** Refuses the request: one audit entry ('request.refused', the path), then the error. */
async function refuse(req: FastifyRequest, reason: string, error: Error): Promise<never> {
  const live = req.staffSession
  await req.server.staffArea.store.audit(auditOf(req, live?.account.id ?? null, 'request.refused', `${pathTarget(req)} ${reason}`, 'refused'))
  throw error
}

/**
 * The checks every staff POST passes before its handler: from this site (Origin / Sec-Fetch-Site),
 * the role (nobody signed in: to the sign-in page), and for a signed-in request the session's
 * synchronizer token (the form's `_csrf`, or the X-CSRF-Token header of a JSON request).
 * Returns false when it answered itself (the redirect to sign in).
 */
async function admit(req: FastifyRequest, reply: FastifyReply, access: StaffAccess, token: unknown, checkToken = true): Promise<boolean> {
  if (isCrossSite(req, req.server.staffArea.origin(req))) await refuse(req, 'cross-site', new CrossSiteRequest())
  const live = req.staffSession
  if (!mayOpen(access, live?.account.role ?? null)) {
    if (!live) {
      reply.redirect(`${STAFF_PATHS.signIn}?next=${encodeURIComponent(returnPath(req))}`, 303)
      return false
    }
    await refuse(req, 'role', new StaffForbidden())
  }
  if (checkToken && access !== 'anyone' && !safeEqual(token, live!.session.csrfToken)) await refuse(req, 'csrf', new StaffForbidden())
  return true
}

/** An upload: Origin and role before its body is read (no file is taken from who may not), then the token (header or field). */
async function admitUpload(req: FastifyRequest, reply: FastifyReply, access: StaffAccess, maxBytes: number): Promise<Record<string, unknown> | null> {
  if (!(await admit(req, reply, access, null, false))) return null
  if (mediaType(req) !== 'multipart/form-data') throw new NotForm()
  const upload = await readUpload(req, maxBytes)
  const header = req.headers['x-csrf-token']
  if (access !== 'anyone' && !safeEqual(header ?? upload.fields._csrf, req.staffSession!.session.csrfToken)) await refuse(req, 'csrf', new StaffForbidden())
  return { ...upload.fields, upload }
}

/** A staff POST: a page's own form (its route's action) or an endpoint (sign-out, language, passkeys). */
export async function handleStaffPost(render: StaffRenderer, req: FastifyRequest, reply: FastifyReply, buildId: string): Promise<unknown> {
  const path = requestPath(req)
  const endpoint = matchEndpoint(path)
  if (endpoint) {
    const { kind, access, handle } = endpoint.endpoint
    if (kind === 'upload') {
      const body = await admitUpload(req, reply, access, endpoint.endpoint.maxBytes ?? 0)
      return body ? handle(req, reply, body, endpoint.params) : reply
    }
    if (kind === 'form' && mediaType(req) !== 'application/x-www-form-urlencoded') throw new NotForm()
    if (kind === 'json' && mediaType(req) !== 'application/json') throw new NotJson()
    const body = (kind === 'form' ? formFields(req.body) : (req.body as Record<string, unknown> | null)) ?? {}
    const token = kind === 'form' ? body._csrf : req.headers['x-csrf-token']
    if (!(await admit(req, reply, access, token))) return reply
    if (endpoint.endpoint.recent && !(await requireRecent(req, reply, kind, endpoint.endpoint.back?.(req)))) return reply
    const answer = await handle(req, reply, body, endpoint.params)
    // A form endpoint may answer with a page (its form again, with errors): rendered for who is signed in.
    return isStaffPageAnswer(answer) ? sendStaffPage(render, req, reply, visitorOf(req.staffSession), answer.staffPage, buildId) : answer
  }
  const match = matchStaffRoute(path)
  const action = match?.route.action
  if (!match || !action) throw new StaffMethod()
  const { route, params } = match
  if (mediaType(req) !== 'application/x-www-form-urlencoded') throw new NotForm()
  const body = formFields(req.body)
  if (!(await admit(req, reply, route.access, body._csrf))) return reply
  if (route.recent?.(body) && !(await requireRecent(req, reply))) return reply
  const live = req.staffSession
  const visitor = visitorOf(live)
  const answer = await action({
    req,
    reply,
    body,
    params,
    locale: pageLocale(req, visitor, route.id),
    search: new URLSearchParams(requestSearch(req)),
    viewer: visitor.viewer,
  })
  if ('redirect' in answer) return reply.redirect(answer.redirect, 303)
  // The session may have started (sign-in, enrolment) or ended in the action: the page shows who is signed in now.
  return sendStaffPage(render, req, reply, visitorOf(req.staffSession), { routeId: route.id, params, data: answer.data, statusCode: answer.statusCode }, buildId)
}
