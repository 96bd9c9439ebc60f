import { STAFF_ROLES } from '../roles'
import { formAction, jsonAction, staffRoute } from '../define'
import { SecurityPage } from './security-page'
import type { SecurityData } from './page-data'
import { loadSecurityPage } from './loader.server'
import { removePasskey, renamePasskey, securityPasskeyAdd, securityPasskeyOptions } from './action.server'

/**
 * The signed-in staff member's own factors (every role; reached from the user menu). Removing a
 * passkey and adding one need a factor proved in the last 5 minutes.
 */
export const securityRoute = staffRoute<SecurityData>({
  id: 'security',
  Component: SecurityPage,
  access: STAFF_ROLES,
  titleKey: 'staff.security.title',
  loader: loadSecurityPage,
  actions: [
    formAction({ intent: 'rename', fields: ['passkey', 'name'], handle: renamePasskey }),
    formAction({ intent: 'remove', fields: ['passkey', 'confirmed'], recent: true, handle: removePasskey }),
    jsonAction({ at: 'securityPasskeyOptions', recent: true, handle: securityPasskeyOptions }),
    jsonAction({ at: 'securityPasskey', fields: ['challengeToken', 'name'], free: ['response'], recent: true, handle: securityPasskeyAdd }),
  ],
})
