/** Stored rows of the inbox as records (both engines: PostgreSQL gives BIGINT as text, hence Number). */
import { toInquiry, type MailState } from '../contact/types'
import type { InboxRow, InquiryEvent, InquiryStatus, OutboxMail, TriageChange } from './types'
import type { Row } from '../db/sql'

export const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v))

/** The inquiry's columns of a list row (inquiries i). */
export const INQUIRY_COLUMNS = 'i.seq, i.id, i.received_at, i.locale, i.name, i.name_kana, i.company, i.email, i.phone, i.inquiry_type, i.status, i.assignee_id, i.legal_hold, i.erased_at'
/** The columns of a list row (inquiries i, its assignee a). */
export const ROW_COLUMNS = `${INQUIRY_COLUMNS}, a.name AS assignee_name`
export const ROW_FROM = 'inquiries i LEFT JOIN staff_accounts a ON a.id = i.assignee_id'

/** A page of inquiries (a SELECT of INQUIRY_COLUMNS from inquiries i) with its assignees' names joined to those rows only. */
export const withAssignees = (pageSql: string) =>
  `SELECT page.*, a.name AS assignee_name FROM (${pageSql}) page LEFT JOIN staff_accounts a ON a.id = page.assignee_id ORDER BY page.seq DESC`

export function toInboxRow(r: Row, mail: InboxRow['mail'] = {}): InboxRow {
  // The contact fields as the inquiry store reads them (a list row has no message or preferred date).
  const { id, receivedAt, locale, name, nameKana, company, email, phone, inquiryType } = toInquiry(r)
  return {
    id,
    receivedAt,
    locale,
    name,
    nameKana,
    company,
    email,
    phone,
    inquiryType,
    status: r.status,
    assigneeId: r.assignee_id ?? null,
    assigneeName: r.assignee_name ?? null,
    legalHold: Number(r.legal_hold) === 1,
    erasedAt: numOrNull(r.erased_at),
    mail,
  }
}

/** The triage columns of a detail's inquiry. */
export const triageOf = (r: Row) => {
  const { status, assigneeId, assigneeName, legalHold, erasedAt } = toInboxRow(r)
  return { status, assigneeId, assigneeName, legalHold, erasedAt }
}

export { toInquiry }

/** The staff / auto-reply states of outbox rows (kind, status, attempts, last_error, sent_at). */
export function mailStates(rows: Row[]): Partial<Record<'staff' | 'auto-reply', MailState>> {
  const mail: Partial<Record<'staff' | 'auto-reply', MailState>> = {}
  for (const m of rows) {
    if (m.kind === 'staff' || m.kind === 'auto-reply') mail[m.kind as 'staff'] = { status: m.status, attempts: Number(m.attempts), lastError: m.last_error ?? null, sentAt: m.sent_at ?? null }
  }
  return mail
}

export const toEvent = (r: Row): InquiryEvent => ({
  seq: Number(r.seq),
  inquiryId: r.inquiry_id,
  at: Number(r.at),
  accountId: r.account_id ?? null,
  accountName: r.account_name ?? null,
  kind: r.kind,
  data: JSON.parse(r.data) as Record<string, unknown>,
})

export const toOutboxMail = (r: Row): OutboxMail => ({
  seq: Number(r.seq),
  inquiryId: r.inquiry_id ?? null,
  kind: r.kind,
  status: r.status,
  attempts: Number(r.attempts),
  lastError: r.last_error ?? null,
  sentAt: r.sent_at ?? null,
  queuedAt: Number(r.queued_at),
})

/** Whether a move from one status to another closes the inquiry (done/spam) or reopens it. */
export function closedAfter(from: InquiryStatus, to: InquiryStatus, closedAt: number | null, at: number): number | null {
  const closed = (s: InquiryStatus) => s === 'done' || s === 'spam'
  if (!closed(to)) return null
  return closed(from) ? closedAt : at
}

export type { TriageChange }
