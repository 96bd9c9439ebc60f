// Migration 5 on a database of version 4 with inquiries and mail in it (both engines): everything kept,
// the outbox rebuilt/altered with its keys and times, existing inquiries indexed for the search; and
// import-sqlite carrying the inbox (statuses, history, replies) from SQLite into PostgreSQL.
import t, { type Test } from 'tap'
import Database from 'better-sqlite3'
import { join } from 'node:path'
import pg from 'pg'
import { DB_FILE, MIGRATIONS, openDatabase } from '../../../server/database'
import { importSqlite } from '../../../server/import-sqlite'
import { postgresSql } from '../../../server/db/pg'
import { pgText } from '../../../server/db/pg'
import { startPostgres } from '../../../scripts/engines.mjs'
import { freshPgDatabase, tempDataDir } from '../contact/helper'
import { actor, addInquiry, entry, T0 } from './helper'
import { pgStores, sqliteStores, type SiteStores } from '../stores'

const postgres = await startPostgres()
t.teardown(() => postgres.stop())

const V4 = MIGRATIONS.filter((m) => m.version <= 4)
const INQUIRY = `INSERT INTO inquiries (id, token, received_at, locale, name, name_kana, company, email, reply_key, phone, inquiry_type, preferred_date, message, privacy_consent)
  VALUES (?, NULL, ?, 'ja', ?, ?, NULL, ?, ?, NULL, 'estimate', NULL, ?, 1)`
const MAIL = 'INSERT INTO outbox (inquiry_id, kind, status, attempts, next_attempt_at, last_error, sent_at) VALUES (?, ?, ?, ?, ?, ?, ?)'
const OLD = [
  ['Q-20260101-AAAAAA', '2026-01-01T00:00:00.000Z', '山田 太郎', 'ヤマダ タロウ', 'taro@example.com', '外壁の塗装をお願いします'],
  ['Q-20260102-BBBBBB', '2026-01-02T00:00:00.000Z', 'Jane Doe', null, 'jane@example.org', 'Roof repair, please.'],
] as const
const OLD_MAILS = [
  [OLD[0][0], 'staff', 'sent', 1, Date.parse(OLD[0][1]), null, '2026-01-01T00:00:05.000Z'],
  [OLD[0][0], 'auto-reply', 'failed', 12, Date.parse(OLD[0][1]), '550 no such user', null],
  [OLD[1][0], 'staff', 'pending', 2, Date.parse(OLD[1][1]) + 60_000, 'timeout', null],
] as const

/** What every engine must show after migrating the version-4 data. */
async function checkMigrated(t: Test, store: SiteStores, all: (sql: string, ...args: unknown[]) => Promise<Record<string, any>[]>) {
  t.equal(await store.schemaVersion(), 9, 'and on to the current version')
  const page = await store.inbox.list({}, { page: 1, pageSize: 50 })
  t.same(page.rows.map((r) => [r.id, r.status, r.name]), [[OLD[1][0], 'new', 'Jane Doe'], [OLD[0][0], 'new', '山田 太郎']], 'inquiries kept, status new')
  t.same(page.rows[1]!.mail, { staff: 'sent', 'auto-reply': 'failed' })
  for (const [q, id] of [['ﾔﾏﾀﾞ', OLD[0][0]], ['外壁', OLD[0][0]], ['roof', OLD[1][0]], ['jane@', OLD[1][0]]] as const) {
    t.same((await store.inbox.list({ q }, { page: 1, pageSize: 50 })).rows.map((r) => r.id), [id], `${q}: the existing inquiries are indexed`)
  }
  const mails = await all('SELECT seq, inquiry_id, kind, status, attempts, last_error, sent_at, queued_at, dedupe_key, payload FROM outbox ORDER BY seq')
  t.same(
    mails.map((m) => [Number(m.seq), m.inquiry_id, m.kind, m.status, Number(m.attempts), m.last_error, m.sent_at, Number(m.queued_at), m.dedupe_key, m.payload]),
    OLD_MAILS.map((m, i) => [i + 1, m[0], m[1], m[2], m[3], m[5], m[6], Date.parse(m[0] === OLD[0][0] ? OLD[0][1] : OLD[1][1]), `${m[1]}:${m[0]}`, null]),
    'mails kept with their seq, keyed one per inquiry and kind, queued when their inquiry came',
  )
  const due = (await store.claimMail(Date.parse(OLD[1][1]) + 60_000, 1000))!
  t.same([due.seq, due.kind, due.attempts, due.payload], [3, 'staff', 2, null], 'the pending mail is still due')
  const id = await addInquiry(store, {}, T0)
  const fresh = (await store.inbox.detail(id))!.mails
  t.ok(fresh.every((m) => m.seq > 3), 'new mails numbered after the old ones')
  await t.rejects(all('INSERT INTO outbox (inquiry_id, kind, next_attempt_at, queued_at, dedupe_key) VALUES (?, ?, 0, 0, ?)', id, 'staff', `staff:${id}`), { message: /UNIQUE constraint failed: outbox.dedupe_key|duplicate key value violates unique constraint "outbox_dedupe_key_key"/ }, 'a second staff mail of an inquiry is refused by the key')
  await t.rejects(all('INSERT INTO outbox (inquiry_id, kind, next_attempt_at, queued_at) VALUES (?, ?, 0, 0)', id, 'fax'), { message: /CHECK constraint failed|outbox_kind_check/ }, 'an unknown kind is refused')
  await t.resolves(all("INSERT INTO outbox (inquiry_id, kind, status, next_attempt_at, queued_at) VALUES (NULL, 'digest', 'cancelled', 0, 0)"), 'a digest without inquiry, cancelled: allowed')
}

