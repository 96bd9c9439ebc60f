import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { createStaffStore } from '../staff/store'
import { createInboxStore } from '../inbox/inbox-store'
import { ENQUEUE_SQL, inquiryMailKey, inquiryMails, mailFailed, mailSent, toClaimed } from '../outbox/work'
import { PG_DIALECT } from '../inbox/pg-store'
import { pgRunner, pgText } from '../db/pg'
import { createPgEditorStore } from '../editor/pg-store'
import { MIGRATIONS } from '../migrations'
import { migratePg, pgTransaction, unavailable } from '../db/pg'
import {
  autoReplyWindows,
  inquiryColumns,
  mailStatesOf,
  newReference,
  toInquiry,
  type InquiryStore,
  type NewInquiry,
  type Row,
} from './store'

/**
 * The transaction lock of the site-wide hourly auto-reply budget: one inquiry at a time counts it. Outside
 * hashtext's 32-bit range, so no recipient's lock is ever the same; always taken after the recipient's.
 */
const AUTO_REPLY_BUDGET_LOCK = 7_305_114_203

export interface PgStoreOptions {
  /** Connections per replica (the pool's max). */
  poolSize?: number
  /** Called for errors of idle connections (the server restarted): they are replaced, never fatal. */
  onIdleError?: (err: Error) => void
}

/**
 * Inquiries in PostgreSQL (DATABASE_URL): several replicas share one store. Migrations run at
 * open under an advisory lock, so replicas starting together migrate once. A token's uniqueness
 * and the auto-reply limits hold across replicas (the unique index; a transaction-level advisory
 * lock per recipient, then one for the site's hourly budget); mails are claimed with FOR UPDATE SKIP LOCKED.
 */
