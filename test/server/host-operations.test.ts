// Operations without Docker (docs/operations.md): the systemd unit (deploy/systemd), the Caddyfile for replicas on
// plain hosts, and the PostgreSQL backup commands. What runs here runs: systemd-analyze on the unit, the server
// started as the unit starts it (its environment, working folder and credentials, .env.example as the settings),
// caddy on the Caddyfile, pg_dump and pg_restore on a throwaway PostgreSQL.
import t from 'tap'
import { spawn, spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { ENV_VARIABLES } from '../../server/config'
import { SECRET_FILE_VARIABLES, SECRET_VARIABLES } from '../../server/config-secrets'
import { normalizeContact } from '../../shared/pages/contact/normalize'
import { postgresBinDir, startPostgres } from '../../scripts/engines.mjs'
import { adaptable, findHandler } from './caddyfile'
import { freshPgDatabase, validInquiry } from './contact/helper'
import { pgStores } from './stores'

const UNIT = 'deploy/systemd/corporate-site@.service'
const DROP_IN = 'deploy/systemd/corporate-site@.service.d/replicas.conf'
const work = mkdtempSync(join(tmpdir(), 'host-ops-'))
t.teardown(() => rmSync(work, { recursive: true, force: true }))

/** A unit file's [Service] settings: each key with its values in order (Environment= and the like repeat). */
function serviceSection(file: string): Map<string, string[]> {
  const settings = new Map<string, string[]>()
  let section = ''
  for (const raw of readFileSync(file, 'utf8').split('\n')) {
    const line = raw.trim()
    if (!line || line.startsWith('#') || line.startsWith(';')) continue
    if (line.startsWith('[')) {
      section = line
      continue
    }
    if (section !== '[Service]') continue
    const eq = line.indexOf('=')
    const key = line.slice(0, eq)
    settings.set(key, [...(settings.get(key) ?? []), line.slice(eq + 1)])
  }
  return settings
}
const unit = serviceSection(UNIT)
const dropIn = serviceSection(DROP_IN)
const one = (key: string) => unit.get(key)?.at(-1) ?? ''
/** Environment= lines as a mapping (specifiers such as %i kept). */
const environment = (settings: Map<string, string[]>) => Object.fromEntries((settings.get('Environment') ?? []).flatMap((e) => e.split(/\s+/)).map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]))
const unitEnv = environment(unit)
const credentials = (settings: Map<string, string[]>) => new Map((settings.get('LoadCredential') ?? []).map((c) => [c.slice(0, c.indexOf(':')), c.slice(c.indexOf(':') + 1)]))

