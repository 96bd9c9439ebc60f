// `npm run inquiries -- import-sqlite --from FILE`: a SQLite DATA_DIR copied into a throwaway
// PostgreSQL (scripts/engines.mjs), checked through both stores.
import t from 'tap'
import { spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { DB_FILE, openDatabase } from '../../../server/database'
import { normalizeContact } from '../../../shared/pages/contact/normalize'
import { startPostgres } from '../../../scripts/engines.mjs'
import { freshPgDatabase, tempDataDir, validInquiry } from './helper'
import { pgStores, sqliteStores } from '../stores'
import { addAccountTo } from '../staff/web-helper'
import { change, newsItem } from '../editor/helper'
import { cliArgs } from '../cli'

const postgres = await startPostgres()
t.teardown(() => postgres.stop())

const freshPgUrl = () => freshPgDatabase(postgres, 'import')

const FORM_SECRET = 'import-test-secret-0123456789'

function cli(env: Record<string, string>, ...args: string[]) {
  const res = spawnSync(process.execPath, [...cliArgs('inquiries'), ...args], { encoding: 'utf8', env: { ...process.env, DATABASE_URL: '', ...env } })
  return { code: res.status, out: res.stdout, err: res.stderr }
}

/** Four inquiries, received out of order (the copy must keep seq order, not time or id order). */
async function seed(dataDir: string) {
  const db = openDatabase(dataDir)
  const store = sqliteStores(db)
  const insert = (at: string, token: string | null, overrides: Record<string, unknown> = {}, locale: 'ja' | 'en' = 'ja') =>
    store.insert({ values: normalizeContact(validInquiry(overrides), locale), locale, token, now: new Date(at) })
  const a = await insert('2026-04-02T01:00:00Z', null)
  const b = await insert('2026-04-01T09:00:00Z', 'token-b', { name: '佐藤 花子', company: '', phone: '', message: '見積もりをお願いします。\n二行目' })
  const c = await insert('2026-04-03T12:00:00Z', null, { name: 'Jane Doe', nameKana: '', email: 'jane+site@example.com', emailConfirm: 'jane+site@example.com', message: 'Hello' }, 'en')
  const d = await insert('2026-04-01T00:00:00Z', null, { preferredDate: '2026-05-01' })
  db.prepare("UPDATE outbox SET status = 'sent', attempts = 1, sent_at = '2026-04-02T01:00:05.000Z' WHERE inquiry_id = ? AND kind = 'staff'").run(a.id)
  db.prepare("UPDATE outbox SET status = 'failed', attempts = 12, last_error = '550 mailbox unavailable' WHERE inquiry_id = ? AND kind = 'auto-reply'").run(a.id)
  db.prepare("UPDATE outbox SET attempts = 3, last_error = 'connection refused' WHERE inquiry_id = ? AND kind = 'staff'").run(c.id)
  db.prepare("DELETE FROM outbox WHERE inquiry_id = ? AND kind = 'auto-reply'").run(d.id) // capped: no auto-reply
  // The staff side: an account with password and TOTP (two audit entries), and an editor's revision (a third).
  const staff = await addAccountTo(store.staff, { now: () => Date.UTC(2026, 3, 1) }, 'admin', 'admin@example.test')
  await store.editor.commit(change('news/moved', newsItem('moved'), Date.UTC(2026, 3, 2), { accountId: staff.account.id }), () => {})
  return { store, ids: [a.id, b.id, c.id, d.id], staff }
}

t.test('copies every inquiry and mail state, in order; a second run copies nothing', async (t) => {
  const dir = tempDataDir(t)
  const { store: sqlite, staff } = await seed(dir)
  t.teardown(() => sqlite.close())
  const url = await freshPgUrl()
  const env = { DATA_DIR: dir, DATABASE_URL: url, FORM_SECRET }
  const file = join(dir, DB_FILE)

  // The SQLite store stays open meanwhile, as a running site's would.
  const first = cli(env, 'import-sqlite', '--from', file)
  t.equal(first.code, 0, first.err)
  t.match(first.out, /^4 inquiries and 7 mails copied \(0 already there\); 5 of the mails are pending: the PostgreSQL replicas send them\nalso copied: .*staff_accounts 1.*\n$/)

  const postgresStore = await pgStores(url, { poolSize: 2 })
  t.teardown(() => postgresStore.close())
  const expected = await sqlite.list()
  t.equal(expected.length, 4)
  t.strictSame(await postgresStore.list(), expected, 'the same records, mail states and order')
  t.strictSame(await postgresStore.list({ newestFirst: true, limit: 2 }), await sqlite.list({ newestFirst: true, limit: 2 }))
  t.equal(await postgresStore.findByToken('token-b'), expected[1]!.id, 'the token came along')
  t.strictSame(await postgresStore.outboxCounts(), await sqlite.outboxCounts())
  t.equal(await postgresStore.schemaVersion(), await sqlite.schemaVersion())
  // The staff accounts (password hash, TOTP secret, recovery codes), the revisions and the audit log came along.
  t.same(await postgresStore.staff.findAccount(staff.account.id), staff.account)
  t.same(await postgresStore.staff.findPasswordFactor(staff.account.id), await sqlite.staff.findPasswordFactor(staff.account.id))
  t.equal(await postgresStore.staff.unusedRecoveryCodes(staff.account.id), 10)
  t.same(await postgresStore.editor.revisions('news/moved'), await sqlite.editor.revisions('news/moved'))
  t.same(await postgresStore.staff.listAudit({}), await sqlite.staff.listAudit({}), 'the audit log')
  t.equal((await postgresStore.staff.listAudit({})).length, 3)

  const second = cli(env, 'import-sqlite', '--from', file)
  t.equal(second.code, 0, second.err)
  t.match(second.out, /^0 inquiries and 0 mails copied \(4 already there\)/)
  t.strictSame(await postgresStore.list(), expected, 'unchanged')

  // An inquiry received by the SQLite site since: a third run copies it alone.
  await sqlite.insert({ values: normalizeContact(validInquiry({ name: '鈴木 一郎' }), 'ja'), locale: 'ja', token: 'token-e', now: new Date('2026-04-04T00:00:00Z') })
  t.match(cli(env, 'import-sqlite', '--from', file).out, /^1 inquiries and 2 mails copied \(4 already there\)/)
  t.strictSame(await postgresStore.list(), await sqlite.list())

  // The auto-reply cap counts the copied inquiries (reply_key came along): Jane had one within 24 hours.
  const again = await postgresStore.insert({
    values: normalizeContact(validInquiry({ email: 'Jane@example.com', emailConfirm: 'Jane@example.com' }), 'en'),
    locale: 'en',
    token: null,
    now: new Date('2026-04-03T13:00:00Z'),
    autoReplyLimit: 1,
  })
  t.equal(again.autoReply, false, 'capped by the copied inquiry')

  // The pending mails are the replicas' now: claimable (no claim copied), the oldest due first.
  const claimed = await postgresStore.claimMail(Date.now(), 60_000)
  t.ok(claimed, 'a pending mail is claimed')
  t.equal(claimed!.attempts, 0)
})

t.test('one transaction: a run that fails midway leaves nothing copied', async (t) => {
  const dir = tempDataDir(t)
  const { store: sqlite, ids } = await seed(dir)
  await sqlite.close()
  const url = await freshPgUrl()
  // PostgreSQL already has another inquiry with the second one's token: its insert fails.
  const postgresStore = await pgStores(url, { poolSize: 2 })
  t.teardown(() => postgresStore.close())
  await postgresStore.insert({ values: normalizeContact(validInquiry(), 'ja'), locale: 'ja', token: 'token-b', now: new Date('2026-04-05T00:00:00Z') })
  const run = cli({ DATA_DIR: dir, DATABASE_URL: url, FORM_SECRET }, 'import-sqlite', '--from', join(dir, DB_FILE))
  t.equal(run.code, 1)
  t.match(run.err, /duplicate key/)
  const left = await postgresStore.list()
  t.equal(left.length, 1, 'only the inquiry that was there')
  t.notOk(left.some((r) => ids.includes(r.id)), 'not even the inquiry copied before the failing one')
})

t.test('refused: no DATABASE_URL, no --from, a missing file, not an inquiries database', async (t) => {
  const dir = tempDataDir(t)
  const url = await freshPgUrl()
  const env = { DATA_DIR: dir, DATABASE_URL: url, FORM_SECRET }
  const db = openDatabase(dir)
  db.close()
  const file = join(dir, DB_FILE)

  const noUrl = cli({ DATA_DIR: dir }, 'import-sqlite', '--from', file)
  t.equal(noUrl.code, 2)
  t.match(noUrl.err, /^import-sqlite: set DATABASE_URL .*\nusage:/)
  t.match(noUrl.err, /import-sqlite --from FILE/)

  const noFrom = cli(env, 'import-sqlite')
  t.equal(noFrom.code, 2)
  t.match(noFrom.err, /--from FILE .* is required/)

  const missing = cli(env, 'import-sqlite', '--from', join(dir, 'nope.db'))
  t.equal(missing.code, 2)
  t.match(missing.err, /nope\.db: no such file\nusage:/)

  const text = join(dir, 'notes.txt')
  writeFileSync(text, 'not a database')
  const notDb = cli(env, 'import-sqlite', '--from', text)
  t.equal(notDb.code, 2)
  t.match(notDb.err, /notes\.txt is not an inquiries database/)

  const old = openDatabase(dir)
  old.prepare('DELETE FROM schema_migrations WHERE version >= 3').run()
  old.close()
  const oldSchema = cli(env, 'import-sqlite', '--from', file)
  t.equal(oldSchema.code, 2)
  t.match(oldSchema.err, /has schema version 2, this site 9: start this version of the site on it once/)
})
