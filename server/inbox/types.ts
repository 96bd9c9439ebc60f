/**
 * The inquiry inbox's records and the store that keeps them: triage (status, assignee,
 * notes, legal hold), the history of each inquiry, search, replies and the other mail the outbox
 * sends (digests, webhooks), statistics, exports, retention and erasure. They live in the inquiry
 * database beside the inquiries (SQLite in DATA_DIR, or PostgreSQL with DATABASE_URL) and are
 * reached as `app.inboxStore` (server/plugins/stores.ts). No HTTP here: the staff plugin, the JSON
 * API, the jobs and the CLI call this.
 *
 * Times are milliseconds since the epoch in records and arguments (the caller's injected clock
 * decides every time; the store never reads the clock), except an inquiry's `receivedAt`, which stays
 * the ISO text it always was. Every change writes its history event(s) and its audit entry in the
 * same transaction as the change.
 */
import type { Locale } from '../../shared/i18n/locales'
import type { InquiryStatus } from '../../shared/admin/inquiry-states'
import type { Actor } from '../db/actor'
import type { AuditEntry } from '../staff/types'
import type { InboxFilter } from './filter'
import type { ExportedInquiry, InboxPage, InboxRow, InboxStats, InquiryDetail, NewReply, TriageChange } from './records'

export type * from './records'
/** Who did something (server/staff/actor.ts); the store's own rules read its role (only an admin lifts a legal hold: hold.ts). */
export type { Actor } from '../db/actor'
export { INQUIRY_STATUSES, OUTBOX_KINDS, type InquiryStatus, type OutboxKind, type OutboxStatus } from '../../shared/admin/inquiry-states'

/** What became of a triage change (InboxStore.change): applied, or nothing of it ('gone': unknown or erased; 'refused': a legal hold). */
export type ChangeOutcome = 'changed' | 'gone' | 'refused'

/** Statuses after which the retention period runs (INQUIRY_RETENTION_DAYS). */
export const CLOSED_STATUSES: readonly InquiryStatus[] = ['done', 'spam']

/**
 * The inbox's store, over the site's database. Every method is one transaction (exportPages one per page);
 * those taking an `audit` entry write it in that transaction (the audit log: server/staff/types.ts).
 */
export interface InboxStore {
  list(filter: InboxFilter, page: { page: number; pageSize: number }): Promise<InboxPage>
  /** Null when no inquiry has this id. */
  detail(id: string): Promise<InquiryDetail | null>
  /** A staff member opened the inquiry (page or API): a 'view' event and an 'inquiry.view' audit entry. */
  recordView(id: string, actor: Actor, at: number, audit: AuditEntry): Promise<void>
  /**
   * Applies a triage change; spam cancels its pending mail. Nothing of it is applied when the inquiry
   * is unknown or erased ('gone'), or when it would lift a legal hold and the actor may not
   * (`mayLiftHold`): 'refused', with a 'request.refused' audit entry (target `inquiry:<id> hold`,
   * from `audit`) in place of the change's.
   */
  change(id: string, change: TriageChange, actor: Actor, at: number, audit: AuditEntry): Promise<ChangeOutcome>
  /** Queues a reply in the outbox (and its event, the status change, the first-reply time); its outbox seq, or null when unknown/erased. */
  queueReply(id: string, reply: NewReply, actor: Actor, at: number, audit: AuditEntry): Promise<number | null>
  /** A failed mail of this inquiry is pending again, due now; a pending one is due now. False when not this inquiry's, sent or cancelled. */
  retryMail(id: string, seq: number, actor: Actor, at: number, audit: AuditEntry): Promise<boolean>
  stats(now: number): Promise<InboxStats>
  /**
   * Every inquiry the filter matches, newest first, with notes and replies, a page at a time (export.ts):
   * each page read when the one before has been taken, in a transaction of its own writing an 'export'
   * event per inquiry of the page; the first page also writes the audit entry. Those received after the
   * export started are not in it; none is listed twice. Memory holds one page, whatever the count.
   */
  exportPages(filter: InboxFilter, actor: Actor, at: number, audit: AuditEntry): AsyncIterable<ExportedInquiry[]>
  /** Inquiries closed (done/spam) before `closedBefore`, not on legal hold, not erased yet: their ids. */
  dueForErasure(closedBefore: number): Promise<string[]>
  /**
   * Erases an inquiry's personal data: its fields (name, furigana, company, email, phone, message,
   * preferred date, token), the text of its notes and replies, its search index entry and its outbox
   * payloads (pending mail cancelled). Keeps reference, dates, type, locale and status, and writes an
   * 'erase' event and one audit entry ('inquiry.erase') per inquiry. Returns how many were erased
   * (already erased ones are skipped; one on legal hold is skipped unless `reason` is 'request').
   */
  erase(ids: string[], reason: 'retention' | 'request', actor: Actor, at: number): Promise<number>
  /**
   * Runs a scheduled job's period once across every replica: true for the one caller that claimed
   * (job, period), false for every other (the same on PostgreSQL with many replicas). With `entry`, the
   * claim writes that audit entry in its transaction (a scheduled publication's `content.publish`).
   */
  claimJob(job: string, period: string, at: number, entry?: AuditEntry): Promise<boolean>
  /** Queues a digest mail once per (account, day): false when that digest was queued already. */
  queueDigest(accountId: string, day: string, payload: { to: string; subject: string; text: string }, at: number): Promise<boolean>
  /** A responder's digest: the open inquiries assigned to them, and those left 'new' since before `newBefore` (ISO). */
  digestFor(accountId: string, newBefore: string): Promise<{ assigned: InboxRow[]; stale: InboxRow[] }>
}

export type { Dialect } from './dialect'
export { PAGE_SIZE, parseInboxQuery, type InboxFilter } from './filter'
