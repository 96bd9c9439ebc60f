import type { Locale } from '../../i18n/locales'
import type { Translate } from '../../i18n/messages'
import { DEFAULT_TIME_ZONE, JSON_UNESCAPED, todayIn } from '../../validation'
import { siteTime } from '../../../server/site-time'
import { csvFile } from '../../../server/inbox/csv'
import type { ExportFormat } from '../../../server/inbox/service-person'
import type { ExportedInquiry } from '../../../server/inbox/types'
import { staffTranslators } from '../../../server/i18n/staff-catalog'

/** The CSV's columns in order; the header row names them in the staff member's language (staff.inquiries.export.columns.*). */
export const EXPORT_COLUMNS = ['reference', 'received', 'status', 'assignee', 'type', 'language', 'name', 'nameKana', 'company', 'email', 'phone', 'preferredDate', 'message', 'notes', 'replies'] as const

let translators: Record<Locale, Translate> | undefined
/** The staff strings' translator (a missing key falls back to Japanese; test/server/staff/messages.test.ts keeps both complete). */
const translatorOf = (locale: Locale): Translate => (translators ??= staffTranslators(() => {}))[locale]

const at = (ms: number) => siteTime(new Date(ms).toISOString())

/**
 * One inquiry as a CSV row, read as the screens read it, in the header's language: times in Japan time
 * ('2026-11-26 09:00:00 JST'); status, type and language in words (「対応中」, 「お見積りのご依頼」, 「日本語」:
 * the codes are in the JSON export and the API); notes joined one a line ('time author: text'); replies one
 * a line as 'time author → to [status] subject' (their bodies are in the JSON export: a cell holds at most
 * 32,767 characters in Excel).
 */
function row(e: ExportedInquiry, t: Translate): string[] {
  const status = (s: string | null) => (s ? t(`staff.inquiries.statuses.${s}`) : '')
  const notes = e.notes.map((n) => `${at(n.at)} ${n.author ?? '-'}: ${n.text}`).join('\n')
  const replies = e.replies.map((r) => `${at(r.at)} ${r.author ?? '-'} → ${r.to} [${status(r.status)}] ${r.subject}`).join('\n')
  const type = t(`units.contact.types.${e.inquiryType}`, undefined, e.inquiryType)
  const language = t(`staff.inquiry.languages.${e.locale}`, undefined, e.locale)
  return [e.id, siteTime(e.receivedAt), status(e.status), e.assigneeName ?? '', type, language, e.name, e.nameKana, e.company, e.email, e.phone, e.preferredDate, e.message, notes, replies]
}

/** The pages' inquiries as CSV rows, a page at a time. */
async function* rowsOf(pages: AsyncIterable<ExportedInquiry[]>, t: Translate): AsyncGenerator<string[][], void, undefined> {
  for await (const page of pages) yield page.map((e) => row(e, t))
}

/**
 * The CSV file (BOM, CRLF, every cell quoted, formulas neutralised: server/inbox/csv.ts), its header in
 * `locale`, as text written page by page.
 */
export function exportCsv(pages: AsyncIterable<ExportedInquiry[]>, locale: Locale): AsyncGenerator<string, void, undefined> {
  const t = translatorOf(locale)
  return csvFile(
    EXPORT_COLUMNS.map((c) => t(`staff.inquiries.export.columns.${c}`)),
    rowsOf(pages, t),
  )
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

/** An exported inquiry for JSON: the record's fields, its times as ISO 8601 UTC instants. */
export function exportedJson(e: ExportedInquiry) {
  return {
    ...e,
    erasedAt: iso(e.erasedAt),
    notes: e.notes.map((n) => ({ ...n, at: iso(n.at) })),
    replies: e.replies.map((r) => ({ ...r, at: iso(r.at) })),
  }
}

const unit = (ch: string) => '\\u' + ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')
/** JSON text with the characters below (exportJson) written as \u escapes. */
const visible = (text: string) => text.replace(JSON_UNESCAPED, (match) => match.split('').map(unit).join(''))
/** One array element as JSON.stringify(array, null, 2) indents it. */
const element = (e: ExportedInquiry) => '  ' + JSON.stringify(exportedJson(e), null, 2).replaceAll('\n', '\n  ')

/**
 * The JSON file: an array of the exported inquiries, indented (the text JSON.stringify(all, null, 2)
 * gives), as text written page by page. Characters JSON.stringify leaves raw but that print as nothing
 * or reorder text (bidirectional overrides, U+2028, zero-width ones) are written as \u escapes: the same
 * data once parsed, visible in any editor. The closing bracket comes last: a file cut short does not parse.
 */
export async function* exportJson(pages: AsyncIterable<ExportedInquiry[]>): AsyncGenerator<string, void, undefined> {
  let before = '[\n'
  for await (const page of pages) {
    if (!page.length) continue
    yield visible(before + page.map(element).join(',\n'))
    before = ',\n'
  }
  yield before === '[\n' ? '[]\n' : '\n]\n'
}

/** 'inquiries-20261126.csv': what it is and the day (Japan time); ASCII only, never an address or a name. */
export function exportFileName(what: 'inquiries' | 'inquiries-person', format: ExportFormat, now: number): string {
  return `${what}-${todayIn(DEFAULT_TIME_ZONE, new Date(now)).replace(/-/g, '')}.${format}`
}

/** Content-Disposition of a download: the ASCII name, and the same as filename* (RFC 6266) for clients that prefer it. */
export function attachment(fileName: string): string {
  return `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}
