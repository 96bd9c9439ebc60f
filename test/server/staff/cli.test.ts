// `npm run staff -- …` (server/staff/cli.ts) run for real: a child process on a temporary DATA_DIR, on
// PostgreSQL with DATABASE_URL, and the built `node dist/server/staff.js` (node build.mjs first).
import t from 'tap'
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { openDatabase } from '../../../server/database'
import { siteTime } from '../../../server/site-time'
import { startPostgres } from '../../../scripts/engines.mjs'
import { freshPgDatabase, serverDataDir } from '../contact/helper'
import { pgStores, sqliteStores } from '../stores'
import { cliArgs } from '../cli'

const SITE = 'https://www.example.co.jp'
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

function cli(env: Record<string, string>, ...args: string[]) {
  const res = spawnSync(process.execPath, [...cliArgs('staff'), ...args], { encoding: 'utf8', env: { ...process.env, DATABASE_URL: '', SITE_URL: SITE, ...env } })
  return { code: res.status, out: res.stdout, err: res.stderr }
}

/** The token of the link printed by add or enrol. */
function linkToken(out: string): string {
  const token = new RegExp(`^${SITE}/admin/enrol/([A-Za-z0-9_-]{43})$`, 'm').exec(out)?.[1]
  if (!token) throw new Error(`no enrolment link in: ${out}`)
  return token
}

/** The staff store of DATA_DIR, for a look at what the CLI wrote (closed when the test ends). */
function staffStore(t: { teardown: (fn: () => unknown) => void }, dataDir: string) {
  const store = sqliteStores(openDatabase(dataDir))
  t.teardown(() => store.close())
  return store.staff
}

t.test('add: the account and a one-time link, valid 24 hours, stored only as its hash', async (t) => {
  const dir = serverDataDir(t)
  t.match(cli({ DATA_DIR: dir }, 'list').out, /^no accounts yet: add the first with npm run staff -- add EMAIL --role admin$/m)
  const before = Date.now()
  const add = cli({ DATA_DIR: dir }, 'add', ' Taro@Example.co.jp', '--role', 'admin', '--name', '山田 太郎')
  t.equal(add.code, 0, add.err)
  t.match(add.out, /^Account added: taro@example\.co\.jp \(admin\)\.$/m)
  const until = /valid until (\d{4}-\d\d-\d\d \d\d:\d\d:\d\d) JST/.exec(add.out)?.[1]
  const expiresAt = Date.parse(`${until!.replace(' ', 'T')}+09:00`)
  t.ok(expiresAt >= Math.floor(before / 1000) * 1000 + 86_400_000 && expiresAt <= Date.now() + 86_400_000, `24 hours from now: ${until}`)
  const token = linkToken(add.out)
  const store = staffStore(t, dir)
  const account = (await store.findAccountByEmail('taro@example.co.jp'))!
  t.match(account, { role: 'admin', name: '山田 太郎', disabled: false })
  t.match(await store.findEnrolmentLink(sha256(token)), { accountId: account.id, usedAt: null })

  const list = cli({ DATA_DIR: dir }, 'list')
  t.equal(list.code, 0)
  t.match(list.out, `added ${siteTime(new Date(account.createdAt).toISOString())}  `, 'in Japan time, as the staff pages show it')
  t.match(list.out, /^taro@example\.co\.jp {2}admin {6}active {4}passkeys: 0, password\+TOTP: no {2}added \d{4}-\d\d-\d\d \d\d:\d\d:\d\d JST {2}山田 太郎$/m)

  const again = cli({ DATA_DIR: dir }, 'add', 'TARO@example.co.jp', '--role', 'editor')
  t.equal(again.code, 1, 'a duplicate: a failure, not a usage error')
  t.equal(again.err, 'an account with the email taro@example.co.jp exists already\n')
  t.equal((await store.listAccounts()).length, 1)
})

