import type { FastifyRequest } from 'fastify'
import type { AuditData, AuditProblem } from '../../../shared/admin/audit/page-data'
import { inertText } from '../../../shared/admin/inert-text'
import { STAFF_PATHS } from '../../../shared/admin/paths'
import { normaliseEmail } from '../accounts'
import type { AuditQuery } from '../types'
import { shownTime } from './shown-time'

/** Entries per page; pages beyond the last allowed are refused (a filter narrows a long log). */
export const AUDIT_PAGE_SIZE = 50
const MAX_PAGE = 200
const DAY_MS = 86_400_000
/** The site's days are Japan's (UTC+9, no daylight saving). */
const SITE_OFFSET_MS = 9 * 60 * 60_000
const ACTION = /^[a-z][a-z.-]{0,63}$/

/** A day typed as YYYY-MM-DD (Japan time): its first and last millisecond in UTC, or null. */
export function siteDay(text: string): { since: number; until: number } | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  if (!m) return null
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const start = Date.UTC(y, mo - 1, d)
  const check = new Date(start)
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null
  return { since: start - SITE_OFFSET_MS, until: start - SITE_OFFSET_MS + DAY_MS - 1 }
}

const one = (search: URLSearchParams, name: string) => (search.get(name) ?? '').trim().slice(0, 254)

/**
 * GET /admin/audit?account=&action=&day=&page=: the log newest first, filtered. A value that is not
 * valid (an unknown account, a malformed action, day or page) is ignored and said so on the page.
 */
export async function loadAudit(req: FastifyRequest, search: URLSearchParams): Promise<AuditData> {
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
