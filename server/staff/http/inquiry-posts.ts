import type { FastifyReply, FastifyRequest } from 'fastify'
import type { InquiryData } from '../../../shared/admin/inquiry/page-data'
import { staffHref } from '../../../shared/admin/paths'
import type { InquiryDetail } from '../../inbox/types'
import { snapshotOf } from '../../plugins/content'
import { StaffForbidden } from './errors'
import { readReply, readTriage } from './inquiry-forms'
import { actorOf, findInquiry, inquiryAudit, inquiryData, staffOf } from './inquiry-page'
import type { StaffPageAnswer } from './pages'
import { auditOf, pathTarget } from './services'

/**
 * The inquiry page's three forms, each POSTed to its own path (STAFF_PATHS.inquiryChange,
 * inquiryReply, inquiryRetry) after the pipeline's Origin, role (responder, admin) and token checks
 * (posts.ts). A change is done and answered 303 back to the page with a notice; a form with errors is
 * the page again (422) with what was typed; an unknown inquiry is the 404 page; an erased one is
 * read-only (409).
 */
type Body = Record<string, unknown>
type Params = Record<string, string>

const pageOf = (id: string) => staffHref('inquiry', { id })
const NOT_FOUND: StaffPageAnswer = { staffPage: { routeId: null, error: { statusCode: 404, reason: 'notFound' } } }

/** The inquiry page again (a POST's answer: no view recorded), at the page's own path. */
async function again(req: FastifyRequest, detail: InquiryDetail, statusCode: number, change: Partial<InquiryData>): Promise<StaffPageAnswer> {
  const id = detail.inquiry.id
  return { staffPage: { routeId: 'inquiry', params: { id }, path: pageOf(id), data: await inquiryData(req, detail, change), statusCode } }
}

/** The answer when the store refused because the inquiry was erased meanwhile. */
async function erased(req: FastifyRequest, id: string, detail: InquiryDetail): Promise<StaffPageAnswer> {
  return again(req, (await findInquiry(req, id)) ?? detail, 409, { notice: 'erased' })
}

/** POST …/change: status, assignee, note, legal hold (responders set a hold; only an admin lifts one). */
export async function changeInquiry(req: FastifyRequest, reply: FastifyReply, body: Body, params: Params): Promise<unknown> {
  const detail = await findInquiry(req, params.id)
  if (!detail) return NOT_FOUND
  const q = detail.inquiry
  if (q.erasedAt !== null) return again(req, detail, 409, { notice: 'erased' })
  const { assignable } = await staffOf(req)
  const read = readTriage(body, { status: q.status, assigneeId: q.assigneeId, legalHold: q.legalHold }, new Set(assignable.map((a) => a.id)))
  if (Object.keys(read.errors).length) return again(req, detail, 422, { was: read.was, triage: { form: read.form, errors: read.errors } })
  const account = req.staffSession!.account
  if (read.change.legalHold === false && account.role !== 'admin') {
    await req.server.staffArea.store.audit(auditOf(req, account.id, 'request.refused', `${pathTarget(req)} hold`, 'refused'))
    throw new StaffForbidden()
  }
  if (Object.keys(read.change).length) {
    const done = await req.server.inboxStore.change(q.id, read.change, actorOf(req), req.server.staffArea.now(), inquiryAudit(req, 'inquiry.change', q.id))
    if (!done) return erased(req, q.id, detail)
  }
  return reply.redirect(`${pageOf(q.id)}?notice=changed`, 303)
}

/**
 * POST …/reply: subject and body as the staff member edited them, the status to move to, sent only
 * with `confirmed=1` (the dialog; without JavaScript the page asks in a confirmation step). Queued in
 * the outbox To the inquiry's address, Reply-To the company's address (content/site.yml `email`).
 */
export async function replyToInquiry(req: FastifyRequest, reply: FastifyReply, body: Body, params: Params): Promise<unknown> {
  const detail = await findInquiry(req, params.id)
  if (!detail) return NOT_FOUND
  const q = detail.inquiry
  if (q.erasedAt !== null) return again(req, detail, 409, { notice: 'erased' })
  const read = readReply(body)
  const typed = (statusCode: number, confirmReply = false) => again(req, detail, statusCode, { reply: { form: read.form, errors: read.errors, to: q.email }, confirmReply })
  if (Object.keys(read.errors).length) return typed(422)
  if (body.confirmed !== '1') return typed(200, true)
  const replyTo = snapshotOf(req).content.site(q.locale).email
  const seq = await req.server.inboxStore.queueReply(q.id, { to: q.email, replyTo, ...read.reply }, actorOf(req), req.server.staffArea.now(), inquiryAudit(req, 'inquiry.reply', q.id))
  if (seq === null) return erased(req, q.id, detail)
  req.server.outbox?.kick() // sent now, not at the next poll
  return reply.redirect(`${pageOf(q.id)}?notice=replied`, 303)
}

/** POST …/retry (`seq`: the outbox row): a failed mail of this inquiry pending again, or a pending one due now. */
export async function retryInquiryMail(req: FastifyRequest, reply: FastifyReply, body: Body, params: Params): Promise<unknown> {
  const detail = await findInquiry(req, params.id)
  if (!detail) return NOT_FOUND
  const q = detail.inquiry
  if (q.erasedAt !== null) return again(req, detail, 409, { notice: 'erased' })
  const seq = typeof body.seq === 'string' && /^\d{1,15}$/.test(body.seq) ? Number(body.seq) : null
  const mail = detail.mails.find((m) => m.seq === seq)
  const refused = () => again(req, detail, 409, { notice: 'retryRefused' })
  if (!mail || (mail.status !== 'failed' && mail.status !== 'pending')) return refused()
  const done = await req.server.inboxStore.retryMail(q.id, mail.seq, actorOf(req), req.server.staffArea.now(), inquiryAudit(req, 'inquiry.retry', q.id))
  if (!done) return refused()
  req.server.outbox?.kick()
  return reply.redirect(`${pageOf(q.id)}?notice=retried`, 303)
}
