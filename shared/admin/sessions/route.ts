import { STAFF_ROLES } from '../roles'
import { staffRoute } from '../define'
import { SessionsPage } from './sessions-page'
import type { SessionsData } from './page-data'
import { endSessionAction, loadSessionsPage } from './loader.server'

/** The signed-in staff member's sessions (every role; reached from the user menu). */
export const sessionsRoute = staffRoute<SessionsData>({
  id: 'sessions',
  Component: SessionsPage,
  access: STAFF_ROLES,
  titleKey: 'staff.sessions.title',
  loader: loadSessionsPage,
  action: endSessionAction,
})
