/**
 * The inbox service's work on many inquiries at once (service.ts): exports, a person's request (APPI:
 * everything held about an address, its export, its erasure) and the erasure by retention. Each read of
 * personal data is audited (the address by its hash only, never written out), each erasure too.
 */
import { createHash } from 'node:crypto'
import { hasControlChars } from '../../shared/validation/control-chars'
import { actorEntry, type Actor } from '../db/actor'
import { inboxQueryString } from './filter'
import type { Forbidden, InboxServiceDeps, Invalid } from './service-types'
import type { ExportedInquiry, InboxFilter, InboxRow, InquiryDetail } from './types'

/** Longest address looked up (RFC 5321's path limit). */
export const EMAIL_MAX = 254
/** Rows read per page when every inquiry of an address is listed. */
const PAGE = 200

export const EXPORT_FORMATS = ['csv', 'json'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

export const isExportFormat = (value: unknown): value is ExportFormat => typeof value === 'string' && (EXPORT_FORMATS as readonly string[]).includes(value)


/** An export under way: its pages (each read when the one before has been taken), its format and the instant it started. */
export type Export = { kind: 'done'; pages: AsyncIterable<ExportedInquiry[]>; format: ExportFormat; at: number }

/** The address of a form or a command, trimmed and lower-cased, or null when it is not one. */
export function personEmail(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const email = value.trim().toLowerCase()
  if (email.length > EMAIL_MAX || hasControlChars(email) || !/^[^\s@]+@[^\s@]+$/.test(email)) return null
  return email
}

/** An address as the audit log names it: 'email:' and the first 12 hex digits of the SHA-256 of its lower case, never the address. */
export function emailTarget(email: string): string {
  return `email:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 12)}`
}

/** The audit target of a list export: the format and the filter's parameters, the search words left out (they may be a person's name). */
function listTarget(format: ExportFormat, filter: InboxFilter, days: { from?: string; to?: string }): string {
  const query = inboxQueryString({ filter: { ...filter, q: undefined }, days }).slice(1)
  return `inquiries format:${format}${query ? ` ${query}` : ''}${filter.q ? ' q' : ''}`
}

/** Who may erase a person's data on request: an admin, or the command line (no account: whoever runs it holds the database). */
const mayErase = (actor: Actor) => actor.role === 'admin' || (actor.accountId === null && actor.role === null)

export function personWork({ store, staff, now }: InboxServiceDeps) {
  /** Every inquiry a filter matches, page after page. */
  async function allRows(filter: InboxFilter): Promise<InboxRow[]> {
    const rows: InboxRow[] = []
    for (let page = 1; ; page++) {
      const got = await store.list(filter, { page, pageSize: PAGE })
      rows.push(...got.rows)
      if (got.rows.length < PAGE || rows.length >= got.total) return rows
    }
  }

  function exported(actor: Actor, filter: InboxFilter, format: ExportFormat, target: string): Export {
    const at = now()
    return { kind: 'done', pages: store.exportPages(filter, actor, at, actorEntry(actor, at, 'inquiry.export', target)), format, at }
  }

  return {
    /**
     * Every inquiry the filter matches (no paging), with notes and replies, newest first: an 'export' event
     * per inquiry with each page read, the 'inquiry.export' audit entry (format and filter) with the first.
     */
    exportInquiries(actor: Actor, filter: InboxFilter, days: { from?: string; to?: string }, format: unknown): Invalid<'format'> | Export {
      if (!isExportFormat(format)) return { kind: 'invalid', field: 'format' }
      return exported(actor, filter, format, listTarget(format, filter, days))
    },

    /** Everything held about an address (erased inquiries too) as an export, audited by the address's hash and the format. */
    exportPerson(actor: Actor, emailText: unknown, format: unknown): Invalid<'email' | 'format'> | Export {
      const email = personEmail(emailText)
      if (!email) return { kind: 'invalid', field: 'email' }
      if (!isExportFormat(format)) return { kind: 'invalid', field: 'format' }
      return exported(actor, { email, includeErased: true }, format, `${emailTarget(email)} format:${format}`)
    },

    /** Everything held about an address (erased inquiries too), newest first; audited first as a view of personal data ('inquiry.person'). */
    async person(actor: Actor, emailText: unknown): Promise<Invalid<'email'> | { kind: 'done'; email: string; found: InquiryDetail[] }> {
      const email = personEmail(emailText)
      if (!email) return { kind: 'invalid', field: 'email' }
      await staff.audit(actorEntry(actor, now(), 'inquiry.person', emailTarget(email)))
      const rows = await allRows({ email, includeErased: true })
      const details = await Promise.all(rows.map((r) => store.detail(r.id)))
      return { kind: 'done', email, found: details.filter((d): d is InquiryDetail => d !== null) }
    },

    /**
     * A person's request: the personal data of every inquiry from the address erased, a legal hold
     * notwithstanding (the person asked), one 'inquiry.erase' audit entry each; how many. Only an admin (or
     * the command line): anyone else is refused, audited.
     */
    async erasePerson(actor: Actor, emailText: unknown): Promise<Invalid<'email'> | Forbidden | { kind: 'done'; erased: number }> {
      const email = personEmail(emailText)
      if (!email) return { kind: 'invalid', field: 'email' }
      if (!mayErase(actor)) {
        await staff.audit(actorEntry(actor, now(), 'request.refused', `${emailTarget(email)} erase`, 'refused'))
        return { kind: 'forbidden' }
      }
      const ids = (await allRows({ email })).map((r) => r.id)
      return { kind: 'done', erased: ids.length ? await store.erase(ids, 'request', actor, now()) : 0 }
    },

    /**
     * The retention job's erasure: inquiries closed before `closedBefore`, not on legal hold, erased `batch`
     * at a time at the job's instant `at` (a backlog of thousands never holds the database long).
     */
    async eraseClosed(actor: Actor, { closedBefore, at, batch }: { closedBefore: number; at: number; batch: number }): Promise<{ due: number; erased: number }> {
      const ids = await store.dueForErasure(closedBefore)
      let erased = 0
      for (let i = 0; i < ids.length; i += batch) erased += await store.erase(ids.slice(i, i + batch), 'retention', actor, at)
      return { due: ids.length, erased }
    },
  }
}
