import { randomInt } from 'node:crypto'
import type { Locale } from '../../shared/i18n/locales'
import type { ContactValues } from '../../shared/pages/contact/values'
import { DEFAULT_TIME_ZONE, todayIn } from '../../shared/validation'
import type { StaffStore } from '../staff/types'
import type { InboxStore } from '../inbox/types'
import type { EditorStore } from '../editor/types'
import type { ClaimedOutboxMail, MailFailure } from '../outbox/types'
import { replyKey } from './auto-reply'

export type MailKind = 'staff' | 'auto-reply'
export const MAIL_KINDS: readonly MailKind[] = ['staff', 'auto-reply']

export interface MailState {
  /** 'cancelled': the inquiry was marked spam or erased before it was sent. */
  status: 'pending' | 'sent' | 'failed' | 'cancelled'
  attempts: number
  lastError: string | null
  sentAt: string | null
}

export interface Inquiry extends ContactValues {
  id: string
  receivedAt: string
  locale: Locale
}

export interface InquiryRecord extends Inquiry {
  mail: Partial<Record<MailKind, MailState>>
}

export interface NewInquiry {
  values: ContactValues
  locale: Locale
  /** The submission token (idempotency key), or null for a request without one. */
  token: string | null
  now: Date
  /** Most auto-replies to one recipient in the 24 hours before `now` (none beyond it); no cap when absent. */
  autoReplyLimit?: number
  /**
   * Most auto-replies to anyone in the hour before `now`, counted over every replica (CONTACT_AUTOREPLY_MAX_PER_HOUR):
   * whatever a recipient's fold misses, the site as a whole sends no more. No budget when absent.
   */
  autoReplyBudgetPerHour?: number
  /** Queues the 'webhook' row with the inquiry (the notice of a new inquiry to a chat or another system). */
  webhook?: boolean
}

/** Why an auto-reply was not queued: its recipient's daily cap, or the site's hourly budget. */
export type AutoReplyWithheld = 'recipient' | 'site'

export interface InsertResult {
  id: string
  /** False for a token seen before: the first inquiry's id, nothing stored. */
  created: boolean
  /** False when the recipient's cap or the site's hourly budget was reached (and for a token seen before). */
  autoReply: boolean
  /** Set when an inquiry was stored without its auto-reply: which limit held it back. */
  withheld?: AutoReplyWithheld
}

export { AUTO_REPLY_BUDGET_WINDOW_MS, AUTO_REPLY_WINDOW_MS, autoReplyWindows, replyKey } from './auto-reply'

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ' // Crockford base 32: no I, L, O, U

/** 'Q-20261122-7F3K2A': the day received in Tokyo and six random characters. */
export function newReference(now: Date): string {
  let tail = ''
  for (let i = 0; i < 6; i++) tail += ALPHABET[randomInt(ALPHABET.length)]
  return `Q-${todayIn(DEFAULT_TIME_ZONE, now).replace(/-/g, '')}-${tail}`
}

export const orNull = (text: string) => (text === '' ? null : text)

export type Row = Record<string, any>

/** A stored row (either engine: the same column names) as an inquiry. */
export function toInquiry(r: Row): Inquiry {
  return {
    id: r.id,
    receivedAt: r.received_at,
    locale: r.locale,
    name: r.name,
    nameKana: r.name_kana ?? '',
    company: r.company ?? '',
    email: r.email,
    emailConfirm: r.email,
    phone: r.phone ?? '',
    inquiryType: r.inquiry_type,
    preferredDate: r.preferred_date ?? '',
    message: r.message,
    privacyConsent: r.privacy_consent === 1 || r.privacy_consent === true,
  }
}

/** The mail states of an inquiry from its outbox rows (its staff mail and auto-reply; other kinds are left out). */
export function mailStatesOf(rows: Row[]): InquiryRecord['mail'] {
  const mail: InquiryRecord['mail'] = {}
  for (const m of rows) {
    if (MAIL_KINDS.includes(m.kind)) mail[m.kind as MailKind] = { status: m.status, attempts: Number(m.attempts), lastError: m.last_error, sentAt: m.sent_at }
  }
  return mail
}

