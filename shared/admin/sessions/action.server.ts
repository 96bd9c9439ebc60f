/** The sessions page's form: one of the account's own sessions ended. */
import { auditOf } from '../../../server/staff/http/services'
import { clearSessionCookie } from '../../../server/staff/http/session'
import { STAFF_PATHS } from '../paths'
import type { StaffActionContext, StaffAnswer } from '../types'
import type { SessionsData } from './page-data'
import { keyOf, liveSessions, rowsOf } from './loader.server'

/**
 * POST /admin/sessions (`session`: a row's key): ends one of the account's own sessions (audited).
 * Ending this browser's own is signing out.
 */
export async function endSessionAction({ req, reply, body }: StaffActionContext): Promise<StaffAnswer<SessionsData>> {
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
