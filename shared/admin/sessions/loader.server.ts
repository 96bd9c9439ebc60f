import { endOwnSession, loadSessions } from '../../../server/staff/http/sessions'
import type { StaffActionContext, StaffAnswer, StaffLoaderContext } from '../types'
import type { SessionsData } from './page-data'

export function loadSessionsPage({ req }: StaffLoaderContext): Promise<SessionsData> {
  return loadSessions(req)
}

export function endSessionAction({ req, reply, body }: StaffActionContext): Promise<StaffAnswer<SessionsData>> {
  return endOwnSession(req, reply, body)
}