t.test('the unit runs Node as npm start does, with the settings of the server and secrets as credentials', async (t) => {
  const start = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } }).scripts.start.replace(/^exec\s+/, '').split(/\s+/)
  const exec = one('ExecStart').split(/\s+/)
  t.equal(exec[0], '/usr/bin/node', 'node by its full path')
  t.same(exec.slice(1, -1), start.slice(1, -1), 'the flags of npm start')
  t.equal(exec.at(-1), `${unitEnv.DIST_DIR}/server/index.js`, 'the entry of DIST_DIR, as npm start\'s dist/server/index.js')
  t.equal(unitEnv.CONTENT_DIR, unitEnv.DIST_DIR!.replace(/dist$/, 'content'), 'the release\'s content beside its dist')
  t.equal(one('ExecReload'), '/bin/kill -HUP $MAINPID', 'reload: SIGHUP to this unit\'s main process (the content is loaded again)')
  t.equal(one('Restart'), 'on-failure')
  t.notOk(unit.has('EnvironmentFile'), 'no EnvironmentFile= (it would override Environment=): the server reads .env from its working folder')
  for (const settings of [unit, dropIn]) {
    const env = environment(settings)
    for (const name of Object.keys(env)) t.ok(ENV_VARIABLES.includes(name), `${name} is a setting of the server`)
    for (const name of SECRET_VARIABLES) t.notOk(name in env, `${name}: never a value in the unit`)
    const loaded = credentials(settings)
    for (const name of Object.keys(env).filter((n) => SECRET_FILE_VARIABLES.includes(n))) {
      const id = /^%d\/(\w+)$/.exec(env[name]!)?.[1]
      t.ok(id && loaded.has(id), `${name}=${env[name]}: a credential the unit loads`)
      t.match(loaded.get(id!), /^\/etc\/corporate-site\/credentials\/\w+$/, `${id} from the credentials folder`)
    }
  }
  // DATA_DIR is the only writable place, and the unit's state folder.
  t.equal(one('ProtectSystem'), 'strict')
  t.equal(unitEnv.DATA_DIR, `/var/lib/${one('StateDirectory')}`, 'DATA_DIR = the StateDirectory')
  t.ok(unit.get('ReadWritePaths')?.includes(unitEnv.DATA_DIR!), 'and in ReadWritePaths')
  for (const key of ['NoNewPrivileges', 'PrivateTmp', 'ProtectHome', 'PrivateDevices']) t.equal(one(key), 'yes', key)
  t.equal(one('CapabilityBoundingSet'), '', 'no capabilities')
  t.equal(one('User'), 'corporate-site')
  // Stop and memory, as the containers.
  const dropEnv = environment(dropIn)
  const stopNeeds = Number(dropEnv.SHUTDOWN_DELAY_MS) + Number(dropEnv.SHUTDOWN_TIMEOUT_MS) + 2000
  t.ok(Number(/^(\d+)s$/.exec(one('TimeoutStopSec'))?.[1]) * 1000 > stopNeeds, `TimeoutStopSec ${one('TimeoutStopSec')} > ${stopNeeds} ms`)
  const compose = readFileSync('docker-compose.yml', 'utf8')
  t.equal(one('MemoryMax'), /mem_limit: (\d+)m/.exec(compose)![1] + 'M', 'MemoryMax = compose\'s mem_limit')
})

const analyze = spawnSync('systemd-analyze', ['--version'], { encoding: 'utf8' })
t.test('systemd-analyze verifies the unit with its drop-in and rates its exposure', { skip: analyze.error ? 'systemd-analyze is not installed' : false }, async (t) => {
  const dir = join(work, 'units')
  mkdirSync(join(dir, 'corporate-site@1.service.d'), { recursive: true })
  cpSync(UNIT, join(dir, 'corporate-site@1.service'))
  cpSync(DROP_IN, join(dir, 'corporate-site@1.service.d', 'replicas.conf'))
  const verify = spawnSync('systemd-analyze', ['verify', join(dir, 'corporate-site@1.service')], { encoding: 'utf8' })
  t.equal(verify.status, 0)
  t.equal(`${verify.stdout}${verify.stderr}`.trim(), '', 'no warning (an unknown key or a bad value would be one)')
  const security = spawnSync('systemd-analyze', ['security', '--offline=true', join(dir, 'corporate-site@1.service')], { encoding: 'utf8' })
  const score = Number(/Overall exposure level for \S+: ([\d.]+)/.exec(security.stdout)?.[1])
  if (Number.isNaN(score)) t.comment(`no offline security rating here: ${security.stderr.trim().split('\n').at(-1)}`)
  else t.ok(score <= 2, `exposure ${score} (0 best, 10 worst; "OK" up to 3.9)`)
})

/** A port nobody listens on now. */
const portFree = (port: number) =>
  new Promise<boolean>((done) => {
    const server = createServer()
    server.once('error', () => done(false))
    server.listen(port, '127.0.0.1', () => server.close(() => done(true)))
  })

