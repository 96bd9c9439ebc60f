// `npm run backup -- create` and `restore`, run as an operator runs them (a process, settings in the
// environment), on SQLite and on a throwaway PostgreSQL (scripts/engines.mjs): a site filled through its
// real paths (an editor's save, an inquiry with a note, a staff account with password and TOTP) is backed
// up, restored into an empty database and content folder, and a server started there serves the same.
import t from 'tap'
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'
import { startPostgres } from '../../scripts/engines.mjs'
import { DB_FILE, openDatabase } from '../../server/database'
import { pgStores, sqliteStores } from './stores'
import { CONTENT_LOCK } from '../../server/editor/pg-store'
import { freshPgDatabase } from './contact/helper'
import { contentCopy } from './editor/files-helper'
import { formOf, openItem, post } from './editor/pages-helper'
import { addInquiry, openInquiry, rendered, staffMember } from './inbox/detail-helper'
import { actor, entry } from './inbox/helper'
import { clock, codeAt, LOCAL, postSignIn, staffApp } from './staff/web-helper'
import { cliArgs } from './cli'

const postgres = await startPostgres()
t.teardown(() => postgres.stop())

const NEWS = 'news/2026-04-new-office'
const temp = (t: { teardown: (fn: () => unknown) => void }, prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

type Site = { DATA_DIR: string; CONTENT_DIR: string; DATABASE_URL: string }
const backupArgs = (...args: string[]) => [...cliArgs('backup'), ...args]
function backup(site: Site, ...args: string[]) {
  const res = spawnSync(process.execPath, backupArgs(...args), { encoding: 'utf8', env: { ...process.env, ...site } })
  return { code: res.status, out: res.stdout, err: res.stderr }
}
const onlyFile = (dir: string) => join(dir, readdirSync(dir).find((f) => f.endsWith('.tar.gz'))!)

// Each engine into itself, and a SQLite site's backup into PostgreSQL (the move to several replicas).
for (const [engine, into] of [['sqlite', 'sqlite'], ['postgres', 'postgres'], ['sqlite', 'postgres']] as const) {
  t.test(`${engine}${into === engine ? '' : ` → ${into}`}: backup, restore into an empty site, the same site served`, async (t) => {
    const time = clock()
    const content = contentCopy(t)
    const dataDir = temp(t, 'backup-data-')
    const databaseUrl = engine === 'postgres' ? await freshPgDatabase(postgres, 'backup') : ''
    const app = await staffApp(t, time, { dataDir, contentDir: content, databaseUrl })
    // Inquiries come in through another store on the same database, as another replica's form would store them.
    const seed = databaseUrl ? await pgStores(databaseUrl, { poolSize: 2 }) : sqliteStores(openDatabase(dataDir))
    t.teardown(() => seed.close())
    // An editor's save: a revision in the database, the files on disk.
    // An admin: edits the content and reads the inbox.
    const ed = await staffMember(app, time, 'admin')
    const { form, base } = formOf(await openItem(app, ed, 'news', '2026-04-new-office'))
    t.equal((await post(app, ed, `/admin/content/${NEWS}`, { ...form, base, 'ja.title': 'バックアップ前の見出し', confirmed: '1' })).statusCode, 303)
    const page = (await app.inject({ url: '/news/2026-04-new-office', headers: LOCAL })).body
    t.match(page, 'バックアップ前の見出し')
    // An inquiry with inbox state (a note, in progress).
    const id = await addInquiry(seed, { name: '保存 太郎', message: '屋根の修理' })
    await seed.inbox.change(id, { status: 'in-progress', note: '折り返し電話する' }, actor(null), time.now(), entry('inquiry.change', id, time.now(), null))
    const withoutTokens = (html: string) => html.replace(/name="_csrf" value="[^"]*"/g, '')
    t.match(rendered(await openInquiry(app, ed, id)), '折り返し電話する')
    const revisions = await app.editorStore.revisions(NEWS)

    const site = { DATA_DIR: dataDir, CONTENT_DIR: content, DATABASE_URL: databaseUrl }
    const out = temp(t, 'backup-out-')
    const started = Date.now()
    const made = backup(site, 'create', '--dir', out)
    t.equal(made.code, 0, made.err)
    t.comment(`backup create: ${Date.now() - started} ms`)
    t.match(made.out, /^backup of 1 inquiries, 1 staff accounts, 1 content revisions, \d+ content files \(\d+ bytes\) written to .*corporate-site-backup-\d+\.\d+\.\d+-\d{8}T\d{6}Z\.tar\.gz$/m)
    const file = onlyFile(out)
    t.equal(readFileSync(file).length > 0 && (spawnSync('stat', ['-c', '%a', file], { encoding: 'utf8' }).stdout.trim()), '600', 'readable by its owner only')

    // An empty machine: a new DATA_DIR (or database) and an empty content folder.
    const restoredData = temp(t, 'restore-data-')
    const restoredContent = join(temp(t, 'restore-content-'), 'content')
    const restoredUrl = into === 'postgres' ? await freshPgDatabase(postgres, 'restored') : ''
    const target = { DATA_DIR: restoredData, CONTENT_DIR: restoredContent, DATABASE_URL: restoredUrl }
    const restored = backup(target, 'restore', '--from', file)
    t.equal(restored.code, 0, restored.err)
    t.match(restored.out, /^restored 1 inquiries, 1 staff accounts, 1 content revisions/)

    const again = await staffApp(t, time, { dataDir: restoredData, contentDir: restoredContent, databaseUrl: restoredUrl })
    t.equal((await again.inject({ url: '/news/2026-04-new-office', headers: LOCAL })).body.replace(/nonce="[^"]*"/g, ''), page.replace(/nonce="[^"]*"/g, ''), 'the edited page, the same HTML')
    t.same(await again.editorStore.revisions(NEWS), revisions, 'the same revisions')
    time.advance(30_000)
    const signIn = await postSignIn(again, { email: ed.who.account.email, password: ed.who.password, code: await codeAt(ed.who.totpSecret, time.now()) })
    t.equal(signIn.statusCode, 303, 'the admin signs in with the same password and TOTP')
    const cookie = String(signIn.headers['set-cookie']).split(';')[0]!
    // Opening the page records a view: both sites' pages opened at the same moment show the same history.
    const inquiryPage = withoutTokens(rendered(await openInquiry(app, ed, id)))
    t.equal(withoutTokens(rendered(await openInquiry(again, { ...ed, headers: { ...LOCAL, cookie } }, id))), inquiryPage, 'the inquiry with its note and state')
    const listed = await again.inject({ url: '/admin/inquiries?q=' + encodeURIComponent('屋根'), headers: { ...LOCAL, cookie } })
    t.match(listed.body, '保存 太郎', 'found by the search index rebuilt')

    // A restore into a site that holds data is refused, and changes nothing.
    const refused = backup(target, 'restore', '--from', file)
    t.equal(refused.code, 1)
    t.match(refused.err, /already holds content .*Nothing was written/)
    const refusedDb = backup({ ...target, CONTENT_DIR: temp(t, 'empty-content-') }, 'restore', '--from', file)
    t.equal(refusedDb.code, 1)
    t.match(refusedDb.err, /already holds data \(.*inquiries: 1.*\): a restore goes into an empty database only/)
    t.equal((await again.inboxStore.list({}, { page: 1, pageSize: 50 })).rows.length, 1, 'still one inquiry')
  })
}

t.test('bad files: missing, cut short, not a backup; a clear line and exit status 1, nothing written', async (t) => {
  const dir = temp(t, 'bad-')
  const target = { DATA_DIR: join(dir, 'data'), CONTENT_DIR: join(dir, 'content'), DATABASE_URL: '' }
  const missing = backup(target, 'restore', '--from', join(dir, 'nope.tar.gz'))
  t.equal(missing.code, 1)
  t.match(missing.err, /nope\.tar\.gz: no such file\n$/)
  writeFileSync(join(dir, 'junk.tar.gz'), 'not a backup at all')
  const junk = backup(target, 'restore', '--from', join(dir, 'junk.tar.gz'))
  t.equal(junk.code, 1)
  t.match(junk.err, /junk\.tar\.gz is not a whole backup file/)
  t.notMatch(junk.err, /\n\s+at /, 'no stack trace')
  t.same(readdirSync(join(dir, 'content')), [], 'the content folder empty')
  t.notOk(readdirSync(dir).includes('data'), 'no database made')
})

/** Holds the content lock as an editor's save does while its files are half written; the backup must wait. */
for (const engine of ['sqlite', 'postgres'] as const) {
  t.test(`${engine}: a backup started during a save waits for it and holds all of it`, async (t) => {
    const time = clock()
    const content = contentCopy(t)
    const dataDir = temp(t, 'lock-data-')
    const databaseUrl = engine === 'postgres' ? await freshPgDatabase(postgres, 'lock') : ''
    // The site's database as the server leaves it (made and migrated).
    if (databaseUrl) await (await pgStores(databaseUrl)).close()
    else openDatabase(dataDir).close()
    let release: () => Promise<void>
    let addRevision: () => Promise<void>
    if (engine === 'sqlite') {
      const db = new Database(join(dataDir, DB_FILE))
      db.exec('BEGIN IMMEDIATE')
      addRevision = async () => void db.prepare("INSERT INTO content_revisions (item_key, at, action, hash) VALUES ('news/held', 1, 'save', 'h')").run()
      release = async () => {
        db.exec('COMMIT')
        db.close()
      }
    } else {
      const client = new pg.Client({ connectionString: databaseUrl })
      await client.connect()
      await client.query('BEGIN')
      await client.query('SELECT pg_advisory_xact_lock($1)', [CONTENT_LOCK])
      addRevision = async () => void (await client.query("INSERT INTO content_revisions (item_key, at, action, hash) VALUES ('news/held', 1, 'save', 'h')"))
      release = async () => (await client.query('COMMIT'), await client.end())
    }
    writeFileSync(join(content, 'news', 'held-1.ja.md'), 'first half\n')
    const out = temp(t, 'lock-out-')
    const child = spawn(process.execPath, backupArgs('create', '--dir', out), { env: { ...process.env, DATA_DIR: dataDir, CONTENT_DIR: content, DATABASE_URL: databaseUrl }, stdio: ['ignore', 'pipe', 'pipe'] })
    let err = ''
    const waiting = new Promise<void>((resolve) =>
      child.stderr.on('data', (d) => {
        err += d
        if (err.includes('waiting for the content lock')) resolve()
      }),
    )
    const done = new Promise<number | null>((resolve) => child.on('exit', resolve))
    await Promise.race([waiting, done])
    t.match(err, "waiting for the content lock: an editor's save is under way", 'the backup says it waits for the save')
    t.equal(child.exitCode, null, 'and is waiting')
    t.same(readdirSync(out).filter((f) => f.endsWith('.tar.gz')), [], 'no backup while the save holds the lock')
    writeFileSync(join(content, 'news', 'held-2.ja.md'), 'second half\n')
    await addRevision()
    await release()
    t.equal(await done, 0, err)
    const list = spawnSync('tar', ['-tzf', onlyFile(out)], { encoding: 'utf8' }).stdout
    t.match(list, 'content/news/held-1.ja.md')
    t.match(list, 'content/news/held-2.ja.md', "the save's last file is in")
    const revisions = spawnSync('tar', ['-xzOf', onlyFile(out), 'database/content_revisions.ndjson'], { encoding: 'utf8' }).stdout
    t.match(revisions, 'news/held', "and the save's revision")
  })
}

t.test("a backup of an older schema is restored at its schema, then brought forward by this release's migrations", async (t) => {
  const content = contentCopy(t)
  const dataDir = temp(t, 'old-data-')
  const seed = sqliteStores(openDatabase(dataDir))
  await addInquiry(seed, { name: '旧版 花子', message: '外壁の塗装' })
  await seed.close()
  const out = temp(t, 'old-out-')
  const made = spawnSync(process.execPath, backupArgs('create', '--dir', out), { encoding: 'utf8', env: { ...process.env, DATA_DIR: dataDir, CONTENT_DIR: content, DATABASE_URL: '' } })
  t.equal(made.status, 0, made.stderr)
  // As a release at schema 8 would have written it: the same tables (schema_migrations is never in a backup),
  // the manifest saying 8. Unpacked, changed, packed again with tar(1).
  const unpacked = temp(t, 'old-unpacked-')
  spawnSync('tar', ['-xzf', onlyFile(out), '-C', unpacked])
  const manifest = JSON.parse(readFileSync(join(unpacked, 'manifest.json'), 'utf8'))
  t.equal(manifest.schemaVersion, 9)
  writeFileSync(join(unpacked, 'manifest.json'), JSON.stringify({ ...manifest, schemaVersion: 8 }))
  const file = join(out, 'schema-8.tar.gz')
  t.equal(spawnSync('tar', ['-czf', file, '-C', unpacked, ...readdirSync(unpacked)]).status, 0)

  const target = { DATA_DIR: temp(t, 'old-restored-'), CONTENT_DIR: join(temp(t, 'old-content-'), 'content'), DATABASE_URL: await freshPgDatabase(postgres, 'old') }
  const restored = backup(target, 'restore', '--from', file)
  t.equal(restored.code, 0, restored.err)
  const stores = await pgStores(target.DATABASE_URL, { poolSize: 1 })
  t.teardown(() => stores.close())
  t.equal(await stores.schemaVersion(), 9, 'migrated on to this release')
  t.same((await stores.inbox.list({ q: '外壁' }, { page: 1, pageSize: 10 })).rows.map((r) => r.name), ['旧版 花子'], 'the inquiry there, and found')
})
