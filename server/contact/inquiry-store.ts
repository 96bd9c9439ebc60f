/**
 * The InquiryStore (store.ts) over a runner (server/db/sql.ts): the same work on SQLite and PostgreSQL.
 * An insert is one transaction holding everything its limits count: SQLite's is IMMEDIATE (one writer at
 * a time), PostgreSQL's takes transaction-level advisory locks first (the recipient's, then the site's
 * hourly budget's), so concurrent inquiries on any replica are counted one at a time. A token's
 * uniqueness holds by the unique index on both.
 */
import { all, get, run, type Row, type Runner, type Work } from '../db/sql'
import type { Dialect } from '../inbox/types'
import { enqueue } from '../outbox/work'
import {
  autoReplyWindows,
  inquiryColumns,
  mailStatesOf,
  newReference,
  toInquiry,
  type AutoReplyWithheld,
  type InquiryRecord,
  type InquiryStore,
  type InsertResult,
  type ListOptions,
  type NewInquiry,
} from './types'

/**
 * The transaction lock of the site-wide hourly auto-reply budget: one inquiry at a time counts it. Outside
 * hashtext's 32-bit range, so no recipient's lock is ever the same; always taken after the recipient's.
 */
const AUTO_REPLY_BUDGET_LOCK = 7_305_114_203

/** The rows queued with a new inquiry: the staff mail, the auto-reply unless withheld, the webhook when asked. */
const inquiryMails = (input: Pick<NewInquiry, 'webhook'>, autoReply: boolean): string[] => ['staff', ...(autoReply ? ['auto-reply'] : []), ...(input.webhook ? ['webhook'] : [])]

/** Their one-per-inquiry dedupe key: '<kind>:<inquiry id>'. */
const inquiryMailKey = (kind: string, inquiryId: string) => `${kind}:${inquiryId}`

const AUTO_REPLIES = "SELECT COUNT(*) AS n FROM inquiries i JOIN outbox o ON o.inquiry_id = i.id AND o.kind = 'auto-reply' WHERE"

function* count(sql: string, ...args: unknown[]): Work<number> {
  const row: Row = yield get(sql, ...args)
  return Number(row.n)
}

/** Which limit, if any, holds this inquiry's auto-reply back (counted in the insert's transaction). */
function* withheldBy(engine: Runner['engine'], input: NewInquiry, key: string): Work<AutoReplyWithheld | null> {
  const { recipientSince, siteSince } = autoReplyWindows(input.now)
  if (input.autoReplyLimit !== undefined && (yield* count(`${AUTO_REPLIES} i.reply_key = ? AND i.received_at > ?`, key, recipientSince)) >= input.autoReplyLimit) return 'recipient'
  if (input.autoReplyBudgetPerHour === undefined) return null
  // Every replica's auto-replies of the last hour, counted one transaction at a time (held until commit).
  if (engine === 'postgres') yield get('SELECT pg_advisory_xact_lock(?)', AUTO_REPLY_BUDGET_LOCK)
  return (yield* count(`${AUTO_REPLIES} i.received_at > ?`, siteSince)) >= input.autoReplyBudgetPerHour ? 'site' : null
}

function* insert(engine: Runner['engine'], d: Dialect, input: NewInquiry, id: string): Work<InsertResult> {
  const c = inquiryColumns(input, id)
  // One recipient's inquiries are counted one transaction at a time, on every replica.
  if (engine === 'postgres') yield get('SELECT pg_advisory_xact_lock(hashtext(?))', c.replyKey)
  const inserted: Row | undefined = yield get(
    `INSERT INTO inquiries (id, token, received_at, locale, name, name_kana, company, email, reply_key, phone, inquiry_type, preferred_date, message, privacy_consent)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (token) DO NOTHING RETURNING seq`,
    ...[c.id, c.token, c.receivedAt, c.locale, c.name, c.nameKana, c.company, c.email, c.replyKey, c.phone, c.inquiryType, c.preferredDate, c.message, c.privacyConsent],
  )
  if (!inserted) {
    // The same token, committed before (PostgreSQL: by a request this one waited for): its id.
    return { id: (yield* findByToken(c.token!))!, created: false, autoReply: false }
  }
  yield run(d.indexInsert, inserted.seq, ...d.indexArgs(input.values))
  const withheld = yield* withheldBy(engine, input, c.replyKey)
  const at = input.now.getTime()
  for (const kind of inquiryMails(input, !withheld)) yield* enqueue({ kind, inquiryId: id, at, dedupeKey: inquiryMailKey(kind, id) })
  return withheld ? { id, created: true, autoReply: false, withheld } : { id, created: true, autoReply: true }
}

/** The random reference drawn is taken already (a unique violation on the id, never the token's: that one is DO NOTHING). */
function referenceTaken(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string }
  return e.code === 'SQLITE_CONSTRAINT_UNIQUE' || (e.code === '23505' && e.constraint === 'inquiries_id_key')
}

function* findByToken(token: string): Work<string | null> {
  const row: Row | undefined = yield get('SELECT id FROM inquiries WHERE token = ?', token)
  return row?.id ?? null
}

const MAILS = "SELECT inquiry_id, kind, status, attempts, last_error, sent_at FROM outbox WHERE kind IN ('staff', 'auto-reply') AND inquiry_id"

/** Inquiries with their mail states: `from` selects them (a FROM … clause), the same clause picks their mails. */
function* withMail(from: string, args: unknown[]): Work<InquiryRecord[]> {
  const rows: Row[] = yield all(`SELECT * ${from}`, ...args)
  if (rows.length === 0) return []
  const mails: Row[] = yield all(`${MAILS} IN (SELECT id ${from})`, ...args)
  const byInquiry = new Map<string, Row[]>()
  for (const m of mails) byInquiry.set(m.inquiry_id, [...(byInquiry.get(m.inquiry_id) ?? []), m])
  return rows.map((r) => ({ ...toInquiry(r), mail: mailStatesOf(byInquiry.get(r.id) ?? []) }))
}

function* find(id: string): Work<InquiryRecord | null> {
  return (yield* withMail('FROM inquiries WHERE id = ?', [id]))[0] ?? null
}

function* list({ since, limit, newestFirst }: ListOptions): Work<InquiryRecord[]> {
  const from = `FROM inquiries WHERE received_at >= ? ORDER BY seq ${newestFirst ? 'DESC' : 'ASC'}`
  if (limit === undefined) return yield* withMail(from, [since ?? ''])
  return yield* withMail(`${from} LIMIT ?`, [since ?? '', limit])
}

function* schemaVersion(): Work<number> {
  const row: Row | undefined = yield get('SELECT MAX(version) AS v FROM schema_migrations')
  return Number(row?.v ?? 0)
}

/** The InquiryStore on the site's database; `d`: the inbox's search index in the runner's engine (server/inbox/dialect.ts). */
export function createInquiryStore(runner: Runner, d: Dialect): InquiryStore {
  const { engine, read, write } = runner
  return {
    engine,
    async insert(input) {
      for (let attempt = 0; ; attempt++) {
        try {
          return await write(insert(engine, d, input, newReference(input.now)))
        } catch (err) {
          // One in a billion per day: the random reference is taken; draw again.
          if (!referenceTaken(err) || attempt >= 5) throw err
        }
      }
    },
    findByToken: (token) => read(findByToken(token)),
    find: (id) => read(find(id)),
    list: (options = {}) => read(list(options)),
    schemaVersion: () => read(schemaVersion()),
  }
}
