import { STAFF_ROLES } from '../roles'
import { staffRoute } from '../define'
import { StaffHomePage } from './home-page'

/** The staff area's start page: every role, the sections this role may open. */
export const staffHomeRoute = staffRoute<null>({
  id: 'home',
  Component: StaffHomePage,
  access: STAFF_ROLES,
  titleKey: 'staff.home.title',
})
