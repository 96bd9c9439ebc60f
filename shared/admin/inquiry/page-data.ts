import type { Locale } from '../../i18n/locales'
import type { ShownTime } from '../accounts/page-data'

import type { InquiryStatus, OutboxKind, OutboxStatus } from '../inquiry-states'

export { INQUIRY_STATUSES, type InquiryStatus, type OutboxKind, type OutboxStatus } from '../inquiry-states'

/** Limits of the forms (the server checks them; the fields carry them as maxLength). */
export const NOTE_MAX = 5_000
export const SUBJECT_MAX = 200
export const BODY_MAX = 20_000

/** The inquiry's fields exactly as sent (shown inert by the page). */
export interface InquiryFields {
  reference: string
  received: ShownTime
  locale: Locale
  name: string
  nameKana: string
  company: string
  email: string
  phone: string
  inquiryType: string
  preferredDate: string
  message: string
  privacyConsent: boolean
}

/** One mail of the inquiry's outbox (the staff mail, the auto-reply, replies, the webhook). */
export interface MailRow {
  seq: number
  kind: OutboxKind
  status: OutboxStatus
  attempts: number
  lastError: string | null
  sent: ShownTime | null
  queued: ShownTime
  /** Failed or pending: the retry button. */
  retry: boolean
}

/** One line of the history, oldest first; names already resolved (null `who`: a job, the CLI or the visitor). */
export type HistoryItem = { seq: number; at: ShownTime; who: string | null } & (
  | { kind: 'received' }
  | { kind: 'status'; from: InquiryStatus | null; to: InquiryStatus }
  | { kind: 'assign'; from: string | null; to: string | null }
  | { kind: 'note'; text: string | null }
  | { kind: 'hold'; on: boolean }
  | { kind: 'reply'; to: string | null; subject: string | null; body: string | null; mail: MailRow | null }
  | { kind: 'mail'; mailKind: OutboxKind | null; outcome: 'sent' | 'failed' | 'cancelled'; attempts: number; error: string | null }
  | { kind: 'retry'; mailKind: OutboxKind | null }
  /** Views one after another by the same person: how many, `at` the first and `until` the last. */
  | { kind: 'view'; count: number; until: ShownTime }
  | { kind: 'export' }
  | { kind: 'erase'; reason: 'retention' | 'request' }
)

export type InquiryNotice = 'changed' | 'replied' | 'retried' | 'retryRefused' | 'erased'

export type TriageField = 'status' | 'assignee' | 'note' | 'legalHold'
export type TriageError = 'status' | 'assignee' | 'noteEmpty' | 'noteLong' | 'noteControl'
export type ReplyField = 'subject' | 'body' | 'status'
export type ReplyError = 'subjectEmpty' | 'subjectLong' | 'subjectLine' | 'bodyEmpty' | 'bodyLong' | 'bodyControl' | 'status'

/** The triage form: what it shows (the current values, or what was typed) and what was wrong. */
export interface TriageForm {
  status: InquiryStatus
  /** An account id, or '' for unassigned. */
  assignee: string
  note: string
  legalHold: boolean
}

/** The reply form: `status` is a status or 'keep'. */
export interface ReplyForm {
  subject: string
  body: string
  status: InquiryStatus | 'keep'
}

export interface InquiryData {
  id: string
  fields: InquiryFields
  status: InquiryStatus
  assignee: { id: string; name: string } | null
  legalHold: boolean
  /** When its personal data was erased (then the page is read-only). */
  erased: ShownTime | null
  mails: MailRow[]
  history: HistoryItem[]
  /** Who may be assigned: enabled responders and admins (and the current assignee, whoever it is). */
  assignees: { id: string; name: string }[]
  /** The signed-in staff member's account id (the "assign to me" shortcut). */
  self: string
  /** Only an admin lifts a legal hold. */
  mayLiftHold: boolean
  notice: InquiryNotice | null
  /** The form's values as shown when the page was loaded (a change applies what differs from them). */
  was: TriageForm
  triage: { form: TriageForm; errors: Partial<Record<TriageField, TriageError>> }
  reply: { form: ReplyForm; errors: Partial<Record<ReplyField, ReplyError>>; to: string }
  /** The confirmation step of a reply (the page without JavaScript). */
  confirmReply: boolean
}
