import { STAFF_ROLES } from '../roles'
import { staffRoute } from '../define'
import { SecurityPage } from './security-page'
import type { SecurityData } from './page-data'
import { loadSecurityPage, securityPageAction } from './loader.server'

/** The signed-in staff member's own factors (every role; reached from the user menu). Removing a passkey needs a recent factor. */
export const securityRoute = staffRoute<SecurityData>({
  id: 'security',
  Component: SecurityPage,
  access: STAFF_ROLES,
  titleKey: 'staff.security.title',
  loader: loadSecurityPage,
  action: securityPageAction,
  recent: (body) => body.op === 'remove',
})