export async function openPgStore(url: string, { poolSize = 10, onIdleError }: PgStoreOptions = {}): Promise<InquiryStore> {
  // Fail fast while the database is away: a request waits at most 2 s for a connection, a statement 10 s.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 2_000, idleTimeoutMillis: 30_000, statement_timeout: 10_000, query_timeout: 12_000 })
  pool.on('error', (err) => onIdleError?.(err))

  const transaction = <T>(work: (client: pg.PoolClient) => Promise<T>) => pgTransaction(pool, work)
  const query = (text: string, values?: unknown[]) => pool.query(text, values).catch(unavailable)

  await migratePg(pool, MIGRATIONS)
  const runner = pgRunner(pool)

  async function insertOnce(input: NewInquiry, id: string) {
    return transaction(async (client) => {
      const c = inquiryColumns(input, id)
      // One recipient's inquiries are counted one transaction at a time, on every replica.
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [c.replyKey])
      const inserted = await client.query(
        `INSERT INTO inquiries (id, token, received_at, locale, name, name_kana, company, email, reply_key, phone, inquiry_type, preferred_date, message, privacy_consent)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) ON CONFLICT (token) DO NOTHING RETURNING id, seq`,
        [c.id, c.token, c.receivedAt, c.locale, c.name, c.nameKana, c.company, c.email, c.replyKey, c.phone, c.inquiryType, c.preferredDate, c.message, c.privacyConsent],
      )
      if (inserted.rowCount === 0) {
        // The same token committed by another request (it waited for that commit): its id.
        const first = await client.query('SELECT id FROM inquiries WHERE token = $1', [c.token])
        return { id: first.rows[0].id as string, created: false, autoReply: false }
      }
      await client.query(pgText(PG_DIALECT.indexInsert), [inserted.rows[0].seq, ...PG_DIALECT.indexArgs(input.values)])
      const { recipientSince, siteSince } = autoReplyWindows(input.now)
      const count = async (where: string, values: unknown[]) =>
        (await client.query(`SELECT COUNT(*)::int AS n FROM inquiries i JOIN outbox o ON o.inquiry_id = i.id AND o.kind = 'auto-reply' WHERE ${where}`, values)).rows[0].n as number
      let withheld: 'recipient' | 'site' | null = null
      if (input.autoReplyLimit !== undefined && (await count('i.reply_key = $1 AND i.received_at > $2', [c.replyKey, recipientSince])) >= input.autoReplyLimit) withheld = 'recipient'
      else if (input.autoReplyBudgetPerHour !== undefined) {
        // Every replica's auto-replies of the last hour, counted one transaction at a time (held until commit).
        await client.query('SELECT pg_advisory_xact_lock($1)', [AUTO_REPLY_BUDGET_LOCK])
        if ((await count('i.received_at > $1', [siteSince])) >= input.autoReplyBudgetPerHour) withheld = 'site'
      }
      const at = input.now.getTime()
      for (const kind of inquiryMails(input, !withheld)) await client.query(pgText(ENQUEUE_SQL), [id, kind, at, at, inquiryMailKey(kind, id)])
      return withheld ? { id, created: true, autoReply: false, withheld } : { id, created: true, autoReply: true }
    })
  }

  async function withMail(rows: Row[]) {
    if (rows.length === 0) return []
    const mails = await query("SELECT inquiry_id, kind, status, attempts, last_error, sent_at FROM outbox WHERE inquiry_id = ANY($1) AND kind IN ('staff', 'auto-reply')", [rows.map((r) => r.id)])
    const byInquiry = new Map<string, Row[]>()
    for (const m of mails.rows) byInquiry.set(m.inquiry_id, [...(byInquiry.get(m.inquiry_id) ?? []), m])
    return rows.map((r) => ({ ...toInquiry(r), mail: mailStatesOf(byInquiry.get(r.id) ?? []) }))
  }

  return {
    engine: 'postgres',
    staff: createStaffStore(runner),
    inbox: createInboxStore(runner, PG_DIALECT),
    editor: createPgEditorStore(pool),
    async insert(input) {
      for (let attempt = 0; ; attempt++) {
        try {
          return await insertOnce(input, newReference(input.now))
        } catch (err) {
          // The random reference is taken (unique violation on the id, not the token): draw again.
          const e = err as { code?: string; constraint?: string }
          if (e.code !== '23505' || e.constraint !== 'inquiries_id_key' || attempt >= 5) throw err
        }
      }
    },
    async findByToken(token) {
      const r = await query('SELECT id FROM inquiries WHERE token = $1', [token])
      return (r.rows[0]?.id as string | undefined) ?? null
    },
    async find(id) {
      const r = await query('SELECT * FROM inquiries WHERE id = $1', [id])
      return (await withMail(r.rows))[0] ?? null
    },
    async list({ since, limit, newestFirst } = {}) {
      const r = await query(`SELECT * FROM inquiries WHERE received_at >= $1 ORDER BY seq ${newestFirst ? 'DESC' : 'ASC'} LIMIT $2`, [since ?? '', limit ?? null])
      return withMail(r.rows)
    },
    async claimMail(now, leaseMs) {
      return transaction(async (client) => {
        // SKIP LOCKED: a mail another replica is claiming right now is passed over, not waited for.
        const due = await client.query(
          "SELECT seq, inquiry_id, kind, attempts, payload FROM outbox WHERE status = 'pending' AND next_attempt_at <= $1 ORDER BY next_attempt_at, seq LIMIT 1 FOR UPDATE SKIP LOCKED",
          [now],
        )
        const row = due.rows[0]
        if (!row) return null
        const claim = randomUUID()
        await client.query('UPDATE outbox SET claim = $1, next_attempt_at = $2 WHERE seq = $3', [claim, now + leaseMs, row.seq])
        return toClaimed(row, claim)
      })
    },
    mailSent: (mail, sentAt) => runner.write(mailSent(mail, sentAt)),
    mailFailed: (mail, outcome) => runner.write(mailFailed(mail, outcome)),
    async retryFailed(now) {
      const r = await query("UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = $1, claim = NULL WHERE status = 'failed'", [now])
      return r.rowCount ?? 0
    },
    async outboxCounts() {
      const r = await query("SELECT status, COUNT(*)::int AS n FROM outbox WHERE status IN ('pending', 'failed') GROUP BY status")
      const result = { pending: 0, failed: 0 }
      for (const row of r.rows) result[row.status as 'pending' | 'failed'] = row.n
      return result
    },
    async schemaVersion() {
      const r = await query('SELECT MAX(version) AS v FROM schema_migrations')
      return Number(r.rows[0]?.v ?? 0)
    },
    async ping() {
      await query('SELECT 1')
    },
    async close() {
      await pool.end()
    },
  }
}
