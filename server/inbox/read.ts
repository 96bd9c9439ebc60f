/** The inbox's reading work (sql.ts): the list, one inquiry, the digest's lists, what is due for erasure. */
import { searchWords } from './search-text'
import { all, get, marks, type Row, type Work } from '../db/sql'
import type { Dialect } from './dialect'
import { INQUIRY_COLUMNS, mailStates, ROW_COLUMNS, ROW_FROM, toEvent, toInboxRow, toInquiry, toOutboxMail, triageOf, withAssignees } from './rows'
import type { InboxFilter, InboxPage, InboxRow, InquiryDetail } from './types'

/** The WHERE of a filter over `inquiries i` (always at least one condition). */
export function filterWhere(f: InboxFilter, d: Dialect): { where: string; args: unknown[] } {
  const w: string[] = []
  const args: unknown[] = []
  const add = (condition: string, ...values: unknown[]) => {
    w.push(condition)
    args.push(...values)
  }
  if (!f.includeErased) add('i.erased_at IS NULL')
  if (f.statuses?.length) add(`i.status IN (${marks(f.statuses.length)})`, ...f.statuses)
  if (f.assignee === 'none') add('i.assignee_id IS NULL')
  else if (f.assignee) add('i.assignee_id = ?', f.assignee)
  if (f.inquiryType) add('i.inquiry_type = ?', f.inquiryType)
  if (f.locale) add('i.locale = ?', f.locale)
  if (f.receivedFrom) add('i.received_at >= ?', f.receivedFrom)
  if (f.receivedBefore) add('i.received_at < ?', f.receivedBefore)
  if (f.email !== undefined) add('lower(i.email) = lower(?)', f.email)
  const words = f.q ? searchWords(f.q) : []
  if (words.length) {
    const search = d.searchWhere(words)
    add(`i.seq IN (SELECT ${d.searchKey} FROM inquiry_search WHERE ${search.sql})`, ...search.args)
  }
  return { where: w.length ? w.join(' AND ') : '1 = 1', args }
}

/** The words of a filter that searches and does nothing else (erased inquiries have no search entry), or null. */
function searchOnly(f: InboxFilter): string[] | null {
  const words = f.q ? searchWords(f.q) : []
  const others = f.statuses?.length || f.assignee || f.inquiryType || f.locale || f.receivedFrom || f.receivedBefore || f.email !== undefined
  return words.length && !others ? words : null
}

/** The staff mail and auto-reply states of these rows' inquiries. */
export function* withMail(rows: Row[]): Work<InboxRow[]> {
  if (rows.length === 0) return []
  const mails: Row[] = yield all(`SELECT inquiry_id, kind, status FROM outbox WHERE inquiry_id IN (${marks(rows.length)}) AND kind IN ('staff', 'auto-reply')`, ...rows.map((r) => r.id))
  const byInquiry = new Map<string, InboxRow['mail']>()
  for (const m of mails) byInquiry.set(m.inquiry_id, { ...byInquiry.get(m.inquiry_id), [m.kind]: m.status })
  return rows.map((r) => toInboxRow(r, byInquiry.get(r.id) ?? {}))
}

/** The list's two statements: how many match, and the page's rows (newest first). */
export function listStatements(d: Dialect, filter: InboxFilter, { page, pageSize }: { page: number; pageSize: number }) {
  const words = searchOnly(filter)
  if (words) {
    // Counted and paged in the search table alone: only the page's inquiries are read.
    const { sql, args } = d.searchWhere(words)
    const key = d.searchKey
    return {
      count: get(`SELECT COUNT(*) AS n FROM inquiry_search WHERE ${sql}`, ...args),
      rows: all(
        withAssignees(`SELECT ${INQUIRY_COLUMNS} FROM inquiries i WHERE i.seq IN (SELECT ${key} FROM inquiry_search WHERE ${sql} ORDER BY ${key} DESC LIMIT ? OFFSET ?)`),
        ...args,
        pageSize,
        (page - 1) * pageSize,
      ),
    }
  }
  const { where, args } = filterWhere(filter, d)
  return {
    count: get(`SELECT COUNT(*) AS n FROM inquiries i WHERE ${where}`, ...args),
    // The page is chosen in inquiries alone, then its 50 rows get their assignee (a join row by row over an offset costs).
    rows: all(withAssignees(`SELECT ${INQUIRY_COLUMNS} FROM inquiries i WHERE ${where} ORDER BY i.seq DESC LIMIT ? OFFSET ?`), ...args, pageSize, (page - 1) * pageSize),
  }
}

