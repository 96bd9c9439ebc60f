/** The audit log page's loader (admins): the entries of a filter, a page at a time. */
import { normaliseEmail } from '../../../server/staff/accounts'
import { shownTime } from '../../../server/staff/http/shown-time'
import { siteDay } from '../../../server/staff/site-day'
import type { AuditQuery } from '../../../server/staff/types'
import { inertText } from '../inert-text'
import { STAFF_PATHS } from '../paths'
import type { StaffLoaderContext } from '../types'
import type { AuditData, AuditProblem } from './page-data'

/** Entries per page; pages beyond the last allowed are refused (a filter narrows a long log). */
const AUDIT_PAGE_SIZE = 50
const MAX_PAGE = 200
const ACTION = /^[a-z][a-z.-]{0,63}$/

const one = (search: URLSearchParams, name: string) => (search.get(name) ?? '').trim().slice(0, 254)

/**
 * GET /admin/audit?account=&action=&day=&page=: the log newest first, filtered. A value that is not
 * valid (an unknown account, a malformed action, day or page) is ignored and said so on the page.
 */
export async function loadAuditPage({ req, search }: StaffLoaderContext): Promise<AuditData> {
  const { store } = req.server.staffArea
  const filters = { account: inertText(one(search, 'account')), action: inertText(one(search, 'action')), day: inertText(one(search, 'day')) }
  const problems: AuditProblem[] = []
  const query: AuditQuery = {}
  if (filters.account) {
    const email = normaliseEmail(filters.account)
    const account = email ? await store.findAccountByEmail(email) : null
    if (account) query.accountId = account.id
    else problems.push('account')
  }
  if (filters.action) {
    if (ACTION.test(filters.action)) query.action = filters.action
    else problems.push('action')
  }
  if (filters.day) {
    const day = siteDay(filters.day)
    if (day) Object.assign(query, day)
    else problems.push('day')
  }
  const pageText = search.get('page')
  let page = 1
  if (pageText !== null) {
    if (/^[1-9]\d{0,3}$/.test(pageText) && Number(pageText) <= MAX_PAGE) page = Number(pageText)
    else problems.push('page')
  }
  const [entries, accounts] = await Promise.all([store.listAudit({ ...query, limit: page * AUDIT_PAGE_SIZE + 1 }), store.listAccounts()])
  const emails = new Map(accounts.map((a) => [a.id, a.email]))
  const shown = entries.slice((page - 1) * AUDIT_PAGE_SIZE, page * AUDIT_PAGE_SIZE)
  const href = (n: number) => {
    const params = new URLSearchParams()
    if (query.accountId) params.set('account', filters.account)
    if (query.action) params.set('action', filters.action)
    if (query.since !== undefined) params.set('day', filters.day)
    if (n > 1) params.set('page', String(n))
    const text = params.toString()
    return text ? `${STAFF_PATHS.audit}?${text}` : STAFF_PATHS.audit
  }
  return {
    rows: shown.map((e) => ({ time: shownTime(e.at), who: e.accountId ? (emails.get(e.accountId) ?? null) : null, address: inertText(e.address), action: inertText(e.action), target: inertText(e.target), outcome: e.outcome, repeats: e.repeats })),
    filters,
    problems,
    page,
    newer: page > 1 ? href(page - 1) : null,
    older: entries.length > page * AUDIT_PAGE_SIZE && page < MAX_PAGE ? href(page + 1) : null,
  }
}
