import { INQUIRY_TYPES } from '../../shared/pages/contact/fields'
import { parseDate } from '../../shared/validation'
import { INQUIRY_STATUSES, type InquiryStatus } from '../../shared/admin/inquiry-states'
import { isLocale, type Locale } from '../../shared/i18n/locales'

/**
 * A filter of the inbox, as the list page's URL and the JSON API's query carry it (parsed and checked
 * by the caller). Absent fields do not filter.
 */
export interface InboxFilter {
  statuses?: InquiryStatus[]
  /** An account id, or 'none' for unassigned inquiries. */
  assignee?: string
  inquiryType?: string
  locale?: Locale
  /** Received at or after this ISO instant (the caller turns a Japan-time day into it). */
  receivedFrom?: string
  /** Received before this ISO instant. */
  receivedBefore?: string
  /**
   * The search box: words separated by spaces, each found in any of name, furigana, company, email,
   * phone, message (all words must be found). Matched after normalisation (NFKC, katakana as hiragana,
   * lower case: search-text.ts), through the engine's index, never a scan of the table.
   */
  q?: string
  /** Exactly this address (case-insensitive), for a person's request. */
  email?: string
  /** Erased inquiries are left out unless this is true. */
  includeErased?: boolean
}

/**
 * The inbox filter as a URL carries it, the same for the list page (/admin/inquiries?…), the export
 * form and the JSON API (/admin/api/inquiries?…), so a view can be bookmarked and shared:
 *   status=new&status=in-progress (or status=new,in-progress)  assignee=<account id>|none
 *   type=<inquiry type>  lang=<language>  from=YYYY-MM-DD  to=YYYY-MM-DD (Japan-time days, inclusive)
 *   q=<search words>  page=<1…>
 * Empty values do not filter. A value that is present but not valid is a problem (the caller answers
 * 400 with the parameter's name), never silently dropped: a shared link must not show more than it says.
 */
export const PAGE_SIZE = 50
const MAX_Q = 200

export interface ParsedInboxQuery {
  filter: InboxFilter
  page: number
  /** The days as given (YYYY-MM-DD), for the form and links: the filter holds the instants. */
  days: { from?: string; to?: string }
  /** The parameters that were not valid ('status', 'from'…), empty when all were. */
  problems: string[]
}

type Query = Record<string, string | string[] | undefined>

const values = (v: string | string[] | undefined): string[] =>
  (Array.isArray(v) ? v : v === undefined ? [] : [v]).flatMap((s) => String(s).split(',')).map((s) => s.trim()).filter(Boolean)
const single = (v: string | string[] | undefined): string => (Array.isArray(v) ? (v[0] ?? '') : (v ?? '')).trim()

/** A Japan-time day (YYYY-MM-DD) as the ISO instant of its start, plus `days`. */
export function japanDayStart(day: string, days = 0): string | null {
  const parts = parseDate(day)
  if (!parts) return null
  const [y, m, d] = parts
  return new Date(Date.UTC(y, m - 1, d + days) - 9 * 3_600_000).toISOString()
}

export function parseInboxQuery(query: Query): ParsedInboxQuery {
  const filter: InboxFilter = {}
  const problems: string[] = []
  const days: ParsedInboxQuery['days'] = {}
  const statuses = values(query.status)
  if (statuses.length) {
    if (statuses.every((s) => (INQUIRY_STATUSES as readonly string[]).includes(s))) filter.statuses = [...new Set(statuses)] as InquiryStatus[]
    else problems.push('status')
  }
  const assignee = single(query.assignee)
  if (assignee) {
    if (assignee.length <= 64 && /^[\w-]+$/.test(assignee)) filter.assignee = assignee
    else problems.push('assignee')
  }
  const type = single(query.type)
  if (type) {
    if ((INQUIRY_TYPES as readonly string[]).includes(type)) filter.inquiryType = type
    else problems.push('type')
  }
  const lang = single(query.lang)
  if (lang) {
    if (isLocale(lang)) filter.locale = lang
    else problems.push('lang')
  }
  // A Japan-time day: `from` counts from its start, `to` up to the next day's start.
  for (const [name, plus, key] of [['from', 0, 'receivedFrom'], ['to', 1, 'receivedBefore']] as const) {
    const day = single(query[name])
    if (!day) continue
    const instant = japanDayStart(day, plus)
    if (!instant) problems.push(name)
    else {
      filter[key] = instant
      days[name] = day
    }
  }
  const q = single(query.q)
  if (q) {
    if (q.length <= MAX_Q) filter.q = q
    else problems.push('q')
  }
  const pageText = single(query.page)
  let page = 1
  if (pageText) {
    if (/^[1-9]\d{0,5}$/.test(pageText)) page = Number(pageText)
    else problems.push('page')
  }
  return { filter, page, days, problems }
}

/** The query string of a parsed filter (page only when > 1), in a fixed order: for links, paging and the export form. */
export function inboxQueryString({ filter, days }: Pick<ParsedInboxQuery, 'filter' | 'days'>, page = 1): string {
  const p = new URLSearchParams()
  for (const s of filter.statuses ?? []) p.append('status', s)
  if (filter.assignee) p.set('assignee', filter.assignee)
  if (filter.inquiryType) p.set('type', filter.inquiryType)
  if (filter.locale) p.set('lang', filter.locale)
  if (days.from) p.set('from', days.from)
  if (days.to) p.set('to', days.to)
  if (filter.q) p.set('q', filter.q)
  if (page > 1) p.set('page', String(page))
  const text = p.toString()
  return text ? `?${text}` : ''
}
