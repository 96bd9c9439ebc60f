import type { FastifyReply, FastifyRequest } from 'fastify'
import { STAFF_PATHS } from '../../../shared/admin/paths'
import type { SessionRow, SessionsData } from '../../../shared/admin/sessions/page-data'
import type { StaffAnswer } from '../../../shared/admin/types'
import { sha256Hex } from '../tokens'
import type { Session } from '../types'
import { auditOf } from './services'
import { deviceName } from '../device-name'
import { clearSessionCookie, expired } from './session'
import { shownTime } from './shown-time'

const keyOf = (session: Session) => sha256Hex(`row:${session.idHash}`).slice(0, 24)

/** The signed-in staff member's live sessions, newest use first. */
async function liveSessions(req: FastifyRequest): Promise<Session[]> {
  const { store, limits, now } = req.server.staffArea
  const live = req.staffSession!
  const sessions = await store.listSessions(live.account.id)
  return sessions.filter((s) => !expired(s, limits, now())).sort((a, b) => b.lastSeenAt - a.lastSeenAt)
}

function rowsOf(req: FastifyRequest, sessions: Session[]): SessionRow[] {
  const current = req.staffSession!.session.idHash
  return sessions.map((s) => ({ key: keyOf(s), device: deviceName(s.userAgent), userAgent: s.userAgent, address: s.address, lastSeen: shownTime(s.lastSeenAt), started: shownTime(s.createdAt), current: s.idHash === current }))
}

/** GET /admin/sessions: where this account is signed in (device, address, last use). */
export async function loadSessions(req: FastifyRequest): Promise<SessionsData> {
  return { rows: rowsOf(req, await liveSessions(req)), notice: null }
}

/**
 * POST /admin/sessions (`session`: a row's key): ends one of the account's own sessions (audited).
 * Ending this browser's own is signing out.
 */
export async function endOwnSession(req: FastifyRequest, reply: FastifyReply, body: Record<string, string>): Promise<StaffAnswer<SessionsData>> {
  const { store } = req.server.staffArea
  const live = req.staffSession!
  const sessions = await liveSessions(req)
  const target = sessions.find((s) => keyOf(s) === body.session)
  if (!target) return { data: { rows: rowsOf(req, sessions), notice: null }, statusCode: 404 }
  await store.endSession(target.idHash, auditOf(req, live.account.id, 'session.end', 'session'))
  if (target.idHash === live.session.idHash) {
    req.staffSession = null
    clearSessionCookie(reply)
    return { redirect: `${STAFF_PATHS.signIn}?signedOut=1` }
  }
  return { data: { rows: rowsOf(req, sessions.filter((s) => s !== target)), notice: 'ended' }, statusCode: 200 }
}
