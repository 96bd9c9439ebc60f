import { randomInt } from 'node:crypto'
import type { Locale } from '../../shared/i18n/locales'
import type { ContactValues } from '../../shared/contact/values'
import { DEFAULT_TIME_ZONE, todayIn } from '../../shared/validation'
import type { Db } from './db'

export type MailKind = 'staff' | 'auto-reply'
export const MAIL_KINDS: readonly MailKind[] = ['staff', 'auto-reply']

export interface MailState {
  status: 'pending' | 'sent' | 'failed'
  attempts: number
  lastError: string | null
  sentAt: string | null
}

export interface Inquiry extends ContactValues {
  id: string
  receivedAt: string
  locale: Locale
}

export interface InquiryRecord extends Inquiry {
  mail: Partial<Record<MailKind, MailState>>
}

export interface NewInquiry {
  values: ContactValues
  locale: Locale
  /** The submission token (idempotency key), or null for a request without one. */
  token: string | null
  now: Date
  /** Most auto-replies to one recipient in the 24 hours before `now` (none beyond it); no cap when absent. */
  autoReplyLimit?: number
}

export interface InsertResult {
  id: string
  /** False for a token seen before: the first inquiry's id, nothing stored. */
  created: boolean
  /** False when the recipient already had `autoReplyLimit` auto-replies in the last 24 hours. */
  autoReply: boolean
}

export const AUTO_REPLY_WINDOW_MS = 24 * 60 * 60 * 1000

/**
 * Who an auto-reply really goes to, for its cap: the address in lower case without a
 * '+tag' ('Taro+1@Example.com' -> 'taro@example.com'), so tags do not multiply the cap.
 */
export function replyKey(email: string): string {
  const lower = email.toLowerCase()
  const at = lower.lastIndexOf('@')
  if (at < 0) return lower
  const local = lower.slice(0, at)
  const plus = local.indexOf('+')
  return (plus > 0 ? local.slice(0, plus) : local) + lower.slice(at)
}

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ' // Crockford base 32: no I, L, O, U

/** 'Q-20261122-7F3K2A': the day received in Tokyo and six random characters. */
export function newReference(now: Date): string {
  let tail = ''
  for (let i = 0; i < 6; i++) tail += ALPHABET[randomInt(ALPHABET.length)]
  return `Q-${todayIn(DEFAULT_TIME_ZONE, now).replace(/-/g, '')}-${tail}`
}

const orNull = (text: string) => (text === '' ? null : text)

type Row = Record<string, any>

function toInquiry(r: Row): Inquiry {
  return {
    id: r.id,
    receivedAt: r.received_at,
    locale: r.locale,
    name: r.name,
    nameKana: r.name_kana ?? '',
    company: r.company ?? '',
    email: r.email,
    emailConfirm: r.email,
    phone: r.phone ?? '',
    inquiryType: r.inquiry_type,
    preferredDate: r.preferred_date ?? '',
    message: r.message,
    privacyConsent: r.privacy_consent === 1,
  }
}

export type InquiryStore = ReturnType<typeof createInquiryStore>

/** Inquiries in SQLite. Every write is one transaction, committed before the caller answers. */
export function createInquiryStore(db: Db) {
  const insertRow = db.prepare(`
    INSERT INTO inquiries (id, token, received_at, locale, name, name_kana, company, email, reply_key, phone, inquiry_type, preferred_date, message, privacy_consent)
    VALUES (@id, @token, @receivedAt, @locale, @name, @nameKana, @company, @email, @replyKey, @phone, @inquiryType, @preferredDate, @message, @privacyConsent)
    ON CONFLICT (token) DO NOTHING`)
  const byToken = db.prepare('SELECT id FROM inquiries WHERE token = ?').pluck()
  const enqueue = db.prepare('INSERT INTO outbox (inquiry_id, kind, next_attempt_at) VALUES (?, ?, ?)')
  const recentAutoReplies = db
    .prepare("SELECT COUNT(*) FROM inquiries i JOIN outbox o ON o.inquiry_id = i.id AND o.kind = 'auto-reply' WHERE i.reply_key = ? AND i.received_at > ?")
    .pluck()
  const byId = db.prepare('SELECT * FROM inquiries WHERE id = ?')
  const mailOf = db.prepare('SELECT kind, status, attempts, last_error, sent_at FROM outbox WHERE inquiry_id = ?')

  const insertOnce = db.transaction((input: NewInquiry, id: string): InsertResult => {
    const v = input.values
    const key = replyKey(v.email)
    const result = insertRow.run({
      id,
      token: input.token,
      receivedAt: input.now.toISOString(),
      locale: input.locale,
      name: v.name,
      nameKana: orNull(v.nameKana),
      company: orNull(v.company),
      email: v.email,
      replyKey: key,
      phone: orNull(v.phone),
      inquiryType: v.inquiryType,
      preferredDate: orNull(v.preferredDate),
      message: v.message,
      privacyConsent: v.privacyConsent ? 1 : 0,
    })
    if (result.changes === 0) return { id: byToken.get(input.token) as string, created: false, autoReply: false }
    // Counted in the same (immediate) transaction as the insert: concurrent sends cannot both pass.
    const since = new Date(input.now.getTime() - AUTO_REPLY_WINDOW_MS).toISOString()
    const autoReply = input.autoReplyLimit === undefined || (recentAutoReplies.get(key, since) as number) < input.autoReplyLimit
    for (const kind of MAIL_KINDS) if (kind === 'staff' || autoReply) enqueue.run(id, kind, input.now.getTime())
    return { id, created: true, autoReply }
  })

  function mailStates(id: string): InquiryRecord['mail'] {
    const mail: InquiryRecord['mail'] = {}
    for (const m of mailOf.all(id) as Row[]) mail[m.kind as MailKind] = { status: m.status, attempts: m.attempts, lastError: m.last_error, sentAt: m.sent_at }
    return mail
  }

  return {
    /**
     * Stores an inquiry and queues its mails, atomically: the staff mail always, the
     * auto-reply unless its recipient reached `autoReplyLimit` in the last 24 hours. A token
     * seen before returns the first inquiry's id (created: false) and stores nothing.
     */
    insert(input: NewInquiry): InsertResult {
      for (let attempt = 0; ; attempt++) {
        try {
          return insertOnce.immediate(input, newReference(input.now))
        } catch (err) {
          // One in a billion per day: the random reference is taken; draw again.
          const code = (err as { code?: string }).code
          if (code !== 'SQLITE_CONSTRAINT_UNIQUE' || attempt >= 5) throw err
        }
      }
    },
    /** The id of the inquiry stored with this submission token, or null. */
    findByToken(token: string): string | null {
      return (byToken.get(token) as string | undefined) ?? null
    },
    find(id: string): InquiryRecord | null {
      const row = byId.get(id) as Row | undefined
      return row ? { ...toInquiry(row), mail: mailStates(id) } : null
    },
    /** Oldest first; `since` is an ISO instant compared with the time received. */
    list({ since, limit, newestFirst }: { since?: string; limit?: number; newestFirst?: boolean } = {}): InquiryRecord[] {
      const rows = db
        .prepare(`SELECT * FROM inquiries WHERE received_at >= ? ORDER BY seq ${newestFirst ? 'DESC' : 'ASC'} LIMIT ?`)
        .all(since ?? '', limit ?? -1) as Row[]
      return rows.map((r) => ({ ...toInquiry(r), mail: mailStates(r.id) }))
    },
  }
}
