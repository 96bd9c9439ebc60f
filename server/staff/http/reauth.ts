import type { FastifyReply, FastifyRequest } from 'fastify'
import { STAFF_PATHS } from '../../../shared/admin/paths'
import { addressKey } from '../throttle'
import { returnPath } from './return-path'
import { auditOf, pathTarget } from './services'
import { nextPath } from './return-path'
import type { LiveSession } from './session'

/**
 * Re-authentication for sensitive steps (adding accounts, new enrolment links, role changes, access
 * tokens, adding or removing passkeys; for the next issues: exporting inquiries, erasing personal
 * data): the session's last proof of a factor (Session.verifiedAt: the sign-in, or a confirmation
 * at /admin/confirm) must be at most 5 minutes old by the injected clock. Otherwise the step is
 * refused before it runs (audited 'reauth.required') and the staff member is sent to the
 * confirmation page, which brings them back to the page to do it again (what a simple form held is
 * not kept: they type it again).
 */
export const REAUTH_MS = 5 * 60_000

/** Whether the session proved a factor within the last 5 minutes at `now`. */
export function recentlyVerified(live: LiveSession | null | undefined, now: number): boolean {
  return !!live && now - live.session.verifiedAt <= REAUTH_MS
}

/** The confirmation page that brings the staff member back to `next` (a staff path) afterwards. */
export function confirmHref(next: string): string {
  return `${STAFF_PATHS.confirm}?next=${encodeURIComponent(next)}`
}

/** The throttle keys of a confirmation: the account (its own, not an address typed) and the client's address. */
export function reauthKeys(req: FastifyRequest): { account: string; address: string } {
  return { account: `reauth:${req.staffSession!.account.id}`, address: `address:${addressKey(req.ip)}` }
}

/**
 * The guard: true when the request's session proved a factor recently enough. Otherwise it answers
 * itself (audited): a form goes to the confirmation page (303, back to the page it was sent from,
 * or to `back` when the form was posted elsewhere: an endpoint's own path is no page);
 * a JSON request gets 403 `{ ok: false, reason: 'reauth', redirect }` for the client to follow.
 * For reuse by any sensitive POST handler: `if (!(await requireRecent(req, reply))) return reply`.
 */
export async function requireRecent(req: FastifyRequest, reply: FastifyReply, kind: 'form' | 'json' = 'form', back?: string): Promise<boolean> {
  const { store, now } = req.server.staffArea
  const live = req.staffSession
  if (recentlyVerified(live, now())) return true
  await store.audit(auditOf(req, live?.account.id ?? null, 'reauth.required', pathTarget(req), 'refused'))
  // A JSON step comes from a page: back to that page (its Referer, when it is a staff page), else the staff home.
  const redirect = confirmHref(back ?? (kind === 'form' ? returnPath(req) : refererPath(req)))
  if (kind === 'json') reply.code(403).send({ ok: false, reason: 'reauth', redirect })
  else reply.redirect(redirect, 303)
  return false
}

/** The staff page a request came from (its Referer's path, same origin), else the staff home. */
function refererPath(req: FastifyRequest): string {
  const referer = req.headers.referer
  if (typeof referer !== 'string') return STAFF_PATHS.home
  try {
    const url = new URL(referer)
    return url.origin === new URL(req.server.staffArea.origin(req)).origin ? nextPath(url.pathname + url.search) : STAFF_PATHS.home
  } catch {
    return STAFF_PATHS.home
  }
}
