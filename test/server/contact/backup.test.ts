import t from 'tap'
import Database from 'better-sqlite3'
import { spawn, spawnSync } from 'node:child_process'
import { copyFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { openDatabase } from '../../../server/database'
import { normalizeContact } from '../../../shared/pages/contact/normalize'
import { contactApp, freshToken, tempDataDir, validInquiry } from './helper'
import { sqliteStores } from '../stores'
import { cliArgs } from '../cli'

/** The CLI in its own process, as an operator runs it next to the server; resolves with its exit. */
function backupCli(dataDir: string, out: string): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...cliArgs('inquiries'), 'backup', '--out', out], { env: { ...process.env, DATA_DIR: dataDir } })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    child.on('close', (code) => resolve({ code, out: stdout, err: stderr }))
  })
}

t.test('backup while the site takes inquiries; the restored copy has every acknowledged one', async (t) => {
  const dataDir = tempDataDir(t)
  // A few megabytes, so that copying takes many pages while the writes go on.
  const db = openDatabase(dataDir)
  const store = sqliteStores(db)
  const seed = normalizeContact(validInquiry({ message: '改修の相談、"見積り"について。\n'.repeat(60) }), 'ja')
  // One transaction around 1,500 inserts (SQLite's store runs each synchronously, as a savepoint).
  db.transaction(() => {
    for (let i = 0; i < 1500; i++) void store.insert({ values: seed, locale: 'ja', token: null, now: new Date() })
  })()
  db.close()

  const { app } = await contactApp(t, {}, {}, dataDir)
  const acked: { id: string; token: string; payload: Record<string, unknown> }[] = []
  let writing = true
  const writer = (async () => {
    for (let i = 0; writing; i++) {
      const token = await freshToken(app)
      const payload = { ...validInquiry({ email: `w${i}@example.com`, emailConfirm: `w${i}@example.com` }), _token: token }
      const res = await app.inject({ method: 'POST', url: '/api/contact', payload })
      if (res.statusCode !== 201) throw new Error(`POST answered ${res.statusCode}: ${res.body}`)
      acked.push({ id: res.json().id, token, payload })
    }
  })()
  while (acked.length < 20) await new Promise((r) => setTimeout(r, 10))

  const out = join(tempDataDir(t), 'backup.db')
  const before = acked.length
  const backup = await backupCli(dataDir, out)
  const during = acked.length - before
  writing = false
  await writer
  t.equal(backup.code, 0, backup.err)
  t.match(backup.out, /^backup of \d+ inquiries, 0 staff accounts, 0 content revisions written to .*integrity ok/)
  t.ok(during > 0, `inquiries were acknowledged while the backup ran (${during})`)
  t.equal(statSync(out).mode & 0o777, 0o600, 'the backup is readable by its owner only')
  t.same(readdirSync(join(out, '..')), ['backup.db'], 'no temporary, -wal or -shm file beside it')

  const check = new Database(out, { readonly: true })
  t.equal(check.pragma('integrity_check', { simple: true }), 'ok')
  check.close()

  // Restore: the backup as DATA_DIR/inquiries.db and the form secret beside it, then start.
  const restored = tempDataDir(t)
  copyFileSync(out, join(restored, 'inquiries.db'))
  copyFileSync(join(dataDir, 'form-secret'), join(restored, 'form-secret'))
  await app.close()
  const { app: again } = await contactApp(t, {}, {}, restored)
  await again.ready()

  const restoredDb = openDatabase(restored)
  t.teardown(() => restoredDb.close())
  t.equal(restoredDb.pragma('integrity_check', { simple: true }), 'ok', 'PRAGMA integrity_check on the restored database')
  const restoredStore = sqliteStores(restoredDb)
  const found = await Promise.all(acked.slice(0, before).map((a) => restoredStore.find(a.id)))
  const missing = acked.slice(0, before).filter((_, i) => !found[i])
  t.same(missing, [], `all ${before} inquiries acknowledged before the backup started are there`)
  const ackedIds = new Set(acked.map((a) => a.id))
  const restoredIds = (await restoredStore.list()).map((r) => r.id)
  t.equal(restoredIds.length - 1500, restoredIds.filter((id) => ackedIds.has(id)).length, 'and nothing that was not acknowledged')

  // Through the real API: a form served before the backup is still accepted (same form secret),
  // and sending an acknowledged one again answers with the stored reference (its token was restored).
  const first = acked[0]!
  const resend = await again.inject({ method: 'POST', url: '/api/contact', payload: first.payload })
  t.equal(resend.json().id, first.id, 'the restored site knows the inquiry by its token')
  const last = acked[before - 1]!
  t.equal((await again.inject({ method: 'POST', url: '/api/contact', payload: last.payload })).json().id, last.id)
})

t.test('backup refuses without --out and leaves nothing behind on failure', async (t) => {
  const dataDir = tempDataDir(t)
  const db = openDatabase(dataDir)
  await sqliteStores(db).insert({ values: normalizeContact(validInquiry(), 'ja'), locale: 'ja', token: null, now: new Date() })
  db.close()
  const run = (...args: string[]) => spawnSync(process.execPath, [...cliArgs('inquiries'), 'backup', ...args], { encoding: 'utf8', env: { ...process.env, DATA_DIR: dataDir } })
  t.equal(run().status, 2)
  const res = run('--out', join(dataDir, 'no-such-folder', 'b.db'))
  t.equal(res.status, 1)
  t.match(res.stderr, /ENOENT/)
  t.same(readdirSync(dataDir).filter((n) => !n.startsWith('inquiries.db')), [], 'no temporary file in DATA_DIR')
})
