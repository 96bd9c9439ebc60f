/**
 * The outbox's writes as units of work (sql.ts: the same work on both engines), claims apart (store.ts):
 * the areas queue, cancel, retry and empty their rows with these inside their own work, so a row and
 * the area's record of it share one transaction; the worker's outcomes run the store's onOutcome hook
 * (types.ts OutboxStoreOptions) in theirs. Which rows an area queues, and what it records, is its own.
 */
import { all, get, run, type Row, type Work } from '../db/sql'
import type { CancelledMail, ClaimedOutboxMail, MailFailure, NewOutboxRow, OutboxStoreOptions } from './types'

const INSERT = 'INSERT INTO outbox (inquiry_id, kind, next_attempt_at, queued_at, payload, dedupe_key) VALUES (?, ?, ?, ?, ?, ?)'

function* insert({ kind, inquiryId, at, payload = null, dedupeKey = null }: NewOutboxRow, onConflict: string): Work<number | null> {
  const row: Row | undefined = yield get(`${INSERT}${onConflict} RETURNING seq`, inquiryId, kind, at, at, payload, dedupeKey)
  return row ? Number(row.seq) : null
}

/** Queues a row; its seq. A dedupe key queued already fails the transaction (a unique violation). */
export function* enqueue(row: NewOutboxRow): Work<number> {
  return (yield* insert(row, ''))!
}

/** Queues a row unless one of its dedupe key was ever queued (on any replica): its seq, or null. */
export function* enqueueOnce(row: NewOutboxRow & { dedupeKey: string }): Work<number | null> {
  return yield* insert(row, ' ON CONFLICT (dedupe_key) DO NOTHING')
}

/** Cancels an inquiry's pending rows (a live claim dropped: its outcome is no longer written); those cancelled, by seq. */
export function* cancelPending(inquiryId: string): Work<CancelledMail[]> {
  const rows: Row[] = yield all("UPDATE outbox SET status = 'cancelled', claim = NULL WHERE inquiry_id = ? AND status = 'pending' RETURNING seq, kind, attempts", inquiryId)
  return rows.map((r) => ({ seq: Number(r.seq), kind: r.kind, attempts: Number(r.attempts) })).sort((a, b) => a.seq - b.seq)
}

/**
 * An inquiry's row `seq` due again at `at`: a failed one pending again from its first attempt, a pending
 * one due now. False when it is not the inquiry's, or neither failed nor pending.
 */
export function* retryMail(inquiryId: string, seq: number, at: number): Work<boolean> {
  const m: Row | undefined = yield get('SELECT status, claim FROM outbox WHERE seq = ? AND inquiry_id = ?', seq, inquiryId)
  if (!m || (m.status !== 'failed' && m.status !== 'pending')) return false
  // A pending mail under a live claim is being sent right now: left to its worker (the claim expires by itself).
  if (m.status === 'failed') yield run("UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = ?, claim = NULL WHERE seq = ?", at, seq)
  else yield run('UPDATE outbox SET next_attempt_at = ? WHERE seq = ? AND claim IS NULL', at, seq)
  return true
}

/** Drops the payloads of an inquiry's rows (a reply's text, gone with the inquiry's personal data). */
export function* dropPayloads(inquiryId: string): Work<void> {
  yield run('UPDATE outbox SET payload = NULL WHERE inquiry_id = ? AND payload IS NOT NULL', inquiryId)
}

/** Sent, under its claim: the payload is dropped (a reply's text stays in its event), then `onOutcome`. */
export function* mailSent(mail: ClaimedOutboxMail, sentAt: Date, { onOutcome }: OutboxStoreOptions = {}): Work<boolean> {
  const changed: number = yield run(
    "UPDATE outbox SET status = 'sent', attempts = attempts + 1, sent_at = ?, last_error = NULL, claim = NULL, payload = NULL WHERE seq = ? AND claim = ?",
    sentAt.toISOString(),
    mail.seq,
    mail.claim,
  )
  if (changed !== 1) return false
  if (onOutcome) yield* onOutcome(mail, { outcome: 'sent', at: sentAt.getTime(), attempts: mail.attempts + 1 })
  return true
}

/** A failed attempt, under its claim: pending again, or failed for good (then `onOutcome`). */
export function* mailFailed(mail: ClaimedOutboxMail, { giveUp, nextAttemptAt, error, at }: MailFailure, { onOutcome }: OutboxStoreOptions = {}): Work<void> {
  const changed: number = yield run(
    'UPDATE outbox SET status = ?, attempts = attempts + 1, next_attempt_at = ?, last_error = ?, claim = NULL WHERE seq = ? AND claim = ?',
    giveUp ? 'failed' : 'pending',
    nextAttemptAt,
    error,
    mail.seq,
    mail.claim,
  )
  if (changed === 1 && giveUp && onOutcome) yield* onOutcome(mail, { outcome: 'failed', at: at ?? nextAttemptAt, attempts: mail.attempts + 1, error })
}

/** A claimed row as the worker gets it. */
export const toClaimed = (r: Record<string, any>, claim: string): ClaimedOutboxMail => ({
  seq: Number(r.seq),
  inquiryId: r.inquiry_id ?? null,
  kind: r.kind,
  attempts: Number(r.attempts),
  claim,
  payload: r.payload ?? null,
})
