/** Erasure and export (sql.ts): the two steps that carry or remove an inquiry's personal data as a whole. */
import { matching, notesAndReplies, withMail } from './read'
import { run, get, type Dialect, type Row, type Work } from './sql'

import type { Actor, ExportedInquiry, InboxFilter } from './types'
import { audit, cancelPending, event } from './write'
import type { AuditEntry } from '../staff/types'

/**
 * Erases inquiries' personal data in one transaction: the fields blanked (token and recipient key
 * too), the text of notes and replies removed (their events keep kind, time and author), the search
 * entry deleted, outbox payloads removed and pending mail cancelled; an 'erase' event and an
 * 'inquiry.erase' audit entry each. Already erased ones are skipped, and those on legal hold unless
 * the erasure is a person's request.
 */
export function* erase(d: Dialect, ids: string[], reason: 'retention' | 'request', actor: Actor, at: number): Work<number> {
  let erased = 0
  for (const id of new Set(ids)) {
    const r: Row | undefined = yield get('SELECT seq, legal_hold, erased_at FROM inquiries WHERE id = ?', id)
    if (!r || r.erased_at !== null || (Number(r.legal_hold) === 1 && reason !== 'request')) continue
    yield run(
      `UPDATE inquiries SET name = '', name_kana = NULL, company = NULL, email = '', reply_key = NULL, phone = NULL, preferred_date = NULL, message = '', token = NULL, erased_at = ?
       WHERE id = ?`,
      at,
      id,
    )
    yield run("UPDATE inquiry_events SET data = '{}' WHERE inquiry_id = ? AND kind IN ('note', 'reply')", id)
    yield run(d.indexDelete, r.seq)
    yield* cancelPending(id, at, actor.accountId)
    yield run('UPDATE outbox SET payload = NULL WHERE inquiry_id = ? AND payload IS NOT NULL', id)
    yield* event(id, at, actor.accountId, 'erase', { reason })
    yield* audit({ at, accountId: actor.accountId, address: actor.address, action: 'inquiry.erase', target: `inquiry:${id}`, outcome: 'ok' })
    erased++
  }
  return erased
}

/** Every inquiry the filter matches with its notes and replies; an 'export' event each and the audit entry. */
export function* exportRows(d: Dialect, filter: InboxFilter, actor: Actor, at: number, entry: AuditEntry): Work<ExportedInquiry[]> {
  const rows: Row[] = yield* matching(d, filter)
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
  yield* audit(entry)
  return out
}

