/** The accounts page's data (admins): every account with its factors and last sign-in. */
import type { FastifyRequest } from 'fastify'
import { shownTime } from '../../../server/staff/http/shown-time'
import type { StaffLoaderContext } from '../types'
import type { AccountRow, AccountsData } from './page-data'

async function rowsOf(req: FastifyRequest): Promise<AccountRow[]> {
  const { store } = req.server.staffArea
  const self = req.staffSession!.account.id
  const accounts = await store.listAccounts()
  return Promise.all(
    accounts.map(async (a) => {
      const [passkeys, signIns] = await Promise.all([store.listPasskeys(a.id), store.listAudit({ accountId: a.id, action: 'signin', limit: 1 })])
      const last = signIns[0]
      return { id: a.id, email: a.email, name: a.name, role: a.role, disabled: a.disabled, passkeys: passkeys.length, lastSignIn: last ? shownTime(last.at) : null, self: a.id === self }
    }),
  )
}

/** The add form as the page first shows it. */
export const EMPTY_FORM: AccountsData['form'] = { email: '', name: '', role: 'editor' }

/** The page's data, with what an action changes (a notice, the link shown once, the form with errors, a confirmation step). */
export async function accountsPage(req: FastifyRequest, change: Partial<AccountsData> = {}): Promise<AccountsData> {
  return { rows: await rowsOf(req), link: null, notice: null, form: EMPTY_FORM, errors: {}, confirm: null, ...change }
}

/** GET /admin/accounts. */
export function loadAccountsPage({ req }: StaffLoaderContext): Promise<AccountsData> {
  return accountsPage(req)
}
