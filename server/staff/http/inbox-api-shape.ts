import type { FastifyReply } from 'fastify'
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../../shared/i18n/locales'
import type { Translate } from '../../../shared/i18n/messages'
import type { MailState } from '../../contact/types'
import { INQUIRY_STATUSES, type InboxRow, type InquiryDetail } from '../../inbox/types'
import { staffTranslators } from '../../i18n/staff-catalog'

/** The longest note the API takes (characters). */
export const NOTE_MAX = 10_000
/** A PATCH or a note is small: 16 KiB is plenty (413 above). */
export const API_BODY_LIMIT = 16 * 1024

/** PATCH /admin/api/inquiries/:id: at least one of the three, nothing else (400). */
export const patchBodySchema = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    status: { type: 'string', enum: [...INQUIRY_STATUSES] },
    assigneeId: { type: ['string', 'null'], minLength: 1, maxLength: 64 },
    legalHold: { type: 'boolean' },
  },
} as const

/** POST /admin/api/inquiries/:id/notes. */
export const noteBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['text'],
  properties: { text: { type: 'string', minLength: 1, maxLength: NOTE_MAX } },
} as const

/** The API's error codes, each with its message (staff.inquiries.api.errors.<code>). */
export const API_ERRORS = ['token', 'role', 'notFound', 'path', 'method', 'filter', 'body', 'media', 'tooLarge', 'assignee', 'note', 'erased', 'hold', 'unavailable', 'internal'] as const
export type ApiError = (typeof API_ERRORS)[number]

/** The code of an error the one handler answers (malformed JSON, a body too large, a database down). */
export function errorOfStatus(status: number): ApiError {
  if (status === 404) return 'notFound'
  if (status === 405) return 'method'
  if (status === 413) return 'tooLarge'
  if (status === 415) return 'media'
  if (status === 503) return 'unavailable'
  return status < 500 ? 'body' : 'internal'
}

let translators: Record<Locale, Translate> | undefined

/** An error as JSON: `{ error, message }` (and what else it names), the message in `locale` (the token's account's language). */
export function sendApiError(reply: FastifyReply, status: number, error: ApiError, locale: string | undefined, extra: Record<string, unknown> = {}) {
  const t = (translators ??= staffTranslators(() => {}))[isLocale(locale) ? locale : DEFAULT_LOCALE]
  const values = { parameters: Array.isArray(extra.parameters) ? extra.parameters.join(', ') : '' }
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send({ error, message: t(`staff.inquiries.api.errors.${error}`, values), ...extra })
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

/** A mail state map with camelCase keys ('auto-reply' → autoReply). */
function mailOf<T>(mail: Partial<Record<'staff' | 'auto-reply', T>>) {
  return { staff: mail.staff ?? null, autoReply: mail['auto-reply'] ?? null }
}

/** One inquiry of the list as the API answers it. */
export function itemJson(r: InboxRow) {
  return {
    id: r.id,
    receivedAt: r.receivedAt,
    locale: r.locale,
    name: r.name,
    nameKana: r.nameKana,
    company: r.company,
    email: r.email,
    phone: r.phone,
    inquiryType: r.inquiryType,
    status: r.status,
    assigneeId: r.assigneeId,
    assigneeName: r.assigneeName,
    legalHold: r.legalHold,
    erasedAt: iso(r.erasedAt),
    mail: mailOf(r.mail),
  }
}

/** One inquiry with its history and its mails (times ISO 8601 UTC). */
export function detailJson({ inquiry: q, events, mails }: InquiryDetail) {
  return {
    inquiry: {
      ...itemJson({ ...q, mail: {} }),
      preferredDate: q.preferredDate,
      message: q.message,
      privacyConsent: q.privacyConsent,
      mail: mailOf<MailState>(q.mail),
    },
    events: events.map((e) => ({ seq: e.seq, at: iso(e.at), kind: e.kind, accountId: e.accountId, accountName: e.accountName, data: e.data })),
    mails: mails.map((m) => ({ seq: m.seq, kind: m.kind, status: m.status, attempts: m.attempts, lastError: m.lastError, sentAt: m.sentAt, queuedAt: iso(m.queuedAt) })),
  }
}
