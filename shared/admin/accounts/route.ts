import { staffRoute } from '../define'
import { AccountsPage } from './accounts-page'
import type { AccountsData } from './page-data'
import { accountsPageAction, loadAccountsPage } from './loader.server'

/** Staff accounts (admins only): list, add with a one-time enrolment link, disable/enable, a new link, the role. */
export const accountsRoute = staffRoute<AccountsData>({
  id: 'accounts',
  Component: AccountsPage,
  access: ['admin'],
  titleKey: 'staff.accounts.title',
  navKey: 'staff.nav.accounts',
  loader: loadAccountsPage,
  action: accountsPageAction,
  /** Adding an account, a new enrolment link and a role change need a factor proved in the last 5 minutes. */
  recent: (body) => body.op === 'add' || body.op === 'enrol' || body.op === 'role',
})
