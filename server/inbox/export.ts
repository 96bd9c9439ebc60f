/**
 * The export (sql.ts): every inquiry a filter matches with its notes and replies, newest first, a page at
 * a time. Pages are keyset pages on seq (the rows below the last seq of the page before), each read in a
 * transaction of its own that also writes an 'export' event per inquiry of the page; the first page writes
 * the audit entry. So memory holds one page whatever the count, and an inquiry received while the export
 * runs never shifts the pages: none is listed twice or missed, and those received after the export started
 * are not in it (their seq is above the first page's).
 */
import type { AuditEntry } from '../staff/types'
import { matchingPage, notesAndReplies, withMail } from './read'
import type { Row, Runner, Work } from '../db/sql'
import type { Dialect } from './dialect'
import type { Actor, ExportedInquiry, InboxFilter } from './types'
import { audit } from '../db/audit'
import { event } from './write'

/** Inquiries per page: a few MB of text at most (messages of 2,000 characters). */
export const EXPORT_PAGE_ROWS = 200

/** One page below seq `before` (null: from the newest) with what comes after it: the seq to read below next, null at the end. */
function* exportPage(d: Dialect, filter: InboxFilter, before: number | null, actor: Actor, at: number, entry: AuditEntry | null): Work<{ rows: ExportedInquiry[]; next: number | null }> {
  const rows: Row[] = yield* matchingPage(d, filter, before, EXPORT_PAGE_ROWS)
  const listed = yield* withMail(rows)
  const { events, replyStatus } = yield* notesAndReplies(rows.map((r) => r.id))
  const out: ExportedInquiry[] = listed.map((row, i) => {
    const r = rows[i]!
    const notes: ExportedInquiry['notes'] = []
    const replies: ExportedInquiry['replies'] = []
    for (const e of events.get(row.id) ?? []) {
      const data = JSON.parse(e.data) as Record<string, any>
      const author = (e.account_name as string | null) ?? null
      if (e.kind === 'note' && typeof data.text === 'string') notes.push({ at: Number(e.at), author, text: data.text })
      if (e.kind === 'reply' && typeof data.body === 'string') {
        const status = (replyStatus.get(Number(data.outboxSeq)) ?? 'cancelled') as ExportedInquiry['replies'][number]['status']
        replies.push({ at: Number(e.at), author, to: data.to, subject: data.subject, body: data.body, status })
      }
    }
    return { ...row, preferredDate: r.preferred_date ?? '', message: r.message, notes, replies }
  })
  for (const row of out) yield* event(row.id, at, actor.accountId, 'export')
  if (entry) yield* audit(entry)
  return { rows: out, next: rows.length === EXPORT_PAGE_ROWS ? Number(rows.at(-1)!.seq) : null }
}

/** The pages of an export (InboxStore.exportPages), each read when the one before has been taken. */
export async function* exportPages(write: Runner['write'], d: Dialect, filter: InboxFilter, actor: Actor, at: number, entry: AuditEntry): AsyncGenerator<ExportedInquiry[], void, undefined> {
  let page = await write(exportPage(d, filter, null, actor, at, entry))
  for (;;) {
    if (page.rows.length) yield page.rows
    if (page.next === null) return
    page = await write(exportPage(d, filter, page.next, actor, at, null))
  }
}
