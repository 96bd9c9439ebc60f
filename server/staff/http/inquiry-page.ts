import type { FastifyRequest } from 'fastify'
import { INBOX_ROLES } from '../../../shared/admin/roles'
import type { InquiryData, InquiryNotice } from '../../../shared/admin/inquiry/page-data'
import { mayLiftHold } from '../../inbox/hold'
import type { Actor, InquiryDetail } from '../../inbox/types'
import { snapshotOf } from '../../plugins/content'
import { historyOf } from './inquiry-history'
import { replyTemplate } from './inquiry-template'
import { auditOf } from './services'
import { shownTime } from './shown-time'

const NOTICES: readonly InquiryNotice[] = ['changed', 'replied', 'retried', 'retryRefused', 'erased']

/** The roles an inquiry may be assigned to (and who may open the inbox). */
const ASSIGNABLE = new Set<string>(INBOX_ROLES)

/** The signed-in staff member as the inbox's actor (their account and role, the client's address). */
export const actorOf = (req: FastifyRequest): Actor => {
  const { id, role } = req.staffSession!.account
  return { accountId: id, role, address: req.ip }
}

/** An audit entry of this request about one inquiry (target inquiry:<id>). */
export const inquiryAudit = (req: FastifyRequest, action: string, id: string) => auditOf(req, req.staffSession!.account.id, action, `inquiry:${id}`)

/** The inquiry a path names, or null (unknown, or an id no reference could be). */
export async function findInquiry(req: FastifyRequest, id: string | undefined): Promise<InquiryDetail | null> {
  if (typeof id !== 'string' || id.length === 0 || id.length > 64) return null
  return req.server.inboxStore.detail(id)
}

/** Every account's name by id, and who may be assigned: enabled responders and admins. */
export async function staffOf(req: FastifyRequest): Promise<{ names: Map<string, string>; assignable: { id: string; name: string }[] }> {
  const accounts = await req.server.staffArea.store.listAccounts()
  const names = new Map(accounts.map((a) => [a.id, a.name || a.email]))
  const assignable = accounts.filter((a) => !a.disabled && ASSIGNABLE.has(a.role)).map((a) => ({ id: a.id, name: a.name || a.email }))
  return { names, assignable }
}

/**
 * The page's data from the inquiry: its fields as stored, mails and history with names, the triage
 * form at the current values, the reply form at its template (in the inquiry's language). `change`
 * replaces parts of it (what was typed, errors, a notice).
 */
export async function inquiryData(req: FastifyRequest, detail: InquiryDetail, change: Partial<InquiryData> = {}): Promise<InquiryData> {
  const q = detail.inquiry
  const { names, assignable } = await staffOf(req)
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
  const detail = await findInquiry(req, id)
  if (!detail) return null
  await req.server.inboxStore.recordView(detail.inquiry.id, actorOf(req), req.server.staffArea.now(), inquiryAudit(req, 'inquiry.view', detail.inquiry.id))
  const notice = search.get('notice') as InquiryNotice
  return inquiryData(req, detail, { notice: NOTICES.includes(notice) ? notice : null })
}
