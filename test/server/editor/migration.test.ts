// Migration 6 on a database of version 5 with an inquiry, a staff account and audit entries in it (both
// engines): everything kept, the editor's tables added and working, its audit entries in the same log.
import t, { type Test } from 'tap'
import Database from 'better-sqlite3'
import { join } from 'node:path'
import pg from 'pg'
import { DB_FILE, MIGRATIONS, openDatabase } from '../../../server/database'
import { postgresSql } from '../../../server/db/pg'
import { pgText } from '../../../server/db/pg'
import { startPostgres } from '../../../scripts/engines.mjs'
import { freshPgDatabase, tempDataDir } from '../contact/helper'
import { change, newsItem, T0 } from './helper'
import { pgStores, sqliteStores, type SiteStores } from '../stores'

const postgres = await startPostgres()
t.teardown(() => postgres.stop())

const V5 = MIGRATIONS.filter((m) => m.version <= 5)
const OLD_DATA = [
  `INSERT INTO inquiries (id, token, received_at, locale, name, email, reply_key, inquiry_type, message, privacy_consent, status)
    VALUES ('Q-20260101-AAAAAA', NULL, '2026-01-01T00:00:00.000Z', 'ja', '山田 太郎', 'taro@example.com', 'taro@example.com', 'estimate', '外壁の塗装', 1, 'in-progress')`,
  `INSERT INTO staff_accounts (id, email, name, role, locale, disabled, created_at) VALUES ('ed1', 'ed@example.com', '編集 一郎', 'editor', 'ja', 0, ${T0})`,
  `INSERT INTO staff_audit (at, account_id, address, action, target, outcome) VALUES (${T0}, 'ed1', '192.0.2.9', 'signin', 'session', 'ok')`,
]

/** What every engine must show after migrating the version-5 data. */
async function checkMigrated(t: Test, store: SiteStores) {
  t.equal(await store.schemaVersion(), 9)
  const detail = (await store.inbox.detail('Q-20260101-AAAAAA'))!
  t.same([detail.inquiry.name, detail.inquiry.status], ['山田 太郎', 'in-progress'], 'the inquiry and its triage kept')
  t.same((await store.inbox.list({ q: '外壁' }, { page: 1, pageSize: 10 })).rows.map((r) => r.id), ['Q-20260101-AAAAAA'], 'still found by the search')
  t.equal((await store.staff.findAccount('ed1'))!.name, '編集 一郎', 'the account kept')
  t.same(await store.editor.revisions('news/a'), [], 'no revisions yet')
  const seq = await store.editor.commit(change('news/a', newsItem('a'), T0 + 1), () => undefined)
  t.strictSame((await store.editor.revision(seq))!.item, newsItem('a'), 'the editor works')
  t.same((await store.staff.listAudit({})).map((a) => a.action).sort(), ['content.change', 'signin'], "the old audit entry kept, the editor's beside it")
}

t.test('sqlite: version 5 → 6 keeps everything and adds the editor', async (t) => {
  const dir = tempDataDir(t)
  const old = new Database(join(dir, DB_FILE))
  old.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)')
  for (const m of V5) {
    old.exec(m.sql)
    old.prepare('INSERT INTO schema_migrations VALUES (?, ?, ?)').run(m.version, m.name, '2026-01-01T00:00:00Z')
  }
  for (const sql of OLD_DATA) old.exec(sql)
  // The inquiry's search entry, as the version-5 site wrote it (migration 5's indexing of existing rows).
  MIGRATIONS.find((m) => m.version === 5)!.data!(old)
  old.close()
  const db = openDatabase(dir)
  const store = sqliteStores(db)
  t.teardown(() => store.close())
  await checkMigrated(t, store)
  t.equal(db.pragma('integrity_check', { simple: true }), 'ok')
})

t.test('postgres: version 5 → 6 keeps everything and adds the editor', async (t) => {
  const url = await freshPgDatabase(postgres, 'migrate')
  const pool = new pg.Pool({ connectionString: url, max: 2 })
  t.teardown(() => pool.end())
  await pool.query('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)')
  for (const m of V5) {
    await pool.query(m.pg ?? postgresSql(m.sql))
    await pool.query('INSERT INTO schema_migrations VALUES ($1, $2, $3)', [m.version, m.name, '2026-01-01T00:00:00Z'])
  }
  for (const sql of OLD_DATA) await pool.query(pgText(sql))
  // The inquiry's search entry, as the version-5 site wrote it (migration 5's indexing of existing rows).
  const client = await pool.connect()
  await MIGRATIONS.find((m) => m.version === 5)!.pgData!(client).finally(() => client.release())
  const store = await pgStores(url, { poolSize: 2 })
  t.teardown(() => store.close())
  await checkMigrated(t, store)
})