t.test('usage mistakes: exit 2 with the usage; failures: exit 1 with one line', async (t) => {
  const dir = serverDataDir(t)
  const usage = (args: string[], message: RegExp) => {
    const r = cli({ DATA_DIR: dir }, ...args)
    t.equal(r.code, 2, args.join(' '))
    t.match(r.err, message, args.join(' '))
    t.match(r.err, /\nusage:\n {2}npm run staff -- add EMAIL --role admin\|editor\|responder/, 'with the usage')
  }
  usage(['add', 'a@example.com'], /^add: --role admin\|editor\|responder is required/)
  usage(['add', 'a@example.com', '--role', 'root'], /^not a role: "root" \(admin, editor or responder\)/)
  usage(['add', 'a@example.com', '--role'], /^--role: a value is required/)
  usage(['add', '--role', 'admin'], /^add: EMAIL is required/)
  usage(['add', 'not-an-address', '--role', 'admin'], /^not an email address: "not-an-address"/)
  usage(['add', 'a@example.com', '--role', 'admin', '--roles', 'x'], /^add: unknown option --roles/)
  usage(['remove', 'a@example.com'], /^unknown command: remove/)
  usage(['disable'], /^disable: EMAIL is required/)
  usage(['audit', '--since', '2026-02-30'], /^--since: a day as YYYY-MM-DD \(Japan time\), not "2026-02-30"/)
  usage(['audit', '--limit', '0'], /^--limit: a positive whole number/)
  for (const command of ['disable', 'enable', 'enrol']) {
    const r = cli({ DATA_DIR: dir }, command, 'nobody@example.com')
    t.same([r.code, r.err], [1, 'no account with the email nobody@example.com\n'], command)
  }
  const help = cli({ DATA_DIR: dir }, '--help')
  t.equal(help.code, 0)
  t.match(help.out, /^usage:/)
  const config = cli({ DATA_DIR: dir, STAFF_SESSION_IDLE: 'soon' }, 'list')
  t.equal(config.code, 1, 'a wrong setting stops it')
  t.match(config.err, /^STAFF_SESSION_IDLE: invalid value "soon"/)
  const store = staffStore(t, dir)
  t.same(await store.listAccounts(), [], 'no account was added')
  t.same(await store.listAudit({}), [], 'nothing was written')
})