export function* list(d: Dialect, filter: InboxFilter, paging: { page: number; pageSize: number }): Work<InboxPage> {
  const statements = listStatements(d, filter, paging)
  const count: Row = yield statements.count
  const rows: Row[] = yield statements.rows
  return { rows: yield* withMail(rows), total: Number(count.n), page: paging.page, pageSize: paging.pageSize }
}

/** A page of the rows the filter matches, newest first: at most `limit`, below seq `before` (null: from the newest); the export's keyset pages. */
export function* matchingPage(d: Dialect, filter: InboxFilter, before: number | null, limit: number): Work<Row[]> {
  const { where, args } = filterWhere(filter, d)
  const below = before === null ? { sql: '', args: [] } : { sql: ' AND i.seq < ?', args: [before] }
  return yield all(`SELECT ${ROW_COLUMNS}, i.preferred_date, i.message FROM ${ROW_FROM} WHERE ${where}${below.sql} ORDER BY i.seq DESC LIMIT ?`, ...args, ...below.args, limit)
}

export const EVENT_SELECT = 'SELECT e.*, s.name AS account_name FROM inquiry_events e LEFT JOIN staff_accounts s ON s.id = e.account_id'

export function* detail(id: string): Work<InquiryDetail | null> {
  const r: Row | undefined = yield get(`SELECT i.*, a.name AS assignee_name FROM ${ROW_FROM} WHERE i.id = ?`, id)
  if (!r) return null
  const mails: Row[] = yield all('SELECT * FROM outbox WHERE inquiry_id = ? ORDER BY queued_at, seq', id)
  const events: Row[] = yield all(`${EVENT_SELECT} WHERE e.inquiry_id = ? ORDER BY e.seq`, id)
  return {
    inquiry: { ...toInquiry(r), mail: mailStates(mails), ...triageOf(r) },
    events: events.map(toEvent),
    mails: mails.map(toOutboxMail),
  }
}

export function* digestFor(accountId: string, newBefore: string): Work<{ assigned: InboxRow[]; stale: InboxRow[] }> {
  const open = "i.status IN ('new', 'in-progress', 'waiting') AND i.erased_at IS NULL"
  const assigned: Row[] = yield all(`SELECT ${ROW_COLUMNS} FROM ${ROW_FROM} WHERE i.assignee_id = ? AND ${open} ORDER BY i.seq DESC`, accountId)
  const stale: Row[] = yield all(`SELECT ${ROW_COLUMNS} FROM ${ROW_FROM} WHERE i.status = 'new' AND i.received_at < ? AND i.erased_at IS NULL ORDER BY i.seq DESC`, newBefore)
  return { assigned: yield* withMail(assigned), stale: yield* withMail(stale) }
}

export function* dueForErasure(closedBefore: number): Work<string[]> {
  const rows: Row[] = yield all('SELECT id FROM inquiries WHERE closed_at < ? AND legal_hold = 0 AND erased_at IS NULL ORDER BY closed_at, seq', closedBefore)
  return rows.map((r) => r.id as string)
}

/** Notes and replies of inquiries (events), and the states of their reply mails (outbox seq → status), for the export. */
export function* notesAndReplies(ids: string[]): Work<{ events: Map<string, Row[]>; replyStatus: Map<number, string> }> {
  const events = new Map<string, Row[]>()
  const replyStatus = new Map<number, string>()
  for (let i = 0; i < ids.length; i += 500) {
    const part = ids.slice(i, i + 500)
    const rows: Row[] = yield all(`${EVENT_SELECT} WHERE e.inquiry_id IN (${marks(part.length)}) AND e.kind IN ('note', 'reply') ORDER BY e.seq`, ...part)
    for (const r of rows) events.set(r.inquiry_id, [...(events.get(r.inquiry_id) ?? []), r])
    const mails: Row[] = yield all(`SELECT seq, status FROM outbox WHERE inquiry_id IN (${marks(part.length)}) AND kind = 'reply'`, ...part)
    for (const m of mails) replyStatus.set(Number(m.seq), m.status)
  }
  return { events, replyStatus }
}
