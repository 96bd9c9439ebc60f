/** The sessions page's data: where the signed-in account is signed in. */
import type { FastifyRequest } from 'fastify'
import { deviceName } from '../../../server/staff/device-name'
import { expired } from '../../../server/staff/http/session'
import { shownTime } from '../../../server/staff/http/shown-time'
import { sha256Hex } from '../../../server/staff/tokens'
import type { Session } from '../../../server/staff/types'
import type { StaffLoaderContext } from '../types'
import type { SessionRow, SessionsData } from './page-data'

/** A session's key on the page (a row's form names it): never its id or the id's hash. */
export const keyOf = (session: Session) => sha256Hex(`row:${session.idHash}`).slice(0, 24)

/** The signed-in staff member's live sessions, newest use first. */
export async function liveSessions(req: FastifyRequest): Promise<Session[]> {
  const { store, limits, now } = req.server.staffArea
  const live = req.staffSession!
  const sessions = await store.listSessions(live.account.id)
  return sessions.filter((s) => !expired(s, limits, now())).sort((a, b) => b.lastSeenAt - a.lastSeenAt)
}

/** The page's rows of these sessions, this browser's marked. */
export function rowsOf(req: FastifyRequest, sessions: Session[]): SessionRow[] {
  const current = req.staffSession!.session.idHash
  return sessions.map((s) => ({ key: keyOf(s), device: deviceName(s.userAgent), userAgent: s.userAgent, address: s.address, lastSeen: shownTime(s.lastSeenAt), started: shownTime(s.createdAt), current: s.idHash === current }))
}

/** GET /admin/sessions: where this account is signed in (device, address, last use). */
export async function loadSessionsPage({ req }: StaffLoaderContext): Promise<SessionsData> {
  return { rows: rowsOf(req, await liveSessions(req)), notice: null }
}
