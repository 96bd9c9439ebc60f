import type { FastifyRequest } from 'fastify'
import type { AccountRow, AccountsData, AccountsFieldError, AccountsNotice, ConfirmedOp } from '../../../shared/admin/accounts/page-data'
import type { StaffAnswer } from '../../../shared/admin/types'
import { AccountsError } from '../accounts'
import { isRole, type Account, type Role } from '../types'
import { actorOf } from './services'
import { shownTime } from './shown-time'

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

const EMPTY_FORM: AccountsData['form'] = { email: '', name: '', role: 'editor' }

async function page(req: FastifyRequest, change: Partial<AccountsData> = {}): Promise<AccountsData> {
  return { rows: await rowsOf(req), link: null, notice: null, form: EMPTY_FORM, errors: {}, confirm: null, ...change }
}

/** GET /admin/accounts. */
export function loadAccounts(req: FastifyRequest): Promise<AccountsData> {
  return page(req)
}

const FIELD_OF: Record<string, ['email' | 'role' | 'name', AccountsFieldError]> = {
  'invalid-email': ['email', 'email'],
  'duplicate-email': ['email', 'duplicate'],
  'invalid-role': ['role', 'role'],
  'invalid-name': ['name', 'name'],
}

async function add(req: FastifyRequest, body: Record<string, string>): Promise<StaffAnswer<AccountsData>> {
  const role = isRole(body.role) ? body.role : 'editor'
  const form = { email: (body.email ?? '').slice(0, 254), name: (body.name ?? '').slice(0, 100), role }
  try {
    const { accounts, origin } = req.server.staffArea
    // The link is made on the request's public origin (SITE_URL).
    const { account, link } = await accounts.addAccount(actorOf(req), { email: body.email ?? '', role: body.role ?? '', name: body.name ?? '' }, origin(req))
    return { data: await page(req, { notice: 'added', link: { email: account.email, url: link.url, expires: shownTime(link.expiresAt) } }), statusCode: 200 }
  } catch (err) {
    const field = err instanceof AccountsError ? FIELD_OF[err.reason] : undefined
    if (!field) throw err
    return { data: await page(req, { form, errors: { [field[0]]: field[1] } }), statusCode: 400 }
  }
}

/** The account a row's form names (by id), or null. */
async function target(req: FastifyRequest, id: string | undefined): Promise<Account | null> {
  return typeof id === 'string' && id.length <= 64 ? req.server.staffArea.store.findAccount(id) : null
}

const CONFIRMED: readonly string[] = ['disable', 'enable', 'enrol', 'endSessions', 'role'] satisfies ConfirmedOp[]
const isConfirmed = (op: string | undefined): op is ConfirmedOp => CONFIRMED.includes(op ?? '')

/** A confirmed action done to another account: the notice it answers with, its status, and the new link (enrol). */
async function act(req: FastifyRequest, account: Account, op: ConfirmedOp, role: Role): Promise<[AccountsNotice, number, Partial<AccountsData>?]> {
  const { accounts, origin } = req.server.staffArea
  const by = actorOf(req)
  switch (op) {
    case 'disable':
      await accounts.disable(by, account.email)
      return ['disabled', 200]
    case 'enable':
      await accounts.enable(by, account.email)
      return ['enabled', 200]
    case 'endSessions':
      await accounts.endSessions(by, account)
      return ['sessionsEnded', 200]
    case 'role':
      await accounts.setRole(by, account, role)
      return ['role', 200]
    case 'enrol': {
      if (account.disabled) return ['disabledAccount', 409]
      const { link } = await accounts.enrolAgain(by, account.email, origin(req))
      return ['enrol', 200, { link: { email: account.email, url: link.url, expires: shownTime(link.expiresAt) } }]
    }
  }
}

/**
 * POST /admin/accounts (`op`): add (email, role, name: the one-time link shown once); on another
 * account: disable and enable, enrol (a new link: resets the factors, ends the sessions), role,
 * endSessions (every session of it: signed out everywhere). Those run only with `confirmed=1` (the
 * dialog, or the confirmation step the page shows without JavaScript, in the same words). An admin
 * acts on their own account by none of them. Each change audited by the accounts service.
 */
export async function accountsAction(req: FastifyRequest, body: Record<string, string>): Promise<StaffAnswer<AccountsData>> {
  if (body.op === 'add') return add(req, body)
  const account = await target(req, body.account)
  const notice = async (n: AccountsNotice, statusCode = 200, change: Partial<AccountsData> = {}) => ({ data: await page(req, { notice: n, ...change }), statusCode })
  if (!account || !isConfirmed(body.op)) return notice('unknown', account ? 400 : 404)
  if (account.id === req.staffSession!.account.id) return notice('self', 409)
  // A role change names a role; every other action leaves the account's as it is.
  const role = body.op !== 'role' ? account.role : isRole(body.role) ? body.role : null
  if (!role) return notice('unknown', 400)
  if (body.confirmed !== '1') {
    const confirm = { op: body.op, account: { id: account.id, email: account.email, name: account.name, role: account.role }, to: role }
    return { data: await page(req, { confirm }), statusCode: 200 }
  }
  return notice(...(await act(req, account, body.op, role)))
}