t.test('the server starts as the unit starts it: .env.example in its working folder, the unit\'s layout winning', async (t) => {
  // The unit's paths, moved into a temporary folder: /opt (a release through the `current` symlink), /etc, /var/lib.
  const root = join(work, 'host')
  const place = (path: string) => path.replace(/^\/opt\/corporate-site/, join(root, 'opt')).replace(/^\/etc\/corporate-site/, join(root, 'etc')).replace(/^\/var\/lib/, join(root, 'var'))
  const release = join(root, 'opt', 'releases', '0.1.0')
  mkdirSync(release, { recursive: true })
  symlinkSync(resolve('dist'), join(release, 'dist'))
  symlinkSync(resolve('test/fixtures/content'), join(release, 'content'))
  symlinkSync(release, join(root, 'opt', 'current'))
  mkdirSync(place(one('WorkingDirectory')), { recursive: true })
  writeFileSync(join(place(one('WorkingDirectory')), '.env'), readFileSync('.env.example'))
  const credentialsDir = join(root, 'credentials')
  mkdirSync(credentialsDir)
  for (const id of credentials(unit).keys()) writeFileSync(join(credentialsDir, id), '', { mode: 0o600 })
  let instance = 0
  for (let n = 1; n <= 9 && !instance; n++) if ((await portFree(3000 + n)) && (await portFree(9100 + n))) instance = n
  if (!instance) return t.comment('ports 3001-3009 / 9101-9109 all taken: not started')
  const expand = (value: string) => place(value.replaceAll('%i', String(instance)).replaceAll('%d', credentialsDir).replaceAll('%S', '/var/lib'))
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, ...Object.fromEntries(Object.entries(unitEnv).map(([k, v]) => [k, expand(v)])) }
  const dataDir = env.DATA_DIR!
  mkdirSync(dataDir, { recursive: true, mode: 0o700 }) // StateDirectory=
  const [node, ...args] = one('ExecStart').split(/\s+/).map(expand)
  const child = spawn(existsSync(node!) ? node! : process.execPath, args, { cwd: place(one('WorkingDirectory')), env, stdio: ['ignore', 'pipe', 'pipe'] })
  t.teardown(() => {
    if (child.exitCode === null) child.kill('SIGKILL')
  })
  let out = ''
  child.stderr.on('data', (d) => (out += d))
  child.stdout.on('data', (d) => (out += d))
  const until = (re: RegExp) =>
    new Promise<void>((done, fail) => {
      const check = () => (re.test(out) ? done() : undefined)
      child.stdout.on('data', check)
      child.on('exit', (code) => fail(new Error(`exited ${code}: ${out}`)))
      check()
    })
  await until(new RegExp(`listening at http://127\\.0\\.0\\.1:${3000 + instance}`))
  t.pass(`listening on 127.0.0.1:${3000 + instance}: HOST from .env, PORT from the unit (not .env.example's 3000)`)
  // Ready once the start's image variants are made (MEDIA_WARM, on in .env.example): the fixtures' take a moment.
  await until(/"msg":"image variants made ahead"/)
  t.equal((await fetch(`http://127.0.0.1:${3000 + instance}/readyz`)).status, 200, '/readyz')
  t.ok(existsSync(join(dataDir, 'inquiries.db')), 'the inquiries in the unit\'s DATA_DIR (not .env.example\'s data/)')
  t.equal((await fetch(`http://127.0.0.1:${9100 + instance}/metrics`)).status, 200, `metrics on 910${instance}`)
  t.match(out, /SMTP_URL is not set: inquiries are stored/, 'SMTP_URL from the (empty) credential')
  t.notMatch(out, /is not a setting of this site/, 'no unknown setting')
  // ExecReload
  const [kill, ...killArgs] = one('ExecReload').replace('$MAINPID', String(child.pid)).split(/\s+/)
  t.equal(spawnSync(kill!, killArgs).status, 0)
  await until(/"reason":"SIGHUP"[^\n]*content reloaded/)
  t.pass('reload: the content loaded again')
  child.kill('SIGTERM')
  const code = await new Promise((done) => child.on('exit', done))
  t.equal(code, 0, 'a stop exits 0')
})

