import type { FastifyRequest } from 'fastify'
import type { InquiriesData, InquiryFilterProblem, InquiryListRow, ListedMailState } from './page-data'
import { STAFF_PATHS, staffHref } from '../paths'
import { inertText } from '../inert-text'
import { isLocale, localeInfo, LOCALES } from '../../i18n/locales'
import { INQUIRY_TYPES } from '../../pages/contact/fields'
import { actorOf } from '../../../server/staff/http/services'
import { shownTime } from '../../../server/staff/http/shown-time'
import { inboxQueryString, PAGE_SIZE, parseInboxQuery, type ParsedInboxQuery } from '../../../server/inbox/filter'
import { holdsKanji } from '../../../server/inbox/search-text'
import { INQUIRY_STATUSES, type InboxRow } from '../../../server/inbox/types'

/** The longest visitor value a list cell holds (code points): the rest is on the inquiry's page. */
const CELL_CHARS = 80

/** A visitor value for a cell: at most CELL_CHARS code points (then an ellipsis), invisible characters shown. */
export function cellText(value: string, max = CELL_CHARS): string {
  const chars = Array.from(value)
  return inertText(chars.length > max ? `${chars.slice(0, max).join('')}…` : value)
}

/** A URL's query as parseInboxQuery takes it (a parameter given twice keeps every value). */
export function queryOf(search: URLSearchParams): Record<string, string[]> {
  const query: Record<string, string[]> = {}
  for (const key of new Set(search.keys())) query[key] = search.getAll(key)
  return query
}

const mailState = (state: InboxRow['mail']['staff']): ListedMailState => state ?? 'none'

function rowOf(row: InboxRow): InquiryListRow {
  return {
    id: row.id,
    href: staffHref('inquiry', { id: row.id }),
    received: shownTime(Date.parse(row.receivedAt)),
    name: cellText(row.name),
    nameKana: cellText(row.nameKana),
    company: cellText(row.company),
    type: row.inquiryType,
    language: isLocale(row.locale) ? localeInfo(row.locale).name : cellText(String(row.locale)),
    status: row.status,
    assignee: row.assigneeName === null ? null : cellText(row.assigneeName),
    erased: row.erasedAt !== null,
    legalHold: row.legalHold,
    mail: { staff: mailState(row.mail.staff), autoReply: mailState(row.mail['auto-reply']) },
  }
}

/** The export form's hidden fields: the filter of the list (statuses in one field: a form body keeps one value per name). */
function exportFieldsOf(parsed: ParsedInboxQuery): [string, string][] {
  const params = new URLSearchParams(inboxQueryString(parsed).slice(1))
  const fields: [string, string][] = []
  if (parsed.filter.statuses?.length) fields.push(['status', parsed.filter.statuses.join(',')])
  for (const [name, value] of params) if (name !== 'status') fields.push([name, value])
  return fields
}

/**
 * GET /admin/inquiries?status=&assignee=&type=&lang=&from=&to=&q=&page=: the inbox, newest first,
 * PAGE_SIZE a page. A parameter that is not valid (server/inbox/filter.ts, or an assignee who is no
 * account) lists nothing: the page answers 400 naming it (a shared link never shows more than it says).
 */
export async function loadInquiries(req: FastifyRequest, search: URLSearchParams): Promise<InquiriesData> {
  const parsed = parseInboxQuery(queryOf(search))
  const accounts = await req.server.staffArea.store.listAccounts()
  const problems = [...parsed.problems] as InquiryFilterProblem[]
  const { filter } = parsed
  if (filter.assignee && filter.assignee !== 'none' && !accounts.some((a) => a.id === filter.assignee)) {
    problems.push('assignee')
    delete filter.assignee
  }
  const found = problems.length ? null : await req.server.inbox.list(actorOf(req), filter, { page: parsed.page, pageSize: PAGE_SIZE })
  const total = found?.total ?? 0
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE))
  const href = (n: number) => `${STAFF_PATHS.inquiries}${inboxQueryString(parsed, n)}`
  return {
    problems,
    form: {
      statuses: filter.statuses ?? [],
      assignee: filter.assignee ?? '',
      type: filter.inquiryType ?? '',
      lang: filter.locale ?? '',
      from: parsed.days.from ?? '',
      to: parsed.days.to ?? '',
      q: filter.q ?? '',
    },
    options: {
      statuses: [...INQUIRY_STATUSES],
      types: [...INQUIRY_TYPES],
      languages: LOCALES.map((l) => ({ code: l.code, name: l.name })),
      assignees: accounts.filter((a) => a.role !== 'editor').map((a) => ({ id: a.id, name: cellText(a.name), disabled: a.disabled })),
    },
    filtered: inboxQueryString(parsed) !== '',
    suggestKana: found !== null && total === 0 && holdsKanji(filter.q ?? ''),
    rows: found?.rows.map(rowOf) ?? [],
    total,
    page: parsed.page,
    pages,
    prev: found && parsed.page > 1 ? href(Math.min(parsed.page - 1, pages)) : null,
    next: found && parsed.page < pages ? href(parsed.page + 1) : null,
    first: href(1),
    exportFields: exportFieldsOf(parsed),
  }
}
