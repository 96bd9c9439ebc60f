import type { FastifyReply, FastifyRequest } from 'fastify'
import { STAFF_PATHS } from '../paths'
import type { PersonData, PersonInquiry } from './page-data'
import type { StaffAnswer } from '../types'
import { EMAIL_MAX } from '../../../server/inbox/service-person'
import type { InquiryDetail } from '../../../server/inbox/types'
import { StaffForbidden } from '../../../server/staff/http/errors'
import { BadExport, sendExport } from '../inquiries/export.server'
import type { StaffPageAnswer } from '../types'
import { actorOf } from '../../../server/staff/http/services'
import { shownTime } from '../../../server/staff/http/shown-time'

const EMPTY: PersonData = { email: '', error: null, found: null, erased: null, confirm: false }

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

/** GET /admin/inquiries/person: the empty form (after an erasure, how many were erased: `?erased=N`). */
export async function loadPerson(search: URLSearchParams): Promise<PersonData> {
  const erased = search.get('erased')
  return { ...EMPTY, erased: erased && /^\d{1,6}$/.test(erased) ? Number(erased) : null }
}

/** POST /admin/inquiries/person (`email`): everything held about the address. */
export async function personAction(req: FastifyRequest, body: Record<string, string>): Promise<StaffAnswer<PersonData>> {
  const held = await req.server.inbox.person(actorOf(req), body.email)
  if (held.kind === 'invalid') return { data: { ...EMPTY, email: (body.email ?? '').slice(0, EMAIL_MAX), error: 'email' }, statusCode: 400 }
  return { data: { ...EMPTY, email: held.email, found: held.found.map(personInquiry) }, statusCode: 200 }
}

/**
 * POST /admin/inquiries/person/export (`email`, `format` csv|json), after a factor proved in the last 5
 * minutes: everything held about the address as a download written page by page (sendExport); an
 * 'export' event per inquiry and the 'inquiry.export' audit entry (the address by its hash only).
 */
export async function exportPerson(req: FastifyRequest, reply: FastifyReply, body: Record<string, unknown>) {
  const exported = req.server.inbox.exportPerson(actorOf(req), body.email, body.format)
  if (exported.kind === 'invalid') throw new BadExport(exported.field)
  return sendExport(req, reply, exported, 'inquiries-person')
}

/**
 * POST /admin/inquiries/person/erase (`email`; admins), after a factor proved in the last 5 minutes and
 * the confirmation (`confirmed=1`: the dialog, or the step this answers without it): erases the
 * personal data of every inquiry from the address (a legal hold does not keep it: the person asked),
 * its notes' and replies' text, its search index entry and its outbox payloads; one 'inquiry.erase'
 * audit entry per inquiry. Then back to the page saying how many.
 */
export async function erasePerson(req: FastifyRequest, reply: FastifyReply, body: Record<string, unknown>): Promise<unknown> {
  const actor = actorOf(req)
  if (body.confirmed !== '1') {
    const held = await req.server.inbox.person(actor, body.email)
    if (held.kind === 'invalid') throw new BadExport(held.field)
    const data: PersonData = { ...EMPTY, email: held.email, found: held.found.map(personInquiry), confirm: true }
    return { staffPage: { routeId: 'inquiriesPerson', data, statusCode: 200, path: STAFF_PATHS.inquiriesPerson } } satisfies StaffPageAnswer
  }
  const outcome = await req.server.inbox.erasePerson(actor, body.email)
  if (outcome.kind === 'invalid') throw new BadExport(outcome.field)
  if (outcome.kind === 'forbidden') throw new StaffForbidden()
  return reply.redirect(`${STAFF_PATHS.inquiriesPerson}?erased=${outcome.erased}`, 303)
}