/** The column values of a new inquiry (the same for both engines). */
export function inquiryColumns(input: NewInquiry, id: string) {
  const v = input.values
  return {
    id,
    token: input.token,
    receivedAt: input.now.toISOString(),
    locale: input.locale,
    name: v.name,
    nameKana: orNull(v.nameKana),
    company: orNull(v.company),
    email: v.email,
    replyKey: replyKey(v.email),
    phone: orNull(v.phone),
    inquiryType: v.inquiryType,
    preferredDate: orNull(v.preferredDate),
    message: v.message,
    privacyConsent: v.privacyConsent ? 1 : 0,
  }
}

/** One mail of the outbox, claimed by one worker until its lease ends (server/outbox/types.ts). */
export type ClaimedMail = ClaimedOutboxMail

export interface ListOptions {
  /** An ISO instant compared with the time received. */
  since?: string
  limit?: number
  newestFirst?: boolean
}

/**
 * Inquiries and their mail outbox, in SQLite (one replica, the default) or PostgreSQL (several).
 * The contact service, the outbox worker and the CLI use only this; both engines pass the same
 * contract tests (test/server/contact/store-contract.test.ts). Every write is one transaction,
 * committed before the promise resolves. A store that cannot reach its database rejects with
 * StoreUnavailable (server/errors.ts), which answers 503.
 */
export interface InquiryStore {
  readonly engine: 'sqlite' | 'postgres'
  /**
   * The staff area's accounts, sessions and audit log (server/staff/types.ts), in the same database on
   * the same connection (pool): whoever opens the inquiry store (openStore, the CLIs) has it too, and
   * close() closes both.
   */
  readonly staff: StaffStore
  /** The inquiry inbox (server/inbox/types.ts): triage, history, search, replies, digests, erasure; same database. */
  readonly inbox: InboxStore
  /** The content editor's revisions, translation marks and presence (server/editor/types.ts); same database. */
  readonly editor: EditorStore
  /**
   * Stores an inquiry and queues its mails, atomically: the staff mail always, the auto-reply
   * unless its recipient reached `autoReplyLimit` in the last 24 hours or the site sent
   * `autoReplyBudgetPerHour` in the last hour (both counted across replicas). A token seen before
   * returns the first inquiry's id (created: false) and stores nothing, also when two requests
   * with the same token arrive at the same moment (on any replica). With `webhook` the 'webhook'
   * row is queued too; the inquiry's search index entry is written in the same transaction.
   */
  insert(input: NewInquiry): Promise<InsertResult>
  /** The id of the inquiry stored with this submission token, or null. */
  findByToken(token: string): Promise<string | null>
  find(id: string): Promise<InquiryRecord | null>
  /** Oldest first unless newestFirst. */
  list(options?: ListOptions): Promise<InquiryRecord[]>
  /**
   * Claims the oldest due mail (pending, next attempt due, no live claim; never a cancelled one) for
   * `leaseMs`: no other worker gets it until the lease ends. Null when nothing is due.
   */
  claimMail(now: number, leaseMs: number): Promise<ClaimedMail | null>
  /**
   * Records a sent mail (its payload dropped) and, for an inquiry's mail, its 'mail' event, in one
   * transaction; false when the claim had expired and was taken by another worker.
   */
  mailSent(mail: ClaimedMail, sentAt: Date): Promise<boolean>
  /** Records a failed attempt: pending again at `nextAttemptAt`, or failed for good (an inquiry's mail then gets its 'mail' event). */
  mailFailed(mail: ClaimedMail, outcome: MailFailure): Promise<void>
  /** Queues every mail that failed for good once more; returns how many. */
  retryFailed(now: number): Promise<number>
  /** Mails waiting (pending) and given up on (failed). */
  outboxCounts(): Promise<Record<'pending' | 'failed', number>>
  schemaVersion(): Promise<number>
  /** Resolves when the database answers. */
  ping(): Promise<void>
  close(): Promise<void>
}
