/** The inbox's records (server/inbox/types.ts has the statuses, the filter and the store). */
import type { Locale } from '../../shared/i18n/locales'
import type { InquiryRecord, MailState } from '../contact/types'
import type { InquiryStatus, OutboxKind, OutboxStatus } from '../../shared/admin/inquiry-states'

/** One line of the list. */
export interface InboxRow {
  id: string
  receivedAt: string
  locale: Locale
  name: string
  nameKana: string
  company: string
  email: string
  phone: string
  inquiryType: string
  status: InquiryStatus
  assigneeId: string | null
  /** The assignee's display name (null when unassigned). */
  assigneeName: string | null
  legalHold: boolean
  /** When its personal data was erased (null: not erased). */
  erasedAt: number | null
  /** The state of its staff mail and auto-reply. */
  mail: Partial<Record<'staff' | 'auto-reply', MailState['status'] | 'cancelled'>>
}

export interface InboxPage {
  rows: InboxRow[]
  /** How many match the filter (all pages). */
  total: number
  /** 1-based. */
  page: number
  pageSize: number
}

export type InquiryEventKind = 'view' | 'status' | 'assign' | 'note' | 'hold' | 'reply' | 'mail' | 'retry' | 'export' | 'erase'

/**
 * One thing that happened to an inquiry, oldest first. `data` per kind:
 * - status: { from, to }; assign: { from, to } (account ids or null); hold: { on: boolean }
 * - note: { text }; reply: { outboxSeq, to, subject, body }
 * - mail: { outboxSeq, kind, outcome: 'sent' | 'failed' | 'cancelled', attempts, error? } (written by the outbox with its outcome)
 * - retry: { outboxSeq }; view, export: {}; erase: { reason: 'retention' | 'request' }
 * After erasure, note and reply events keep their kind, time and author, with data {}.
 */
export interface InquiryEvent {
  seq: number
  inquiryId: string
  at: number
  accountId: string | null
  /** The author's display name, joined from the accounts (null for a job, the CLI or the visitor). */
  accountName: string | null
  kind: InquiryEventKind
  data: Record<string, unknown>
}

/** A row of the outbox as a staff page shows it. */
export interface OutboxMail {
  seq: number
  inquiryId: string | null
  kind: OutboxKind
  status: OutboxStatus
  attempts: number
  lastError: string | null
  sentAt: string | null
  /** When it was queued (ms), for the history's order. */
  queuedAt: number
}

export interface InquiryDetail {
  inquiry: InquiryRecord & Omit<InboxRow, keyof InquiryRecord | 'mail'>
  events: InquiryEvent[]
  mails: OutboxMail[]
}

/** A triage change; each present field becomes one event (a note its own). */
export interface TriageChange {
  status?: InquiryStatus
  /** An account id, or null to unassign. The account must exist and not be disabled. */
  assigneeId?: string | null
  note?: string
  legalHold?: boolean
}

/** A reply to queue: the outbox sends it From MAIL_FROM with Reply-To `replyTo`. */
export interface NewReply {
  to: string
  replyTo: string
  subject: string
  body: string
  /** The status to move to with the reply ('waiting' unless chosen otherwise; null keeps it). */
  status: InquiryStatus | null
}

/** What an export (CSV/JSON) or a person's request carries of one inquiry. */
export interface ExportedInquiry extends InboxRow {
  preferredDate: string
  message: string
  notes: { at: number; author: string | null; text: string }[]
  replies: { at: number; author: string | null; to: string; subject: string; body: string; status: OutboxStatus }[]
}

export interface InboxStats {
  /** 26 weeks, oldest first, each starting on a Monday (Japan time), with counts per inquiry type. */
  weeks: { start: string; counts: Record<string, number> }[]
  /** Median time from receipt to first reply queued, over inquiries received in those weeks (null: none replied). */
  medianFirstReplyMs: number | null
  replied: number
}
