import type { FastifyRequest } from 'fastify'
import type { InquiryData, InquiryNotice } from './page-data'
import { mayLiftHold } from '../../../server/inbox/hold'
import type { InquiryDetail } from '../../../server/inbox/types'
import { snapshotOf } from '../../../server/plugins/content'
import { historyOf } from './history.server'
import { replyTemplate } from './template.server'
import { actorOf } from '../../../server/staff/http/services'
import { shownTime } from '../../../server/staff/http/shown-time'

const NOTICES: readonly InquiryNotice[] = ['changed', 'replied', 'retried', 'retryRefused', 'erased']

/**
 * The page's data from the inquiry: its fields as stored, mails and history with names, the triage
 * form at the current values, the reply form at its template (in the inquiry's language). `change`
 * replaces parts of it (what was typed, errors, a notice).
 */
export async function inquiryData(req: FastifyRequest, detail: InquiryDetail, change: Partial<InquiryData> = {}): Promise<InquiryData> {
  const q = detail.inquiry
  const { names, assignable } = await req.server.inbox.people(actorOf(req))
  const { mails, history } = historyOf(detail, names)
  const assignee = q.assigneeId ? { id: q.assigneeId, name: q.assigneeName ?? names.get(q.assigneeId) ?? q.assigneeId } : null
  const assignees = assignee && !assignable.some((a) => a.id === assignee.id) ? [...assignable, assignee] : assignable
  const viewer = req.staffSession!.account
  const current = { status: q.status, assignee: q.assigneeId ?? '', note: '', legalHold: q.legalHold }
  const template = replyTemplate(q, snapshotOf(req).content.site(q.locale).name)
  return {
    id: q.id,
    fields: {
      reference: q.id,
      received: shownTime(Date.parse(q.receivedAt)),
      locale: q.locale,
      name: q.name,
      nameKana: q.nameKana,
      company: q.company,
      email: q.email,
      phone: q.phone,
      inquiryType: q.inquiryType,
      preferredDate: q.preferredDate,
      message: q.message,
      privacyConsent: q.privacyConsent,
    },
    status: q.status,
    assignee,
    legalHold: q.legalHold,
    erased: q.erasedAt === null ? null : shownTime(q.erasedAt),
    mails,
    history,
    assignees,
    self: viewer.id,
    mayLiftHold: mayLiftHold(viewer.role),
    notice: null,
    was: current,
    triage: { form: current, errors: {} },
    reply: { form: { ...template, status: 'waiting' }, errors: {}, to: q.email },
    confirmReply: false,
    ...change,
  }
}

/**
 * GET /admin/inquiries/:id: the inquiry (null: the 404 page), its view recorded first (a 'view'
 * event and the 'inquiry.view' audit entry, one transaction). Only this GET records a view: the
 * page rendered again after a POST (a form with errors) does not. ?notice= after a change.
 */
export async function loadInquiry(req: FastifyRequest, id: string | undefined, search: URLSearchParams): Promise<InquiryData | null> {
  const viewed = await req.server.inbox.view(actorOf(req), id)
  if (viewed.kind === 'not-found') return null
  const notice = search.get('notice') as InquiryNotice
  return inquiryData(req, viewed.detail, { notice: NOTICES.includes(notice) ? notice : null })
}
