// The README's commands run as an operator runs them, from the site's folder with a .env that moves DATA_DIR,
// PORT, SITE_URL and CONTENT_DIR away from their defaults: `npm start`, `npm run staff`, `npm run inquiries`,
// `npm run content:check`. Every command must read the settings the server reads; one that looked only at the
// environment would use ./data and port 3000 (a stray database, a link to nowhere, an empty backup reported as
// a success). The site's folder is a temporary one holding links to this checkout's files (node build.mjs first).
import t from 'tap'
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { freePort } from '../../scripts/engines.mjs'

const LINKED = ['package.json', 'node_modules', 'server', 'shared', 'locales', 'dist', 'tsconfig.json']

/** A site folder: this checkout's code (linked) and a .env of its own. */
function siteFolder(t: { teardown: (fn: () => unknown) => void }, env: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'site-env-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  for (const name of LINKED) symlinkSync(resolve(name), join(dir, name))
  writeFileSync(join(dir, '.env'), Object.entries(env).map(([k, v]) => `${k}=${v}`).join('\n') + '\n')
  return dir
}

/** The environment of an operator's shell: none of the site's settings (they are in .env). */
const shell = (): NodeJS.ProcessEnv => ({ PATH: process.env.PATH, HOME: process.env.HOME, npm_config_update_notifier: 'false', npm_config_fund: 'false' })

function npm(dir: string, ...args: string[]) {
  const res = spawnSync('npm', ['run', '--silent', ...args], { cwd: dir, encoding: 'utf8', env: shell() })
  return { code: res.status, out: res.stdout, err: res.stderr }
}

t.test('every command reads .env as the server does: staff add, inquiries backup, content:check', async (t) => {
  const port = await freePort()
  const siteUrl = `http://localhost:${port}`
  const dir = siteFolder(t, { HOST: '127.0.0.1', PORT: String(port), DATA_DIR: './var/site-data', SITE_URL: siteUrl, CONTENT_DIR: resolve('content'), LOG_LEVEL: 'info' })
  const dataDir = join(dir, 'var', 'site-data')

  // Before the server has ever run: the commands refuse and create nothing, in DATA_DIR or in ./data.
  const early = npm(dir, 'staff', '--', 'add', 'admin@example.jp', '--role', 'admin')
  t.equal(early.code, 1, 'staff add refuses')
  t.match(early.err, `no database at ${join(dataDir, 'inquiries.db')}`, 'naming the database the settings point to')
  const earlyBackup = npm(dir, 'inquiries', '--', 'backup', '--out', 'early.db')
  t.equal(earlyBackup.code, 1, 'inquiries backup refuses')
  t.notOk(existsSync(join(dir, 'early.db')), 'no backup file')
  t.notOk(existsSync(join(dataDir, 'inquiries.db')), 'no database made where DATA_DIR points')
  t.notOk(existsSync(join(dir, 'data')), 'nor in the default ./data')

  const server = spawn('npm', ['start'], { cwd: dir, env: shell(), stdio: ['ignore', 'pipe', 'pipe'], detached: true })
  t.teardown(() => {
    if (server.exitCode === null) process.kill(-server.pid!, 'SIGKILL')
  })
  let log = ''
  server.stderr.on('data', (d) => (log += d))
  await new Promise<void>((done, fail) => {
    server.stdout.on('data', (d) => {
      log += d
      if (log.includes(`listening at http://127.0.0.1:${port}`)) done()
    })
    server.on('exit', (code) => fail(new Error(`npm start exited ${code}: ${log}`)))
  })

  const add = npm(dir, 'staff', '--', 'add', 'admin@example.jp', '--role', 'admin', '--name', '山田 太郎')
  t.equal(add.code, 0, add.err)
  t.notMatch(add.err, /SITE_URL is not set/, 'SITE_URL came from .env')
  const link = new RegExp(`^${siteUrl}/admin/enrol/[A-Za-z0-9_-]{43}$`, 'm').exec(add.out)?.[0]
  t.ok(link, `the link names the server of .env: ${add.out}`)
  const page = await fetch(link!)
  t.equal(page.status, 200, 'the server that .env describes knows the link')
  t.notMatch(await page.text(), /already used or expired|使用済みか期限切れ/, 'and opens it')

  const backup = npm(dir, 'inquiries', '--', 'backup', '--out', 'backup.db')
  t.equal(backup.code, 0, backup.err)
  t.match(backup.out, /^backup of 0 inquiries, 1 staff accounts, 0 content revisions written to .*backup\.db \(\d+ bytes, integrity ok\)$/m, 'the backup says what it holds')
  t.match(backup.out, new RegExp(`^the server on port ${port} \\(pid \\d+\\) uses this database$`, 'm'), 'and whose database it is')
  t.notOk(existsSync(join(dir, 'data')), 'still nothing in ./data')

  process.kill(-server.pid!, 'SIGTERM')
  await new Promise((done) => server.on('exit', done))

  // content:check takes CONTENT_DIR from .env too (the test fixtures here, not ./content).
  const fixtures = resolve('test/fixtures/content')
  writeFileSync(join(dir, '.env'), `CONTENT_DIR=${fixtures}\n`)
  const check = npm(dir, 'content:check')
  t.equal(check.code, 0, check.err)
  t.match(check.out, `content OK (${fixtures})`, 'content:check looked where .env says')
})

t.test('a backup of a database that holds nothing is refused, unless --allow-empty', async (t) => {
  const dir = siteFolder(t, { DATA_DIR: './data' })
  const init = spawnSync(process.execPath, ['--import', 'tsx', '-e', `import('${resolve('server/database.ts')}').then((m) => m.openDatabase('${join(dir, 'data')}').close())`], { encoding: 'utf8' })
  t.equal(init.status, 0, init.stderr)
  const refused = npm(dir, 'inquiries', '--', 'backup', '--out', 'b.db')
  t.equal(refused.code, 1)
  t.match(refused.err, /^backup refused: .*inquiries\.db holds no inquiries, staff accounts or content revisions/m)
  t.notOk(existsSync(join(dir, 'b.db')), 'nothing written')
  const allowed = npm(dir, 'inquiries', '--', 'backup', '--out', 'b.db', '--allow-empty')
  t.equal(allowed.code, 0, allowed.err)
  t.match(allowed.out, /^backup of 0 inquiries, 0 staff accounts, 0 content revisions written to /m)
  t.match(allowed.out, /^no server is running with DATA_DIR .*data and PORT 3000: this is the database as that server left it$/m, 'and that no server uses it')
})