t.test('sqlite: version 4 → 5 keeps inquiries and mail, indexes them', async (t) => {
  const dir = tempDataDir(t)
  const old = new Database(join(dir, DB_FILE))
  old.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)')
  for (const m of V4) {
    old.exec(m.sql)
    old.prepare('INSERT INTO schema_migrations VALUES (?, ?, ?)').run(m.version, m.name, '2026-01-01T00:00:00Z')
  }
  for (const [id, at, name, kana, email, message] of OLD) old.prepare(INQUIRY).run(id, at, name, kana, email, email, message)
  for (const m of OLD_MAILS) old.prepare(MAIL).run(...m)
  old.close()
  const db = openDatabase(dir)
  const store = sqliteStores(db)
  t.teardown(() => store.close())
  await checkMigrated(t, store, async (sql, ...args) => {
    const statement = db.prepare(sql)
    return statement.reader ? (statement.all(...args) as Record<string, any>[]) : (statement.run(...args), [])
  })
  t.equal((db.pragma('foreign_key_check') as unknown[]).length, 0, 'no broken reference')
  t.equal(db.pragma('integrity_check', { simple: true }), 'ok')
})

t.test('postgres: version 4 → 5 keeps inquiries and mail, indexes them', async (t) => {
  const url = await freshPgDatabase(postgres, 'migrate')
  const pool = new pg.Pool({ connectionString: url, max: 2 })
  t.teardown(() => pool.end())
  await pool.query('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)')
  for (const m of V4) {
    await pool.query(postgresSql(m.sql))
    await pool.query('INSERT INTO schema_migrations VALUES ($1, $2, $3)', [m.version, m.name, '2026-01-01T00:00:00Z'])
  }
  for (const [id, at, name, kana, email, message] of OLD) await pool.query(pgText(INQUIRY), [id, at, name, kana, email, email, message])
  for (const m of OLD_MAILS) await pool.query(pgText(MAIL), [...m])
  const store = await pgStores(url, { poolSize: 2 })
  t.teardown(() => store.close())
  await checkMigrated(t, store, async (sql, ...args) => (await pool.query(pgText(sql), args)).rows)
})

t.test('import-sqlite: the inbox comes along (statuses, history with its mail numbers, the search index)', async (t) => {
  const dir = tempDataDir(t)
  const sqlite = sqliteStores(openDatabase(dir))
  t.teardown(() => sqlite.close())
  const a = await addInquiry(sqlite, { name: '秘密 次郎', message: '屋根の修理' }, T0)
  const b = await addInquiry(sqlite, {}, T0 + 1)
  await sqlite.inbox.change(a, { status: 'in-progress', note: 'メモ', legalHold: true }, actor(null), T0 + 2, entry('inquiry.change', a, T0 + 2, null))
  const seq = (await sqlite.inbox.queueReply(a, { to: 'x@example.com', replyTo: 'y@example.com', subject: '件名', body: '本文', status: 'waiting' }, actor(null), T0 + 3, entry('inquiry.reply', a, T0 + 3, null)))!
  await sqlite.inbox.erase([b], 'request', actor(null), T0 + 4)
  await sqlite.inbox.queueDigest('resp', '2026-04-01', { to: 'r@example.com', subject: 's', text: 't' }, T0)
  const url = await freshPgDatabase(postgres, 'import')
  const result = await importSqlite(new Database(join(dir, DB_FILE), { readonly: true }), url)
  t.same(result, { inquiries: 2, alreadyThere: 0, mails: 6, pending: 4, others: { inquiry_events: 8, staff_audit: 3 } }, "both inquiries; their staff mails, auto-replies (the erased one's cancelled), the reply and the digest")
  const target = await pgStores(url, { poolSize: 2 })
  t.teardown(() => target.close())
  const [before, after] = [(await sqlite.inbox.detail(a))!, (await target.inbox.detail(a))!]
  t.same(after.inquiry, before.inquiry, 'the inquiry and its triage')
  t.same(after.events.map((e) => [e.kind, e.at]), before.events.map((e) => [e.kind, e.at]), 'the history')
  const reply = after.events.find((e) => e.kind === 'reply')!
  const replyMail = after.mails.find((m) => m.kind === 'reply')!
  t.equal(reply.data.outboxSeq, replyMail.seq, "the reply event names the reply's new mail number")
  t.ok(seq > 0)
  t.same((await target.inbox.list({ q: '修理' }, { page: 1, pageSize: 50 })).rows.map((r) => r.id), [a], 'searchable in PostgreSQL')
  t.same((await target.inbox.list({ includeErased: true }, { page: 1, pageSize: 50 })).rows.map((r) => [r.id, r.erasedAt]), [[b, T0 + 4], [a, null]], 'the erasure came along')
  t.same(await importSqlite(new Database(join(dir, DB_FILE), { readonly: true }), url), { inquiries: 0, alreadyThere: 2, mails: 0, pending: 0, others: {} }, 'a second run copies nothing')
  t.equal((await target.inbox.detail(a))!.events.length, after.events.length, 'no history twice')
})
