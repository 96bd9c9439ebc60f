/**
 * The inbox's writing work (sql.ts): triage, replies, retries, views, a mail's outcome; each with its
 * events and audit entry. The outbox's rows are written by the outbox's own work (server/outbox/work.ts).
 */
import { audit, type AuditEntry } from '../db/audit'
import { mayLiftHold } from './hold'
import { closedAfter } from './rows'
import { InboxRefused } from './refused'
import { get, run, type Row, type Work } from '../db/sql'
import type { ClaimedOutboxMail, MailOutcome } from '../outbox/types'
import * as outbox from '../outbox/work'
import { INQUIRY_STATUSES, type Actor, type ChangeOutcome, type InquiryEventKind, type InquiryStatus, type NewReply, type TriageChange } from './types'

/** One entry of an inquiry's history. */
export function* event(inquiryId: string, at: number, accountId: string | null, kind: InquiryEventKind, data: Record<string, unknown> = {}): Work<void> {
  yield run('INSERT INTO inquiry_events (inquiry_id, at, account_id, kind, data) VALUES (?, ?, ?, ?, ?)', inquiryId, at, accountId, kind, JSON.stringify(data))
}

/** The inquiry (seq, status, assignee, hold, closed, erased), or undefined when unknown. */
const inquiry = (id: string) => get('SELECT seq, status, assignee_id, legal_hold, closed_at, erased_at FROM inquiries WHERE id = ?', id)

/** Pending mail of an inquiry cancelled, each with its 'mail' event. */
export function* cancelPending(id: string, at: number, accountId: string | null): Work<void> {
  for (const m of yield* outbox.cancelPending(id)) {
    yield* event(id, at, accountId, 'mail', { outboxSeq: m.seq, kind: m.kind, outcome: 'cancelled', attempts: m.attempts })
  }
}

/** An inquiry's mail sent or given up on: its 'mail' event (the outbox store's onOutcome); none for a row of no inquiry. */
export function* mailOutcome(mail: ClaimedOutboxMail, o: MailOutcome): Work<void> {
  if (!mail.inquiryId) return
  const error = o.outcome === 'failed' ? { error: o.error } : {}
  yield* event(mail.inquiryId, o.at, null, 'mail', { outboxSeq: mail.seq, kind: mail.kind, outcome: o.outcome, attempts: o.attempts, ...error })
}

function* setStatus(id: string, r: Row, to: InquiryStatus, actor: Actor, at: number): Work<void> {
  if (!(INQUIRY_STATUSES as readonly string[]).includes(to)) throw new InboxRefused('unknown-status', `no status ${String(to)}`)
  if (r.status === to) return
  yield run('UPDATE inquiries SET status = ?, closed_at = ? WHERE id = ?', to, closedAfter(r.status, to, r.closed_at === null ? null : Number(r.closed_at), at), id)
  yield* event(id, at, actor.accountId, 'status', { from: r.status, to })
  if (to === 'spam') yield* cancelPending(id, at, actor.accountId)
}

export function* recordView(id: string, actor: Actor, at: number, entry: AuditEntry): Work<void> {
  if (yield inquiry(id)) yield* event(id, at, actor.accountId, 'view')
  yield* audit(entry)
}

/** A triage change (types.ts InboxStore.change): lifting a legal hold without the right refuses all of it, audited, in this transaction. */
export function* change(id: string, c: TriageChange, actor: Actor, at: number, entry: AuditEntry): Work<ChangeOutcome> {
  const r: Row | undefined = yield inquiry(id)
  if (!r || r.erased_at !== null) return 'gone'
  const held = Number(r.legal_hold) === 1
  if (c.legalHold === false && held && !mayLiftHold(actor.role)) {
    yield* audit({ ...entry, action: 'request.refused', target: `inquiry:${id} hold`, outcome: 'refused' })
    return 'refused'
  }
  if (c.assigneeId !== undefined && c.assigneeId !== (r.assignee_id ?? null)) {
    if (c.assigneeId !== null) {
      const account: Row | undefined = yield get('SELECT disabled FROM staff_accounts WHERE id = ?', c.assigneeId)
      if (!account) throw new InboxRefused('unknown-assignee', `no staff account with the id ${c.assigneeId}`)
      if (Number(account.disabled) === 1) throw new InboxRefused('disabled-assignee', `the staff account ${c.assigneeId} is disabled`)
    }
    yield run('UPDATE inquiries SET assignee_id = ? WHERE id = ?', c.assigneeId, id)
    yield* event(id, at, actor.accountId, 'assign', { from: r.assignee_id ?? null, to: c.assigneeId })
  }
  if (c.status !== undefined) yield* setStatus(id, r, c.status, actor, at)
  if (c.note !== undefined && c.note.trim() !== '') yield* event(id, at, actor.accountId, 'note', { text: c.note })
  if (c.legalHold !== undefined && c.legalHold !== held) {
    yield run('UPDATE inquiries SET legal_hold = ? WHERE id = ?', c.legalHold ? 1 : 0, id)
    yield* event(id, at, actor.accountId, 'hold', { on: c.legalHold })
  }
  yield* audit(entry)
  return 'changed'
}

/** A reply queued (types.ts InboxStore.queueReply): its outbox seq, or null for an unknown or erased inquiry. */
export function* queueReply(id: string, reply: NewReply, actor: Actor, at: number, entry: AuditEntry): Work<number | null> {
  const r: Row | undefined = yield inquiry(id)
  if (!r || r.erased_at !== null) return null
  const payload = JSON.stringify({ to: reply.to, replyTo: reply.replyTo, subject: reply.subject, body: reply.body })
  const seq = yield* outbox.enqueue({ kind: 'reply', inquiryId: id, at, payload })
  yield* event(id, at, actor.accountId, 'reply', { outboxSeq: seq, to: reply.to, subject: reply.subject, body: reply.body })
  yield run('UPDATE inquiries SET first_reply_at = COALESCE(first_reply_at, ?) WHERE id = ?', at, id)
  if (reply.status !== null) yield* setStatus(id, r, reply.status, actor, at)
  yield* audit(entry)
  return seq
}

/** An inquiry's failed or pending mail due again (types.ts InboxStore.retryMail), with its 'retry' event. */
export function* retryMail(id: string, seq: number, actor: Actor, at: number, entry: AuditEntry): Work<boolean> {
  if (!(yield* outbox.retryMail(id, seq, at))) return false
  yield* event(id, at, actor.accountId, 'retry', { outboxSeq: seq })
  yield* audit(entry)
  return true
}

/** An account's digest of the day queued, once on every replica (types.ts InboxStore.queueDigest). */
export function* queueDigest(accountId: string, day: string, payload: { to: string; subject: string; text: string }, at: number): Work<boolean> {
  const text = JSON.stringify({ to: payload.to, subject: payload.subject, text: payload.text })
  return (yield* outbox.enqueueOnce({ kind: 'digest', inquiryId: null, at, payload: text, dedupeKey: `digest:${accountId}:${day}` })) !== null
}
