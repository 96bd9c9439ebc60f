import type { HistoryItem, InquiryStatus, OutboxKind, MailRow } from './page-data'
import { INQUIRY_STATUSES, OUTBOX_KINDS, type InquiryDetail, type InquiryEvent, type OutboxMail } from '../../../server/inbox/types'
import { shownTime } from '../../../server/staff/http/shown-time'

/** An event's data as stored: read defensively (any field may be missing, or gone after erasure). */
const text = (v: unknown): string | null => (typeof v === 'string' ? v : null)
const count = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0)
const status = (v: unknown): InquiryStatus | null => ((INQUIRY_STATUSES as readonly unknown[]).includes(v) ? (v as InquiryStatus) : null)
const mailKind = (v: unknown): OutboxKind | null => ((OUTBOX_KINDS as readonly unknown[]).includes(v) ? (v as OutboxKind) : null)

/** An outbox row as the page shows it: failed and pending mail may be retried (sent now). */
export function mailRow(m: OutboxMail): MailRow {
  const sentAt = m.sentAt ? Date.parse(m.sentAt) : NaN
  return {
    seq: m.seq,
    kind: m.kind,
    status: m.status,
    attempts: m.attempts,
    lastError: m.lastError,
    sent: Number.isFinite(sentAt) ? shownTime(sentAt) : null,
    queued: shownTime(m.queuedAt),
    retry: m.status === 'failed' || m.status === 'pending',
  }
}

/**
 * One event as a history line: the author's name (null for a job, the CLI), account ids of an
 * assignment turned into names (`names`: every account; an unknown id stays as it is), a reply with
 * the delivery state of its mail.
 */
function itemOf(e: InquiryEvent, names: Map<string, string>, mails: Map<number, MailRow>): HistoryItem | null {
  const base = { seq: e.seq, at: shownTime(e.at), who: e.accountId === null ? null : (e.accountName ?? names.get(e.accountId) ?? e.accountId) }
  const d = e.data ?? {}
  const person = (v: unknown) => (typeof v === 'string' ? (names.get(v) ?? v) : null)
  switch (e.kind) {
    case 'status': {
      const to = status(d.to)
      return to ? { ...base, kind: 'status', from: status(d.from), to } : null
    }
    case 'assign':
      return { ...base, kind: 'assign', from: person(d.from), to: person(d.to) }
    case 'note':
      return { ...base, kind: 'note', text: text(d.text) }
    case 'hold':
      return { ...base, kind: 'hold', on: d.on === true }
    case 'reply': {
      const seq = typeof d.outboxSeq === 'number' ? d.outboxSeq : null
      return { ...base, kind: 'reply', to: text(d.to), subject: text(d.subject), body: text(d.body), mail: seq === null ? null : (mails.get(seq) ?? null) }
    }
    case 'mail': {
      const outcome = d.outcome === 'sent' || d.outcome === 'failed' || d.outcome === 'cancelled' ? d.outcome : null
      return outcome ? { ...base, kind: 'mail', mailKind: mailKind(d.kind), outcome, attempts: count(d.attempts), error: text(d.error) } : null
    }
    case 'retry': {
      const seq = typeof d.outboxSeq === 'number' ? d.outboxSeq : null
      return { ...base, kind: 'retry', mailKind: seq === null ? null : (mails.get(seq)?.kind ?? null) }
    }
    case 'erase':
      return { ...base, kind: 'erase', reason: d.reason === 'request' ? 'request' : 'retention' }
    case 'view':
      return { ...base, kind: 'view', count: 1, until: base.at }
    case 'export':
      return { ...base, kind: 'export' }
    default:
      return null
  }
}

/**
 * The inquiry's mails and its history: its receipt first, then every event, oldest first (newest last).
 * Views one after another by the same account are one line (how many, from the first to the last): a
 * morning of reopening the page does not bury the changes. Each view stays an event and an audit entry.
 */
export function historyOf(detail: InquiryDetail, names: Map<string, string>): { mails: MailRow[]; history: HistoryItem[] } {
  const rows = detail.mails.map(mailRow)
  const bySeq = new Map(rows.map((m) => [m.seq, m]))
  const history: HistoryItem[] = [{ seq: 0, at: shownTime(Date.parse(detail.inquiry.receivedAt)), who: null, kind: 'received' }]
  const events = [...detail.events].sort((a, b) => a.at - b.at || a.seq - b.seq)
  /** The account of the last line when it is a view. */
  let viewer: string | null | undefined
  for (const e of events) {
    const item = itemOf(e, names, bySeq)
    if (!item) continue
    const last = history.at(-1)!
    if (item.kind === 'view' && last.kind === 'view' && viewer === e.accountId) history[history.length - 1] = { ...last, count: last.count + 1, until: item.at }
    else history.push(item)
    viewer = item.kind === 'view' ? e.accountId : undefined
  }
  return { mails: rows, history }
}
