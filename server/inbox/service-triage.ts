/**
 * The inbox service's work on one inquiry (service.ts): reading it, a view recorded, a triage change,
 * a reply queued, a mail sent again. Reads are plain; each change checks its rules, then goes to the store
 * with its audit entry (the store writes both in one transaction).
 */
import { INBOX_ROLES } from '../../shared/admin/roles'
import { hasControlChars } from '../../shared/validation/control-chars'
import { actorEntry, type Actor } from '../db/actor'
import type { Account } from '../staff/types'
import type { Forbidden, Gone, InboxServiceDeps, Invalid, NotFound } from './service-types'
import type { InboxFilter, InquiryDetail, InquiryStatus, TriageChange } from './types'

/** Whether an inquiry may be assigned to the account: an enabled responder or admin (who may open the inbox). */
const mayBeAssigned = (a: Account): boolean => !a.disabled && (INBOX_ROLES as readonly string[]).includes(a.role)

/** The staff as the inbox names them: every account's name by id, and who may be assigned. */
export interface InboxPeople {
  names: Map<string, string>
  assignable: { id: string; name: string }[]
}

/** A change the rules refuse before anything is written: the assignee is no account that may be assigned, or the note is empty or holds control characters. */
type InvalidChange = Invalid<'assignee' | 'note'>

/** The reply as typed (server/staff/http/inquiry-forms.ts readReply checks it), and the status to move to (null: kept). */
export interface ReplyInput {
  subject: string
  body: string
  status: InquiryStatus | null
}

const isId = (id: unknown): id is string => typeof id === 'string' && id.length > 0 && id.length <= 64
const nameOf = (a: Account) => a.name || a.email

export function triageWork({ store, staff, now, kick, site }: InboxServiceDeps) {
  const read = (id: unknown): Promise<InquiryDetail | null> => (isId(id) ? store.detail(id) : Promise.resolve(null))
  const entry = (actor: Actor, at: number, action: string, id: string) => actorEntry(actor, at, action, `inquiry:${id}`)

  /** Why a change to the note or the assignee cannot be made, or null. */
  async function refusal(change: TriageChange): Promise<InvalidChange | null> {
    if (change.note !== undefined && (!change.note.trim() || hasControlChars(change.note.trim(), true))) return { kind: 'invalid', field: 'note' }
    if (typeof change.assigneeId === 'string') {
      const account = await staff.findAccount(change.assigneeId)
      if (!account || !mayBeAssigned(account)) return { kind: 'invalid', field: 'assignee' }
    }
    return null
  }

  return {
    /** A page of the inbox, newest first. */
    list: (_actor: Actor, filter: InboxFilter, page: { page: number; pageSize: number }) => store.list(filter, page),

    /** The statistics of the last 26 weeks, at the clock's time. */
    stats: (_actor: Actor) => store.stats(now()),

    /** The inquiry as it is, no view recorded (a page drawn again after a POST); null when unknown. */
    read: (_actor: Actor, id: unknown) => read(id),

    /** Every account's name, and who may be assigned (mayBeAssigned). */
    async people(_actor: Actor): Promise<InboxPeople> {
      const accounts = await staff.listAccounts()
      return {
        names: new Map(accounts.map((a) => [a.id, nameOf(a)])),
        assignable: accounts.filter(mayBeAssigned).map((a) => ({ id: a.id, name: nameOf(a) })),
      }
    },

    /** The actor opens the inquiry (page or API): its 'view' event and 'inquiry.view' audit entry; the inquiry as read before them. */
    async view(actor: Actor, id: unknown): Promise<NotFound | { kind: 'done'; detail: InquiryDetail }> {
      const detail = await read(id)
      if (!detail) return { kind: 'not-found' }
      const at = now()
      await store.recordView(detail.inquiry.id, actor, at, entry(actor, at, 'inquiry.view', detail.inquiry.id))
      return { kind: 'done', detail }
    },

    /** The inquiry to act on: unknown, erased (read-only: 'gone', with what is left of it), or open to changes. */
    async open(_actor: Actor, id: unknown): Promise<NotFound | { kind: 'gone' | 'done'; detail: InquiryDetail }> {
      const detail = await read(id)
      if (!detail) return { kind: 'not-found' }
      return { kind: detail.inquiry.erasedAt === null ? 'done' : 'gone', detail }
    },

    /**
     * A triage change (status, assignee, note, legal hold). Refused before anything is written when the
     * note or the assignee is not valid ('invalid'); the whole change refused when it lifts a legal hold
     * and the actor is no admin ('forbidden': the store audits the refusal, server/inbox/hold.ts).
     */
    async change(actor: Actor, id: unknown, change: TriageChange): Promise<InvalidChange | NotFound | Gone | Forbidden | { kind: 'done' }> {
      const invalid = await refusal(change)
      if (invalid) return invalid
      const detail = await read(id)
      if (!detail) return { kind: 'not-found' }
      if (detail.inquiry.erasedAt !== null) return { kind: 'gone' }
      const q = detail.inquiry
      const at = now()
      const note = change.note?.trim()
      const outcome = await store.change(q.id, note === undefined ? change : { ...change, note }, actor, at, entry(actor, at, 'inquiry.change', q.id))
      if (outcome === 'refused') return { kind: 'forbidden' }
      return outcome === 'gone' ? { kind: 'gone' } : { kind: 'done' }
    },

    /** A reply queued in the outbox To the inquiry's address, Reply-To the company's (in the inquiry's language), sent now. */
    async reply(actor: Actor, id: unknown, reply: ReplyInput): Promise<NotFound | Gone | { kind: 'done'; seq: number }> {
      const detail = await read(id)
      if (!detail) return { kind: 'not-found' }
      const q = detail.inquiry
      if (q.erasedAt !== null) return { kind: 'gone' }
      const at = now()
      const seq = await store.queueReply(q.id, { to: q.email, replyTo: site(q.locale).email, ...reply }, actor, at, entry(actor, at, 'inquiry.reply', q.id))
      if (seq === null) return { kind: 'gone' }
      kick()
      return { kind: 'done', seq }
    },

    /** A failed mail of the inquiry pending again, or a pending one due now; any other ('refused': sent, cancelled, not this inquiry's) is left. */
    async retry(actor: Actor, id: unknown, seq: number | null): Promise<NotFound | Gone | { kind: 'refused' } | { kind: 'done' }> {
      const detail = await read(id)
      if (!detail) return { kind: 'not-found' }
      const q = detail.inquiry
      if (q.erasedAt !== null) return { kind: 'gone' }
      const mail = detail.mails.find((m) => m.seq === seq)
      if (!mail || (mail.status !== 'failed' && mail.status !== 'pending')) return { kind: 'refused' }
      const at = now()
      if (!(await store.retryMail(q.id, mail.seq, actor, at, entry(actor, at, 'inquiry.retry', q.id)))) return { kind: 'refused' }
      kick()
      return { kind: 'done' }
    },
  }
}
