import { accountsAction, loadAccounts } from '../../../server/staff/http/admin-accounts'
import type { StaffActionContext, StaffAnswer, StaffLoaderContext } from '../types'
import type { AccountsData } from './page-data'

export function loadAccountsPage({ req }: StaffLoaderContext): Promise<AccountsData> {
  return loadAccounts(req)
}

export function accountsPageAction({ req, body }: StaffActionContext): Promise<StaffAnswer<AccountsData>> {
  return accountsAction(req, body)
}
