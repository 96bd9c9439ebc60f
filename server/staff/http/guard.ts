/**
 * The checks before a staff handler runs, in their order: from this site (Origin / Sec-Fetch-Site;
 * POSTs), the role (nobody signed in: to the sign-in page; a role the route does not list: 403), and
 * for a signed-in POST the session's synchronizer token. Every refusal is audited once.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { STAFF_PATHS } from '../../../shared/admin/paths'
import { mayOpen } from '../../../shared/admin/routes'
import type { StaffAccess } from '../../../shared/admin/types'
import { isCrossSite, mediaType } from '../../request-guards'
import { CrossSiteRequest, NotForm } from '../../errors'
import { safeEqual } from '../tokens'
import { StaffForbidden } from './errors'
import { readUpload } from './multipart'
import { returnPath } from './return-path'
import { auditOf, pathTarget } from './services'

/** Refuses the request: one audit entry ('request.refused', the path and why), then the error. */
async function refuse(req: FastifyRequest, reason: string, error: Error): Promise<never> {
  const live = req.staffSession
  await req.server.staffArea.store.audit(auditOf(req, live?.account.id ?? null, 'request.refused', `${pathTarget(req)} ${reason}`, 'refused'))
  throw error
}

/** The role check: true when the signed-in role may; false when it answered itself (nobody signed in: the redirect to sign in). */
export async function admitRole(req: FastifyRequest, reply: FastifyReply, access: StaffAccess): Promise<boolean> {
  const live = req.staffSession
  if (mayOpen(access, live?.account.role ?? null)) return true
  if (live) await refuse(req, 'role', new StaffForbidden())
  reply.redirect(`${STAFF_PATHS.signIn}?next=${encodeURIComponent(returnPath(req))}`, 303)
  return false
}

/** A POST from another site (Origin / Sec-Fetch-Site): refused as such, audited, whatever path it names. */
export async function refuseCrossSite(req: FastifyRequest): Promise<void> {
  if (isCrossSite(req, req.server.staffArea.origin(req))) await refuse(req, 'cross-site', new CrossSiteRequest())
}

/**
 * A POST's checks: from this site, the role, and (signed in, unless `checkToken` is false) the
 * session's token (a form's `_csrf`, a JSON request's X-CSRF-Token header). False when it answered itself.
 */
export async function admit(req: FastifyRequest, reply: FastifyReply, access: StaffAccess, token: unknown, checkToken = true): Promise<boolean> {
  await refuseCrossSite(req)
  if (!(await admitRole(req, reply, access))) return false
  if (checkToken && access !== 'anyone' && !safeEqual(token, req.staffSession!.session.csrfToken)) await refuse(req, 'csrf', new StaffForbidden())
  return true
}

/**
 * An upload: Origin and role before its body is read (no file is taken from who may not), then the
 * token (header or field). Its fields and `upload` (at most `maxBytes`), or null when it answered itself.
 */
export async function admitUpload(req: FastifyRequest, reply: FastifyReply, access: StaffAccess, maxBytes: number): Promise<Record<string, unknown> | null> {
  if (!(await admit(req, reply, access, null, false))) return null
  if (mediaType(req) !== 'multipart/form-data') throw new NotForm()
  const upload = await readUpload(req, maxBytes)
  const header = req.headers['x-csrf-token']
  if (access !== 'anyone' && !safeEqual(header ?? upload.fields._csrf, req.staffSession!.session.csrfToken)) await refuse(req, 'csrf', new StaffForbidden())
  return { ...upload.fields, upload }
}
