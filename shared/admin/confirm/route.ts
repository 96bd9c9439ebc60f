import { STAFF_ROLES } from '../roles'
import { staffRoute } from '../define'
import { ConfirmPage } from './confirm-page'
import type { ConfirmData } from './page-data'
import { confirmPageAction, loadConfirmPage } from './loader.server'

/** Re-authentication before a sensitive step (every role): a factor proved again, then back to the page. */
export const confirmRoute = staffRoute<ConfirmData>({
  id: 'confirm',
  Component: ConfirmPage,
  access: STAFF_ROLES,
  titleKey: 'staff.confirm.title',
  loader: loadConfirmPage,
  action: confirmPageAction,
})
