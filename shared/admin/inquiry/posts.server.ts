import type { FastifyReply, FastifyRequest } from 'fastify'
import type { InquiryData } from './page-data'
import { staffHref } from '../paths'
import type { InquiryDetail } from '../../../server/inbox/types'
import { StaffForbidden } from '../../../server/staff/http/errors'
import { readReply, readTriage } from './forms.server'
import { inquiryData } from './inquiry.server'
import type { StaffPageAnswer } from '../types'
import { actorOf } from '../../../server/staff/http/services'

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

/** The answer when the inquiry is erased (read-only), or was meanwhile: the page as it is now (409). */
async function erased(req: FastifyRequest, detail: InquiryDetail): Promise<StaffPageAnswer> {
  return again(req, (await req.server.inbox.read(actorOf(req), detail.inquiry.id)) ?? detail, 409, { notice: 'erased' })
}

/** The inquiry a form acts on, or the page to answer instead: unknown (404), erased (409, read-only). */
async function opened(req: FastifyRequest, id: string | undefined): Promise<{ detail: InquiryDetail } | { answer: StaffPageAnswer }> {
  const open = await req.server.inbox.open(actorOf(req), id)
  if (open.kind === 'not-found') return { answer: NOT_FOUND }
  return open.kind === 'gone' ? { answer: await again(req, open.detail, 409, { notice: 'erased' }) } : { detail: open.detail }
}

/** The page when the service did nothing because the inquiry is unknown or was erased meanwhile; null for any other outcome. */
function undone(req: FastifyRequest, detail: InquiryDetail, outcome: { kind: string }): Promise<StaffPageAnswer> | null {
  if (outcome.kind === 'not-found') return Promise.resolve(NOT_FOUND)
  return outcome.kind === 'gone' ? erased(req, detail) : null
}

/**
 * POST …/change: status, assignee, note, legal hold. Responders set a hold; only an admin lifts one:
 * the service refuses the whole change otherwise, audited (server/inbox/hold.ts): the 403 page.
 */
export async function changeInquiry(req: FastifyRequest, reply: FastifyReply, body: Body, params: Params): Promise<unknown> {
  const open = await opened(req, params.id)
  if ('answer' in open) return open.answer
  const { detail } = open
  const q = detail.inquiry
  const { assignable } = await req.server.inbox.people(actorOf(req))
  const read = readTriage(body, { status: q.status, assigneeId: q.assigneeId, legalHold: q.legalHold }, new Set(assignable.map((a) => a.id)))
  const typed = (errors: InquiryData['triage']['errors']) => again(req, detail, 422, { was: read.was, triage: { form: read.form, errors } })
  if (Object.keys(read.errors).length) return typed(read.errors)
  if (Object.keys(read.change).length) {
    const outcome = await req.server.inbox.change(actorOf(req), q.id, read.change)
    if (outcome.kind === 'forbidden') throw new StaffForbidden()
    // The assignee disabled since the form was read.
    if (outcome.kind === 'invalid') return typed({ assignee: 'assignee' })
    const answer = undone(req, detail, outcome)
    if (answer) return answer
  }
  return reply.redirect(`${pageOf(q.id)}?notice=changed`, 303)
}

/**
 * POST …/reply: subject and body as the staff member edited them, the status to move to, sent only
 * with `confirmed=1` (the dialog; without JavaScript the page asks in a confirmation step). Queued in
 * the outbox To the inquiry's address, Reply-To the company's address (content/site.yml `email`).
 */
export async function replyToInquiry(req: FastifyRequest, reply: FastifyReply, body: Body, params: Params): Promise<unknown> {
  const open = await opened(req, params.id)
  if ('answer' in open) return open.answer
  const { detail } = open
  const q = detail.inquiry
  const read = readReply(body)
  const typed = (statusCode: number, confirmReply = false) => again(req, detail, statusCode, { reply: { form: read.form, errors: read.errors, to: q.email }, confirmReply })
  if (Object.keys(read.errors).length) return typed(422)
  if (body.confirmed !== '1') return typed(200, true)
  const outcome = await req.server.inbox.reply(actorOf(req), q.id, read.reply)
  return undone(req, detail, outcome) ?? reply.redirect(`${pageOf(q.id)}?notice=replied`, 303)
}

/** POST …/retry (`seq`: the outbox row): a failed mail of this inquiry pending again, or a pending one due now. */
export async function retryInquiryMail(req: FastifyRequest, reply: FastifyReply, body: Body, params: Params): Promise<unknown> {
  const open = await opened(req, params.id)
  if ('answer' in open) return open.answer
  const { detail } = open
  const seq = typeof body.seq === 'string' && /^\d{1,15}$/.test(body.seq) ? Number(body.seq) : null
  const outcome = await req.server.inbox.retry(actorOf(req), detail.inquiry.id, seq)
  if (outcome.kind === 'refused') return again(req, detail, 409, { notice: 'retryRefused' })
  return undone(req, detail, outcome) ?? reply.redirect(`${pageOf(detail.inquiry.id)}?notice=retried`, 303)
}