/** The reverse_proxy block of a Caddyfile: its upstreams and its directives (comments left out, nested blocks flattened). */
function reverseProxy(caddyfile: string) {
  const code = caddyfile.replace(/#.*$/gm, '')
  const m = /^\s*reverse_proxy([^{\n]*)\{([\s\S]*?)\n\t\}/m.exec(code)!
  return { upstreams: m[1]!.trim().split(/\s+/), directives: m[2]!.split('\n').map((l) => l.trim().replace(/\s+/g, ' ')).filter((l) => l && l !== '}').sort() }
}

t.test('deploy/Caddyfile.host-replicas: the replicas\' directives, upstreams on the units\' ports', async (t) => {
  const host = readFileSync('deploy/Caddyfile.host-replicas', 'utf8')
  const compose = reverseProxy(readFileSync('deploy/Caddyfile.replicas', 'utf8'))
  const mine = reverseProxy(host)
  t.same(mine.directives, compose.directives, 'the same balancing, health check and retries as the compose setup')
  t.same(mine.upstreams, [1, 2, 3].map((i) => `127.0.0.1:${unitEnv.PORT!.replace('%i', String(i))}`), 'corporate-site@1, @2, @3')
  const caddy = spawnSync('caddy', ['version'], { encoding: 'utf8' })
  if (caddy.error) return t.comment('caddy is not installed')
  const env = { ...process.env, SITE_DOMAIN: 'www.example.co.jp' }
  // Without its rate_limit block where the installed caddy lacks that module (test/server/caddyfile.ts).
  const file = adaptable('deploy/Caddyfile.host-replicas', work)
  const adapted = spawnSync('caddy', ['adapt', '--config', file, '--adapter', 'caddyfile'], { encoding: 'utf8', env })
  t.equal(adapted.status, 0, adapted.stderr.slice(-300))
  const handler = findHandler(JSON.parse(adapted.stdout), 'reverse_proxy')!
  t.same(handler.upstreams, [{ dial: '127.0.0.1:3001' }, { dial: '127.0.0.1:3002' }, { dial: '127.0.0.1:3003' }])
  t.equal(handler.health_checks?.active?.uri, '/readyz?exclude=database')
  const validated = spawnSync('caddy', ['validate', '--config', file, '--adapter', 'caddyfile'], { encoding: 'utf8', env })
  t.equal(validated.status, 0, validated.status === 0 ? 'caddy validate: valid' : `caddy validate: ${validated.stderr.slice(-300)}`)
})

t.test('PostgreSQL: the documented pg_dump and pg_restore give back the inquiries, also into an empty database', async (t) => {
  const docs = readFileSync('docs/operations.md', 'utf8')
  const command = (program: string) => docs.split('\n').find((l) => l.startsWith(`sudo -u postgres ${program} `))!.replace('sudo -u postgres ', '').split(/\s+/)
  const dump = command('pg_dump')
  const restore = command('pg_restore')
  t.same(dump.slice(1, -2), ['--format=custom'], `pg_dump ${dump.slice(1).join(' ')}`)
  t.same(restore.slice(1, -2), ['--clean', '--if-exists'], `pg_restore ${restore.slice(1).join(' ')}`)
  const postgres = await startPostgres()
  t.teardown(() => postgres.stop())
  const url = await freshPgDatabase(postgres, 'backup')
  // The documented command, with the database named by URL and a file of ours.
  const file = join(work, 'site.dump')
  const run = (argv: string[], dbUrl: string) => {
    const [program, ...rest] = argv
    const args = rest.map((a) => a.replace(/^--dbname=.*/, `--dbname=${dbUrl}`).replace(/^--file=.*/, `--file=${file}`).replace(/^\/var\/backups\/\S+$/, file))
    const res = spawnSync(join(postgresBinDir(), program!), args, { encoding: 'utf8' })
    t.equal(res.status, 0, `${program}: ${res.stderr.trim()}`)
  }
  const store = await pgStores(url, { poolSize: 2 })
  const insert = (s: typeof store, name: string, at: string) => s.insert({ values: normalizeContact(validInquiry({ name }), 'ja'), locale: 'ja', token: null, now: new Date(at) })
  await insert(store, '山田 太郎', '2026-11-20T01:00:00Z')
  await insert(store, '佐藤 花子', '2026-11-21T02:00:00Z')
  const before = await store.list()
  run(dump, url)
  await insert(store, '後から 来た', '2026-11-22T03:00:00Z')
  t.equal((await store.list()).length, 3)
  await store.close()
  run(restore, url) // the replicas stopped: no pool open
  const restored = await pgStores(url, { poolSize: 2 })
  t.same(await restored.list(), before, 'the database is the dump\'s again: the later inquiry is gone')
  await restored.close()
  const empty = await freshPgDatabase(postgres, 'restore')
  run(restore, empty)
  const moved = await pgStores(empty, { poolSize: 2 })
  t.same(await moved.list(), before, 'restored into an empty database')
  const next = await insert(moved, '新しい 問い合わせ', '2026-11-23T04:00:00Z')
  t.ok(next.created && !before.some((r) => r.id === next.id), 'and the site keeps storing there')
  t.equal((await moved.list()).length, 3)
  await moved.close()
})
