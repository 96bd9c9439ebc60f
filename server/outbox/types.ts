/**
 * The outbox's words, shared by the worker, the store of its rows and the areas that register kinds:
 * a row to queue, a claimed row, the outcome of an attempt, the store the worker needs and its hook,
 * the message a mail kind composes, and a kind's registration. Nothing here names an area or a kind:
 * each area registers its own (its mail-kinds.ts), and server/mail-kinds.ts lists the areas.
 */
import type { Work } from '../db/sql'

/** A row to queue (work.ts enqueue), due at once: its kind, its inquiry (null for none), its payload, its dedupe key. */
export interface NewOutboxRow {
  kind: string
  inquiryId: string | null
  /** When it is queued, and first due. */
  at: number
  /** The kind's own JSON text (ClaimedOutboxMail.payload); none for kinds composed from their inquiry. */
  payload?: string | null
  /** At most one row of each key ever (a unique column). */
  dedupeKey?: string | null
}

/** A row cancelled before it was sent (work.ts cancelPending). */
export interface CancelledMail {
  seq: number
  kind: string
  attempts: number
}

/**
 * One row of the outbox, claimed by one worker until its lease ends: its kind (whatever an area
 * registered), its inquiry (null for a row of no inquiry, such as a digest), its payload. The outcome
 * is written only while the claim is still this one.
 */
export interface ClaimedOutboxMail {
  seq: number
  inquiryId: string | null
  kind: string
  attempts: number
  claim: string
  /** The kind's own JSON text, written when queued (a reply's text, a digest's); null for kinds composed from their inquiry. */
  payload: string | null
}

export interface MailFailure {
  giveUp: boolean
  nextAttemptAt: number
  error: string
  /** When the attempt failed (the worker's clock), the outcome's time of a mail given up on; else nextAttemptAt. */
  at?: number
}

/** How a claimed row ended: sent, or failed for good; `attempts` counts this one. */
export type MailOutcome = { outcome: 'sent'; at: number; attempts: number } | { outcome: 'failed'; at: number; attempts: number; error: string }

/** What the composition adds to the outbox's rows (store.ts createOutboxStore). */
export interface OutboxStoreOptions {
  /**
   * Written with the outcome, in its transaction, for every row sent or failed for good under its claim
   * (a row of no inquiry too): the area's own record of it (the inquiry's history event).
   */
  onOutcome?: (mail: ClaimedOutboxMail, outcome: MailOutcome) => Work<void>
}

/** The rows of the outbox as the worker, the CLI and the metrics use them (the same database as the inquiries). */
export interface OutboxStore {
  /**
   * Claims the oldest due mail (pending, next attempt due, no live claim; never a cancelled one) for
   * `leaseMs`: no other worker gets it until the lease ends. Null when nothing is due. With `kinds`, only
   * a row of one of them: a worker never takes a row it cannot send (a kind a newer release added).
   */
  claimMail(now: number, leaseMs: number, kinds?: readonly string[]): Promise<ClaimedOutboxMail | null>
  /**
   * Records a sent mail (its payload dropped) and runs the store's onOutcome, in one transaction; false
   * when the claim had expired and was taken by another worker.
   */
  mailSent(mail: ClaimedOutboxMail, sentAt: Date): Promise<boolean>
  /** Records a failed attempt: pending again at `nextAttemptAt`, or failed for good (then with the store's onOutcome). */
  mailFailed(mail: ClaimedOutboxMail, outcome: MailFailure): Promise<void>
  /** Queues every mail that failed for good once more; returns how many. */
  retryFailed(now: number): Promise<number>
  /** Mails waiting (pending) and given up on (failed). */
  outboxCounts(): Promise<Record<'pending' | 'failed', number>>
}

/** A mail as a kind composes it; the worker adds From (MAIL_FROM) and the encoding. */
export interface MailMessage {
  to: string | { name: string; address: string }
  replyTo?: string | { name: string; address: string }
  subject: string
  text: string
  headers: Record<string, string>
}

/** What the outbox needs of nodemailer (a Transporter, or a fake in tests). */
export interface MailTransport {
  sendMail(message: MailMessage & { from: string; textEncoding?: 'base64' | 'quoted-printable' }): Promise<unknown>
}

/** A kind sent as mail: the worker sends what `compose` makes of the row through the transport. */
export interface MailKindRegistration {
  name: string
  delivery: 'mail'
  /** The message of a claimed row; rejects with the reason it cannot be composed (a failed attempt). */
  compose(mail: ClaimedOutboxMail): Promise<MailMessage>
}

/** A kind delivered by an HTTP POST: `post` composes the request and sends it, answered within `timeoutMs`. */
export interface WebhookKindRegistration {
  name: string
  delivery: 'webhook'
  /** Resolves once the receiver accepted it; rejects with a one-line reason fit for the log (no secret in it). */
  post(mail: ClaimedOutboxMail, timeoutMs: number): Promise<void>
}

/** How one kind of row is composed and delivered: what an area registers for each of its kinds. */
export type KindRegistration = MailKindRegistration | WebhookKindRegistration