t.test('disable ends the sessions at once; enrol removes the factors and gives a new link; audit shows it all', async (t) => {
  const dir = serverDataDir(t)
  const first = linkToken(cli({ DATA_DIR: dir }, 'add', 'a@example.com', '--role', 'editor').out)
  t.equal(cli({ DATA_DIR: dir }, 'add', 'b@example.com', '--role', 'responder').code, 0)
  const store = staffStore(t, dir)
  const a = (await store.findAccountByEmail('a@example.com'))!
  const now = Date.now()
  const signin = { at: now, accountId: a.id, address: '192.0.2.1', action: 'signin', target: 'session', outcome: 'ok' as const }
  await store.addSession({ idHash: 'h1', accountId: a.id, createdAt: now, lastSeenAt: now, verifiedAt: now, csrfToken: 'c', userAgent: 'ua', address: '192.0.2.1' }, signin)
  await store.setPasswordFactor({ accountId: a.id, passwordHash: 'h', totpSecret: 's', lastTotpStep: 0, createdAt: now }, ['r1'], { ...signin, action: 'password.set' })

  const enrol = cli({ DATA_DIR: dir }, 'enrol', 'A@example.com')
  t.equal(enrol.code, 0, enrol.err)
  t.match(enrol.out, /^Every factor of a@example\.com is removed and its sessions have ended\.$/m)
  const second = linkToken(enrol.out)
  t.not(second, first)
  t.equal(await store.findEnrolmentLink(sha256(first)), null, 'the first link no longer works')
  t.ok(await store.findEnrolmentLink(sha256(second)))
  t.equal(await store.findPasswordFactor(a.id), null)
  t.same(await store.listSessions(a.id), [])

  const later = Date.now()
  await store.addSession({ idHash: 'h2', accountId: a.id, createdAt: later, lastSeenAt: later, verifiedAt: later, csrfToken: 'c', userAgent: 'ua', address: '192.0.2.1' }, { ...signin, at: later })
  const disable = cli({ DATA_DIR: dir }, 'disable', 'a@example.com')
  t.same([disable.code, disable.out], [0, 'a@example.com is disabled; its sessions have ended.\n'])
  t.equal(await store.findSession('h2'), null, 'the session is gone at once')
  t.match(cli({ DATA_DIR: dir }, 'list').out, /^a@example\.com {2}editor {5}disabled/m)
  t.same([cli({ DATA_DIR: dir }, 'enrol', 'a@example.com').code, cli({ DATA_DIR: dir }, 'enrol', 'a@example.com').err], [1, 'the account a@example.com is disabled: enable it first\n'])
  t.equal(cli({ DATA_DIR: dir }, 'enable', 'a@example.com').out, 'a@example.com may sign in again.\n')

  const audit = cli({ DATA_DIR: dir }, 'audit').out.trim().split('\n')
  t.same(
    audit.map((l) => l.split(/ {2,}/)[2]),
    ['account.enable', 'account.disable', 'signin', 'enrolment.create', 'account.enrol', 'password.set', 'signin', 'enrolment.create', 'account.add', 'enrolment.create', 'account.add'],
    'newest first, every change',
  )
  t.match(audit[1], new RegExp(`^\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d JST {2}ok {7}account\\.disable {3}- {2}cli {2}account:a@example\\.com$`), 'the target account by its email')
  t.same(cli({ DATA_DIR: dir }, 'audit', '--account', 'a@example.com').out.trim().split('\n').map((l) => l.split(/ {2,}/)[2]), ['signin', 'password.set', 'signin'], '--account: what the account did')
  t.equal(cli({ DATA_DIR: dir }, 'audit', '--action', 'account.add').out.trim().split('\n').length, 2, '--action')
  t.equal(cli({ DATA_DIR: dir }, 'audit', '--action', 'account.add', '--limit', '1').out.trim().split('\n').length, 1, '--limit')
  t.equal(cli({ DATA_DIR: dir }, 'audit', '--since', '2999-01-01').out, 'no audit entries\n', '--since a day to come')
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
  t.equal(cli({ DATA_DIR: dir }, 'audit', '--since', yesterday).out.trim().split('\n').length, 11, '--since yesterday: all of them')
})

t.test('on PostgreSQL (DATABASE_URL): add and list', async (t) => {
  const postgres = await startPostgres()
  t.teardown(() => postgres.stop())
  const url = await freshPgDatabase(postgres, 'staff_cli')
  const add = cli({ DATABASE_URL: url }, 'add', 'pg@example.com', '--role', 'responder', '--name', 'PG')
  t.equal(add.code, 0, add.err)
  const token = linkToken(add.out)
  t.match(cli({ DATABASE_URL: url }, 'list').out, /^pg@example\.com {2}responder {2}active {4}passkeys: 0, password\+TOTP: no {2}added .* JST {2}PG$/m)
  const store = await pgStores(url, { poolSize: 1 })
  t.teardown(() => store.close())
  const account = (await store.staff.findAccountByEmail('pg@example.com'))!
  t.equal((await store.staff.findEnrolmentLink(sha256(token)))?.accountId, account.id, 'in PostgreSQL, by its hash')
  t.equal(cli({ DATABASE_URL: url }, 'add', 'pg@example.com', '--role', 'admin').code, 1, 'the duplicate refused there too')
})

t.test('the built CLI: node dist/server/staff.js, as in the container', async (t) => {
  const dir = serverDataDir(t)
  const run = (...args: string[]) => spawnSync(process.execPath, ['dist/server/staff.js', ...args], { encoding: 'utf8', env: { ...process.env, DATABASE_URL: '', SITE_URL: '', DATA_DIR: dir } })
  const add = run('add', 'ops@example.com', '--role', 'admin')
  t.equal(add.status, 0, add.stderr)
  t.match(add.stdout, /^http:\/\/localhost:3000\/admin\/enrol\/[A-Za-z0-9_-]{43}$/m, 'without SITE_URL the link names this machine')
  t.match(add.stderr, /^SITE_URL is not set: the link names this machine/)
  t.match(run('list').stdout, /^ops@example\.com {2}admin/m)
})
