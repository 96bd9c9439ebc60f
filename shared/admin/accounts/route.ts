import { formAction, staffRoute } from '../define'
import { AccountsPage } from './accounts-page'
import type { AccountsData } from './page-data'
import { loadAccountsPage } from './loader.server'
import { addAccount, changeAccount } from './action.server'

/** A row's form: the account, `confirmed` (the dialog, or the confirmation step). */
const ROW = ['account', 'confirmed']

/**
 * Staff accounts (admins only): list, add with a one-time enrolment link, disable/enable, a new link,
 * the role, end its sessions. Adding, a new link and a role change need a factor proved in the last 5 minutes.
 */
export const accountsRoute = staffRoute<AccountsData>({
  id: 'accounts',
  Component: AccountsPage,
  access: ['admin'],
  titleKey: 'staff.accounts.title',
  navKey: 'staff.nav.accounts',
  loader: loadAccountsPage,
  actions: [
    formAction({ intent: 'add', fields: ['email', 'name', 'role'], recent: true, handle: addAccount }),
    formAction({ intent: 'enrol', fields: ROW, recent: true, handle: changeAccount }),
    formAction({ intent: 'role', fields: [...ROW, 'role'], recent: true, handle: changeAccount }),
    formAction({ intent: 'disable', fields: ROW, handle: changeAccount }),
    formAction({ intent: 'enable', fields: ROW, handle: changeAccount }),
    formAction({ intent: 'endSessions', fields: ROW, handle: changeAccount }),
  ],
})
