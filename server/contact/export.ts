import { JSON_UNESCAPED, parseDate, printable } from '../../shared/validation'
import { siteTime } from '../site-time'
import type { InquiryRecord, MailKind, MailState } from './types'

/** Export columns, in order (the JSON objects carry the same fields plus `mail`). */
const COLUMNS = ['id', 'receivedAt', 'locale', 'name', 'nameKana', 'company', 'email', 'phone', 'inquiryType', 'preferredDate', 'message', 'privacyConsent'] as const

/** '2026-04-01' is the start of that day in Tokyo; anything else must be an ISO instant. */
export function sinceInstant(text: string): string {
  // A day must exist: Date.parse would quietly turn 2026-02-30 into 2 March.
  if (/^\d{4}-\d{2}-\d{2}/.test(text) && !parseDate(text.slice(0, 10))) throw new Error(`--since: not a real date: ${text}`)
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
 * A CSV cell, always quoted (RFC 4180), and a leading = + - @ (or tab / CR) prefixed with ' so a
 * spreadsheet never runs a visitor's text as a formula. Quoting every cell also holds where the
 * spreadsheet splits on another list separator (Excel set to ';' reads "a;=1+1" as one cell, never
 * as 'a' and a formula '=1+1'): no visitor character is ever outside quotes. Control and invisible
 * characters other than line breaks and tabs are shown as escapes ('\u001B', '\u200B'), as in
 * every output of the CLI.
 */
export function csvCell(value: unknown): string {
  let text = printable(value === null || value === undefined ? '' : String(value), true)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return `"${text.replace(/"/g, '""')}"`
}

/** UTF-8 with a BOM (spreadsheets then read Japanese correctly), CRLF line ends. */
export function toCsv(records: InquiryRecord[]): string {
  const header = [...COLUMNS, 'mailStaff', 'mailAutoReply'].map(csvCell)
  const rows = records.map((r) => [...COLUMNS.map((c) => r[c]), mailStatus(r.mail.staff), mailStatus(r.mail['auto-reply'])].map(csvCell).join(','))
  return '\uFEFF' + [header.join(','), ...rows].join('\r\n') + '\r\n'
}

/**
 * `list`: one line per inquiry, newest first, received at in Japan time ('2026-11-26 04:42:41 JST',
 * the day its reference Q-20261126-… names). Every value goes through printable(): a
 * visitor's ESC sequence or line break (a row stored before the form refused them) is shown
 * as '\u001B' or '\n' and never acts on the operator's terminal.
 */
export function toListing(records: InquiryRecord[]): string {
  if (records.length === 0) return 'no inquiries\n'
  const line = (r: InquiryRecord) =>
    [r.id, siteTime(r.receivedAt), r.locale, r.inquiryType.padEnd(16), `staff: ${mailStatus(r.mail.staff)}`, `auto-reply: ${mailStatus(r.mail['auto-reply'])}`, `${r.name} <${r.email}>`]
      .map((cell) => printable(cell))
      .join('  ')
  return records.map(line).join('\n') + '\n'
}

/**
 * `export --format json`: the records as JSON whose every control and invisible character is a \u
 * escape (same data, safe to print; JSON.stringify itself escapes only the C0 controls).
 */
export function toJson(records: InquiryRecord[]): string {
  const text = JSON.stringify(records.map(toJsonRecord), null, 2)
  const unit = (ch: string) => '\\u' + ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')
  // split(''): UTF-16 units, so a tag character (a surrogate pair) becomes two escapes, as JSON spells it.
  return text.replace(JSON_UNESCAPED, (match) => match.split('').map(unit).join('')) + '\n'
}
