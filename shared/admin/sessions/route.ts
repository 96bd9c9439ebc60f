import { STAFF_ROLES } from '../roles'
import { formAction, staffRoute } from '../define'
import { SessionsPage } from './sessions-page'
import type { SessionsData } from './page-data'
import { loadSessionsPage } from './loader.server'
import { endSessionAction } from './action.server'

/** The signed-in staff member's sessions (every role; reached from the user menu); a row's form ends one. */
export const sessionsRoute = staffRoute<SessionsData>({
  id: 'sessions',
  Component: SessionsPage,
  access: STAFF_ROLES,
  titleKey: 'staff.sessions.title',
  loader: loadSessionsPage,
  actions: [formAction({ fields: ['session'], handle: endSessionAction })],
})
