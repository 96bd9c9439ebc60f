/**
 * The inquiry store's outbox, widened for the inbox (migration 5): the rows written with a new
 * inquiry (their dedupe keys), and the outcome of a mail with its 'mail' event, in one transaction
 * (sql.ts: the same work on both engines).
 */
import type { NewInquiry } from '../contact/store'
import { run, type Work } from '../db/sql'
import { event } from '../inbox/write'
import type { ClaimedOutboxMail, MailFailure } from './types'

/** The mails queued with a new inquiry: the staff mail, the auto-reply unless withheld, the webhook when asked. */
export function inquiryMails(input: Pick<NewInquiry, 'webhook'>, autoReply: boolean): string[] {
  return ['staff', ...(autoReply ? (['auto-reply'] as const) : []), ...(input.webhook ? (['webhook'] as const) : [])]
}

/** Its one-per-inquiry key: '<kind>:<inquiry id>'. */
export const inquiryMailKey = (kind: string, inquiryId: string) => `${kind}:${inquiryId}`

export const ENQUEUE_SQL = 'INSERT INTO outbox (inquiry_id, kind, next_attempt_at, queued_at, dedupe_key) VALUES (?, ?, ?, ?, ?)'

/** Sent, under its claim: the payload is dropped (a reply's text stays in its event); an inquiry's mail gets its event. */
export function* mailSent(mail: ClaimedOutboxMail, sentAt: Date): Work<boolean> {
  const changed: number = yield run(
    "UPDATE outbox SET status = 'sent', attempts = attempts + 1, sent_at = ?, last_error = NULL, claim = NULL, payload = NULL WHERE seq = ? AND claim = ?",
    sentAt.toISOString(),
    mail.seq,
    mail.claim,
  )
  if (changed !== 1) return false
  if (mail.inquiryId) yield* event(mail.inquiryId, sentAt.getTime(), null, 'mail', { outboxSeq: mail.seq, kind: mail.kind, outcome: 'sent', attempts: mail.attempts + 1 })
  return true
}

/** A failed attempt, under its claim: pending again, or failed for good (then an inquiry's mail gets its event). */
export function* mailFailed(mail: ClaimedOutboxMail, { giveUp, nextAttemptAt, error, at }: MailFailure): Work<void> {
  const changed: number = yield run(
    'UPDATE outbox SET status = ?, attempts = attempts + 1, next_attempt_at = ?, last_error = ?, claim = NULL WHERE seq = ? AND claim = ?',
    giveUp ? 'failed' : 'pending',
    nextAttemptAt,
    error,
    mail.seq,
    mail.claim,
  )
  if (changed === 1 && giveUp && mail.inquiryId) {
    yield* event(mail.inquiryId, at ?? nextAttemptAt, null, 'mail', { outboxSeq: mail.seq, kind: mail.kind, outcome: 'failed', attempts: mail.attempts + 1, error })
  }
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
