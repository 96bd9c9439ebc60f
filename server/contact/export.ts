import type { InquiryRecord, MailKind, MailState } from './store'

/** Export columns, in order (the JSON objects carry the same fields plus `mail`). */
const COLUMNS = ['id', 'receivedAt', 'locale', 'name', 'nameKana', 'company', 'email', 'phone', 'inquiryType', 'preferredDate', 'message', 'privacyConsent'] as const

/** '2026-04-01' is the start of that day in Tokyo; anything else must be an ISO instant. */
export function sinceInstant(text: string): string {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00+09:00` : text
  const time = Date.parse(day)
  if (Number.isNaN(time)) throw new Error(`--since: not a date: ${text}`)
  return new Date(time).toISOString()
}

/** 'sent', 'pending (2 attempts)', 'failed (12 attempts): <reason>', or 'none'. */
export function mailStatus(state: MailState | undefined): string {
  if (!state) return 'none'
  if (state.status === 'sent') return 'sent'
  const tries = state.attempts ? ` (${state.attempts} attempt${state.attempts === 1 ? '' : 's'})` : ''
  return `${state.status}${tries}${state.lastError ? `: ${state.lastError}` : ''}`
}

export function toJsonRecord(r: InquiryRecord) {
  const out: Record<string, unknown> = {}
  for (const c of COLUMNS) out[c] = r[c]
  const mail = (kind: MailKind) => r.mail[kind] ?? null
  out.mail = { staff: mail('staff'), autoReply: mail('auto-reply') }
  return out
}

/**
 * A CSV cell: quoted when needed (RFC 4180), and a leading = + - @ (or tab / CR) prefixed
 * with ' so a spreadsheet never runs a visitor's text as a formula.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** UTF-8 with a BOM (spreadsheets then read Japanese correctly), CRLF line ends. */
export function toCsv(records: InquiryRecord[]): string {
  const header = [...COLUMNS, 'mailStaff', 'mailAutoReply']
  const rows = records.map((r) => [...COLUMNS.map((c) => r[c]), mailStatus(r.mail.staff), mailStatus(r.mail['auto-reply'])].map(csvCell).join(','))
  return '\uFEFF' + [header.join(','), ...rows].join('\r\n') + '\r\n'
}

/** `list`: one line per inquiry, newest first. */
export function toListing(records: InquiryRecord[]): string {
  if (records.length === 0) return 'no inquiries\n'
  const line = (r: InquiryRecord) =>
    [r.id, r.receivedAt.slice(0, 19).replace('T', ' ') + 'Z', r.locale, r.inquiryType.padEnd(16), `staff: ${mailStatus(r.mail.staff)}`, `auto-reply: ${mailStatus(r.mail['auto-reply'])}`, `${r.name} <${r.email}>`].join('  ')
  return records.map(line).join('\n') + '\n'
}
