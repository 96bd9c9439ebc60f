import { STAFF_ROLES } from '../roles'
import { formAction, staffRoute } from '../define'
import { StaffHomePage } from './home-page'
import { changeLanguage, signOut } from './action.server'

/** The staff area's start page: every role, the sections this role may open; the shell's sign-out and language forms. */
export const staffHomeRoute = staffRoute<null>({
  id: 'home',
  Component: StaffHomePage,
  access: STAFF_ROLES,
  titleKey: 'staff.home.title',
  actions: [
    formAction({ at: 'signOut', fields: [], handle: signOut }),
    formAction({ at: 'language', fields: ['next', 'locale'], handle: changeLanguage }),
  ],
})
