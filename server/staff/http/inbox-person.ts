import type { FastifyReply, FastifyRequest } from 'fastify'
import { STAFF_PATHS } from '../../../shared/admin/paths'
import type { PersonData, PersonInquiry } from '../../../shared/admin/person/page-data'
import type { StaffAnswer } from '../../../shared/admin/types'
import { hasControlChars } from '../../../shared/validation/control-chars'
import type { InboxFilter, InboxRow, InquiryDetail } from '../../inbox/types'
import { BadExport, emailTarget, sendExport } from './inbox-export'
import { isExportFormat } from './inbox-export-file'
import { actorOf } from './inquiry-page'
import type { StaffPageAnswer } from './pages'
import { auditOf } from './services'
import { shownTime } from './shown-time'

/** Longest address looked up (RFC 5321's path limit). */
const EMAIL_MAX = 254
const PAGE = 200

const EMPTY: PersonData = { email: '', error: null, found: null, erased: null, confirm: false }

/** The address of a form, trimmed and lower-cased, or null when it is not one. */
export function personEmail(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const email = value.trim().toLowerCase()
  if (email.length > EMAIL_MAX || hasControlChars(email) || !/^[^\s@]+@[^\s@]+$/.test(email)) return null
  return email
}

/** Every inquiry a filter matches, page after page. */
async function allRows(req: FastifyRequest, filter: InboxFilter): Promise<InboxRow[]> {
  const rows: InboxRow[] = []
  for (let page = 1; ; page++) {
    const got = await req.server.inboxStore.list(filter, { page, pageSize: PAGE })
    rows.push(...got.rows)
    if (got.rows.length < PAGE || rows.length >= got.total) return rows
  }
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '')

function personInquiry({ inquiry: q, events, mails }: InquiryDetail): PersonInquiry {
  const by = (kind: string) => events.filter((e) => e.kind === kind)
  return {
    id: q.id,
    received: shownTime(Date.parse(q.receivedAt)),
    status: q.status,
    inquiryType: q.inquiryType,
    locale: q.locale,
    assigneeName: q.assigneeName,
    legalHold: q.legalHold,
    erasedAt: q.erasedAt === null ? null : shownTime(q.erasedAt),
    fields: { name: q.name, nameKana: q.nameKana, company: q.company, email: q.email, phone: q.phone, preferredDate: q.preferredDate, message: q.message },
    notes: by('note').map((e) => ({ at: shownTime(e.at), author: e.accountName, text: text(e.data.text) })),
    replies: by('reply').map((e) => ({ at: shownTime(e.at), author: e.accountName, to: text(e.data.to), subject: text(e.data.subject), text: text(e.data.body) })),
    mails: mails.map((m) => ({ kind: m.kind, status: m.status, attempts: m.attempts, sentAt: m.sentAt ? shownTime(Date.parse(m.sentAt)) : null })),
  }
}

/** Everything held about an address (erased inquiries too), newest first; audited as a view of personal data ('inquiry.person'). */
async function heldAbout(req: FastifyRequest, email: string): Promise<PersonInquiry[]> {
  const { store } = req.server.staffArea
  await store.audit(auditOf(req, req.staffSession!.account.id, 'inquiry.person', emailTarget(email)))
  const rows = await allRows(req, { email, includeErased: true })
  const details = await Promise.all(rows.map((r) => req.server.inboxStore.detail(r.id)))
  return details.filter((d): d is InquiryDetail => d !== null).map(personInquiry)
}

/** GET /admin/inquiries/person: the empty form (after an erasure, how many were erased: `?erased=N`). */
export async function loadPerson(search: URLSearchParams): Promise<PersonData> {
  const erased = search.get('erased')
  return { ...EMPTY, erased: erased && /^\d{1,6}$/.test(erased) ? Number(erased) : null }
}

/** POST /admin/inquiries/person (`email`): everything held about the address. */
export async function personAction(req: FastifyRequest, body: Record<string, string>): Promise<StaffAnswer<PersonData>> {
  const email = personEmail(body.email)
  if (!email) return { data: { ...EMPTY, email: (body.email ?? '').slice(0, EMAIL_MAX), error: 'email' }, statusCode: 400 }
  return { data: { ...EMPTY, email, found: await heldAbout(req, email) }, statusCode: 200 }
}

/**
 * POST /admin/inquiries/person/export (`email`, `format` csv|json), after a factor proved in the last 5
 * minutes: everything held about the address as a download written page by page (sendExport); an
 * 'export' event per inquiry and the 'inquiry.export' audit entry (the address by its hash only).
 */
export async function exportPerson(req: FastifyRequest, reply: FastifyReply, body: Record<string, unknown>) {
  const email = personEmail(body.email)
  if (!email) throw new BadExport('email')
  const { format } = body
  if (!isExportFormat(format)) throw new BadExport('format')
  const now = req.server.staffArea.now()
  const audit = auditOf(req, req.staffSession!.account.id, 'inquiry.export', `${emailTarget(email)} format:${format}`)
  return sendExport(req, reply, req.server.inboxStore.exportPages({ email, includeErased: true }, actorOf(req), now, audit), format, 'inquiries-person', now)
}

/**
 * POST /admin/inquiries/person/erase (`email`; admins), after a factor proved in the last 5 minutes and
 * the confirmation (`confirmed=1`: the dialog, or the step this answers without it): erases the
 * personal data of every inquiry from the address (a legal hold does not keep it: the person asked),
 * its notes' and replies' text, its search index entry and its outbox payloads; one 'inquiry.erase'
 * audit entry per inquiry. Then back to the page saying how many.
 */
export async function erasePerson(req: FastifyRequest, reply: FastifyReply, body: Record<string, unknown>): Promise<unknown> {
  const email = personEmail(body.email)
  if (!email) throw new BadExport('email')
  if (body.confirmed !== '1') {
    const data: PersonData = { ...EMPTY, email, found: await heldAbout(req, email), confirm: true }
    return { staffPage: { routeId: 'inquiriesPerson', data, statusCode: 200, path: STAFF_PATHS.inquiriesPerson } } satisfies StaffPageAnswer
  }
  const ids = (await allRows(req, { email })).map((r) => r.id)
  const erased = ids.length ? await req.server.inboxStore.erase(ids, 'request', actorOf(req), req.server.staffArea.now()) : 0
  return reply.redirect(`${STAFF_PATHS.inquiriesPerson}?erased=${erased}`, 303)
}
