import { randomInt } from 'node:crypto'
import type { Locale } from '../../shared/i18n/locales'
import type { ContactValues } from '../../shared/contact/fields'
import { DEFAULT_TIME_ZONE, todayIn } from '../../shared/validation/rules/dates'
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
    INSERT INTO inquiries (id, token, received_at, locale, name, name_kana, company, email, phone, inquiry_type, preferred_date, message, privacy_consent)
    VALUES (@id, @token, @receivedAt, @locale, @name, @nameKana, @company, @email, @phone, @inquiryType, @preferredDate, @message, @privacyConsent)
    ON CONFLICT (token) DO NOTHING`)
  const byToken = db.prepare('SELECT id FROM inquiries WHERE token = ?').pluck()
  const enqueue = db.prepare('INSERT INTO outbox (inquiry_id, kind, next_attempt_at) VALUES (?, ?, ?)')
  const byId = db.prepare('SELECT * FROM inquiries WHERE id = ?')
  const mailOf = db.prepare('SELECT kind, status, attempts, last_error, sent_at FROM outbox WHERE inquiry_id = ?')

  const insertOnce = db.transaction((input: NewInquiry, id: string): { id: string; created: boolean } => {
    const v = input.values
    const result = insertRow.run({
      id,
      token: input.token,
      receivedAt: input.now.toISOString(),
      locale: input.locale,
      name: v.name,
      nameKana: orNull(v.nameKana),
      company: orNull(v.company),
      email: v.email,
      phone: orNull(v.phone),
      inquiryType: v.inquiryType,
      preferredDate: orNull(v.preferredDate),
      message: v.message,
      privacyConsent: v.privacyConsent ? 1 : 0,
    })
    if (result.changes === 0) return { id: byToken.get(input.token) as string, created: false }
    for (const kind of MAIL_KINDS) enqueue.run(id, kind, input.now.getTime())
    return { id, created: true }
  })

  function mailStates(id: string): InquiryRecord['mail'] {
    const mail: InquiryRecord['mail'] = {}
    for (const m of mailOf.all(id) as Row[]) mail[m.kind as MailKind] = { status: m.status, attempts: m.attempts, lastError: m.last_error, sentAt: m.sent_at }
    return mail
  }

  return {
    /**
     * Stores an inquiry and queues its two mails, atomically. A token seen before returns
     * the first inquiry's id (created: false) and stores nothing.
     */
    insert(input: NewInquiry): { id: string; created: boolean } {
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
