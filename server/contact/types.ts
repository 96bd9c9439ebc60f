/** The contact form's records: an inquiry as stored and read back, its mail states, and the store's contract. */
import type { ClaimedOutboxMail } from '../outbox/types'
import { randomInt } from 'node:crypto'
import type { Locale } from '../../shared/i18n/locales'
import type { ContactValues } from '../../shared/pages/contact/values'
import { DEFAULT_TIME_ZONE, todayIn } from '../../shared/validation'
import type { Row } from '../db/sql'
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

export type { Row } from '../db/sql'

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

export interface ListOptions {
  /** An ISO instant compared with the time received. */
  since?: string
  limit?: number
  newestFirst?: boolean
}

/**
 * The inquiries, on SQLite (one replica, the default) or PostgreSQL (several): written once over the
 * site's runner (inquiry-store.ts); both engines pass the same contract tests
 * (test/server/contact/store-contract.test.ts). Every write is one transaction, committed before the
 * promise resolves. A store that cannot reach its database rejects with StoreUnavailable
 * (server/errors.ts), which answers 503. The outbox's rows are the outbox's own (server/outbox/types.ts).
 */
export interface InquiryStore {
  readonly engine: 'sqlite' | 'postgres'
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
  schemaVersion(): Promise<number>
}

/** The inquiry of a claimed row; rejects when the row has none or it is gone (a failed attempt, retried). */
export async function inquiryOf(store: Pick<InquiryStore, 'find'>, mail: ClaimedOutboxMail) {
  const inquiry = mail.inquiryId ? await store.find(mail.inquiryId) : null
  if (!inquiry) throw new Error('inquiry not found')
  return inquiry
}
