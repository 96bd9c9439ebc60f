/**
 * The accounts page's forms (admins): add an account (its one-time link shown once), and on another
 * account disable, enable, enrol (a new link: resets the factors, ends the sessions), role,
 * endSessions. Each change audited by the accounts service.
 */
import type { FastifyRequest } from 'fastify'
import { AccountsError } from '../../../server/staff/accounts'
import { actorOf } from '../../../server/staff/http/services'
import { shownTime } from '../../../server/staff/http/shown-time'
import { isRole, type Account, type Role } from '../../../server/staff/types'
import type { StaffActionContext, StaffAnswer } from '../types'
import type { AccountsData, AccountsFieldError, AccountsNotice, ConfirmedOp } from './page-data'
import { accountsPage } from './loader.server'
import { INTENT_FIELD } from '../define'


const FIELD_OF: Record<string, ['email' | 'role' | 'name', AccountsFieldError]> = {
  'invalid-email': ['email', 'email'],
  'duplicate-email': ['email', 'duplicate'],
  'invalid-role': ['role', 'role'],
  'invalid-name': ['name', 'name'],
}

/** POST /admin/accounts `op=add` (email, role, name): the account and its one-time link, or the form again with what is wrong (400). */
export async function addAccount({ req, body }: StaffActionContext): Promise<StaffAnswer<AccountsData>> {
  const role = isRole(body.role) ? body.role : 'editor'
  const form = { email: (body.email ?? '').slice(0, 254), name: (body.name ?? '').slice(0, 100), role }
  try {
    const { accounts, origin } = req.server.staffArea
    // The link is made on the request's public origin (SITE_URL).
    const { account, link } = await accounts.addAccount(actorOf(req), { email: body.email ?? '', role: body.role ?? '', name: body.name ?? '' }, origin(req))
    return { data: await accountsPage(req, { notice: 'added', link: { email: account.email, url: link.url, expires: shownTime(link.expiresAt) } }), statusCode: 200 }
  } catch (err) {
    const field = err instanceof AccountsError ? FIELD_OF[err.reason] : undefined
    if (!field) throw err
    return { data: await accountsPage(req, { form, errors: { [field[0]]: field[1] } }), statusCode: 400 }
  }
}

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
 * POST /admin/accounts, `op` one of ConfirmedOp (the intent the router picked), `account` its id: done
 * only with `confirmed=1` (the dialog, or the confirmation step the page shows without JavaScript, in
 * the same words). An admin acts on their own account by none of them.
 */
export async function changeAccount({ req, body }: StaffActionContext): Promise<StaffAnswer<AccountsData>> {
  const op = body[INTENT_FIELD] as ConfirmedOp
  const id = body.account
  const account = typeof id === 'string' && id.length <= 64 ? await req.server.staffArea.store.findAccount(id) : null
  const notice = async (n: AccountsNotice, statusCode = 200, change: Partial<AccountsData> = {}) => ({ data: await accountsPage(req, { notice: n, ...change }), statusCode })
  if (!account) return notice('unknown', 404)
  if (account.id === req.staffSession!.account.id) return notice('self', 409)
  // A role change names a role; every other action leaves the account's as it is.
  const role = op !== 'role' ? account.role : isRole(body.role) ? body.role : null
  if (!role) return notice('unknown', 400)
  if (body.confirmed !== '1') {
    const confirm = { op, account: { id: account.id, email: account.email, name: account.name, role: account.role }, to: role }
    return { data: await accountsPage(req, { confirm }), statusCode: 200 }
  }
  return notice(...(await act(req, account, op, role)))
}
