import { randomUUID } from 'node:crypto'
import { createStaffStore } from '../staff/store'
import { ENQUEUE_SQL, inquiryMailKey, inquiryMails, mailFailed, mailSent, toClaimed } from '../outbox/work'
import { createInboxStore } from '../inbox/inbox-store'
import { SQLITE_DIALECT } from '../inbox/sqlite-store'
import { sqliteRunner } from '../db/sqlite'
import { createSqliteEditorStore } from '../editor/sqlite-store'
import type { Db } from '../db/sqlite'
import { schemaVersion } from '../database'
import {
  autoReplyWindows,
  inquiryColumns,
  mailStatesOf,
  newReference,
  toInquiry,
  type ClaimedMail,
  type InquiryStore,
  type InsertResult,
  type NewInquiry,
  type Row,
} from './store'

/**
 * Inquiries in SQLite (DATA_DIR/inquiries.db): one replica, nothing to install. better-sqlite3 is
 * synchronous; the methods are async only to share the InquiryStore contract with PostgreSQL.
 * Write transactions are IMMEDIATE: two writers never interleave, so the token check and the
 * auto-reply counts (the recipient's, the site's) happen in the same transaction as the insert.
 */
export function createSqliteStore(db: Db): InquiryStore {
  const insertRow = db.prepare(`
    INSERT INTO inquiries (id, token, received_at, locale, name, name_kana, company, email, reply_key, phone, inquiry_type, preferred_date, message, privacy_consent)
    VALUES (@id, @token, @receivedAt, @locale, @name, @nameKana, @company, @email, @replyKey, @phone, @inquiryType, @preferredDate, @message, @privacyConsent)
    ON CONFLICT (token) DO NOTHING`)
  const byToken = db.prepare('SELECT id FROM inquiries WHERE token = ?').pluck()
  const enqueue = db.prepare(ENQUEUE_SQL)
  const index = db.prepare(SQLITE_DIALECT.indexInsert)
  const recentAutoReplies = db
    .prepare("SELECT COUNT(*) FROM inquiries i JOIN outbox o ON o.inquiry_id = i.id AND o.kind = 'auto-reply' WHERE i.reply_key = ? AND i.received_at > ?")
    .pluck()
  const recentSiteAutoReplies = db
    .prepare("SELECT COUNT(*) FROM inquiries i JOIN outbox o ON o.inquiry_id = i.id AND o.kind = 'auto-reply' WHERE i.received_at > ?")
    .pluck()
  const byId = db.prepare('SELECT * FROM inquiries WHERE id = ?')
  const mailOf = db.prepare("SELECT kind, status, attempts, last_error, sent_at FROM outbox WHERE inquiry_id = ? AND kind IN ('staff', 'auto-reply')")
  const due = db.prepare("SELECT seq, inquiry_id, kind, attempts, payload FROM outbox WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at, seq LIMIT 1")
  const claim = db.prepare('UPDATE outbox SET claim = ?, next_attempt_at = ? WHERE seq = ?')
  const runner = sqliteRunner(db)
  const retry = db.prepare("UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = ?, claim = NULL WHERE status = 'failed'")
  const counts = db.prepare("SELECT status, COUNT(*) AS n FROM outbox WHERE status IN ('pending', 'failed') GROUP BY status")

  const insertOnce = db.transaction((input: NewInquiry, id: string): InsertResult => {
    const columns = inquiryColumns(input, id)
    const inserted = insertRow.run(columns)
    if (inserted.changes === 0) return { id: byToken.get(input.token) as string, created: false, autoReply: false }
    index.run(inserted.lastInsertRowid, ...SQLITE_DIALECT.indexArgs(input.values))
    // Counted in the same (immediate) transaction as the insert: concurrent sends cannot both pass.
    const { recipientSince, siteSince } = autoReplyWindows(input.now)
    const withheld =
      input.autoReplyLimit !== undefined && (recentAutoReplies.get(columns.replyKey, recipientSince) as number) >= input.autoReplyLimit
        ? 'recipient'
        : input.autoReplyBudgetPerHour !== undefined && (recentSiteAutoReplies.get(siteSince) as number) >= input.autoReplyBudgetPerHour
          ? 'site'
          : null
    const at = input.now.getTime()
    for (const kind of inquiryMails(input, !withheld)) enqueue.run(id, kind, at, at, inquiryMailKey(kind, id))
    return withheld ? { id, created: true, autoReply: false, withheld } : { id, created: true, autoReply: true }
  })

  const claimDue = db.transaction((now: number, leaseMs: number): ClaimedMail | null => {
    const row = due.get(now) as Row | undefined
    if (!row) return null
    const token = randomUUID()
    claim.run(token, now + leaseMs, row.seq)
    return toClaimed(row, token)
  })

  const withMail = (row: Row) => ({ ...toInquiry(row), mail: mailStatesOf(mailOf.all(row.id) as Row[]) })

  return {
    engine: 'sqlite',
    staff: createStaffStore(runner),
    inbox: createInboxStore(runner, SQLITE_DIALECT),
    editor: createSqliteEditorStore(db, runner),
    async insert(input) {
      for (let attempt = 0; ; attempt++) {
        try {
          return insertOnce.immediate(input, newReference(input.now))
        } catch (err) {
          // One in a billion per day: the random reference is taken; draw again.
          if ((err as { code?: string }).code !== 'SQLITE_CONSTRAINT_UNIQUE' || attempt >= 5) throw err
        }
      }
    },
    async findByToken(token) {
      return (byToken.get(token) as string | undefined) ?? null
    },
    async find(id) {
      const row = byId.get(id) as Row | undefined
      return row ? withMail(row) : null
    },
    async list({ since, limit, newestFirst } = {}) {
      const rows = db
        .prepare(`SELECT * FROM inquiries WHERE received_at >= ? ORDER BY seq ${newestFirst ? 'DESC' : 'ASC'} LIMIT ?`)
        .all(since ?? '', limit ?? -1) as Row[]
      return rows.map(withMail)
    },
    async claimMail(now, leaseMs) {
      return claimDue.immediate(now, leaseMs)
    },
    mailSent: (mail, sentAt) => runner.write(mailSent(mail, sentAt)),
    mailFailed: (mail, outcome) => runner.write(mailFailed(mail, outcome)),
    async retryFailed(now) {
      return retry.run(now).changes
    },
    async outboxCounts() {
      const result = { pending: 0, failed: 0 }
      for (const row of counts.all() as { status: 'pending' | 'failed'; n: number }[]) result[row.status] = row.n
      return result
    },
    async schemaVersion() {
      return schemaVersion(db)
    },
    async ping() {
      db.prepare('SELECT 1').get()
    },
    async close() {
      if (db.open) db.close()
    },
  }
}
