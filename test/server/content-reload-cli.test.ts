// `npm run content:reload` (dist/server/content-reload.js) against built servers as real processes: it
// reaches the server of its DATA_DIR and PORT and no other process, even one whose command line names
// dist/server/index.js as the server's does (what `pkill -HUP -f` would also hit), reports the outcome,
// and says clearly when there is no server or the pid file is stale.
import t from 'tap'
import { execFile, spawn } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startBuiltServer } from '../../bench/built-server.mjs'
import { FIXTURE_CONTENT } from '../helper'
import { until } from './save-styles'

function tempDir(t: { teardown: (fn: () => unknown) => void }, prefix: string, from?: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  if (from) cpSync(from, dir, { recursive: true })
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

/** Runs a command with the site's settings; resolves with its exit code and output. */
function run(cmd: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(cmd, args, { env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', npm_config_update_notifier: 'false', ...env }, timeout: 60_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? Number((err as { code?: unknown }).code ?? 1) : 0, stdout, stderr }),
    )
  })
}
const reload = (site: { dataDir: string; port: number }, ...args: string[]) =>
  run(process.execPath, ['dist/server/content-reload.js', ...args], { DATA_DIR: site.dataDir, PORT: String(site.port) })

/** A process whose command line names dist/server/index.js, printing each signal it gets. */
function decoy(t: { teardown: (fn: () => unknown) => void }) {
  const script = `for (const s of ['SIGHUP', 'SIGUSR2']) process.on(s, () => console.log(s)); console.log('ready'); setInterval(() => {}, 1e6)`
  const child = spawn(process.execPath, ['-e', script, 'dist/server/index.js'], { stdio: ['ignore', 'pipe', 'ignore'] })
  t.teardown(() => child.kill('SIGKILL'))
  let out = ''
  child.stdout!.on('data', (d) => (out += d))
  return {
    pid: child.pid!,
    ready: () => until('the decoy', () => out.includes('ready'), 10_000),
    /** The signals it got before a SIGUSR2 sent now (signals sent earlier are handled before it). */
    async signals() {
      const before = out.split('\n').filter((l) => l === 'SIGUSR2').length
      child.kill('SIGUSR2')
      await until('the probe signal', () => out.split('\n').filter((l) => l === 'SIGUSR2').length > before, 10_000)
      return out.split('\n').filter((l) => l === 'SIGHUP')
    },
  }
}

const h1 = async (origin: string, path = '/en/about') => /<h1[^>]*>(.*?)<\/h1>/s.exec(await (await fetch(origin + path)).text())?.[1]?.replace(/<[^>]+>/g, '')
const edit = (dir: string, from: string, to: string) => {
  const file = join(dir, 'pages/about.en.md')
  writeFileSync(file, readFileSync(file, 'utf8').replace(from, to))
}

async function site(t: { teardown: (fn: () => unknown) => void }) {
  const dataDir = tempDir(t, 'reload-data-')
  const contentDir = tempDir(t, 'reload-content-', FIXTURE_CONTENT)
  const server = await startBuiltServer({ CONTENT_DIR: contentDir, DATA_DIR: dataDir, LOG_LEVEL: 'info' }, { logs: true, timeoutMs: 60_000 })
  t.teardown(() => server.stop('SIGKILL'))
  const pidFile = join(dataDir, `server-${server.port}.pid`)
  await until('the pid file', () => existsSync(pidFile), 10_000)
  return { ...server, dataDir, contentDir, pidFile }
}

t.test('reaches this site only: not a second site, not a process with the same command line', async (t) => {
  const a = await site(t)
  const b = await site(t)
  const other = decoy(t)
  await other.ready()
  t.match(readFileSync(`/proc/${other.pid}/cmdline`, 'utf8'), 'dist/server/index.js', "the decoy's command line matches `pkill -f 'dist/server/index.js'`")
  t.equal(JSON.parse(readFileSync(a.pidFile, 'utf8')).pid, a.child.pid, 'DATA_DIR/server-<PORT>.pid names the server')

  edit(a.contentDir, 'title: Company', 'title: Company A2')
  edit(b.contentDir, 'title: Company', 'title: Company B2')
  const first = await reload(a)
  t.equal(first.code, 0, `exit 0: ${first.stderr}`)
  t.match(first.stdout, /reload sent to the server \(pid \d+, port \d+\)/)
  t.match(first.stdout, /content reloaded: version [0-9a-f]+ served/)
  t.equal(await h1(a.origin), 'Company A2', 'the site serves the change')
  t.equal(await h1(b.origin), 'Company', 'the second site was not reloaded')
  t.same(await other.signals(), [], 'the process with the same command line got no signal')
  t.equal(a.child.exitCode, null, 'the server still runs (no restart)')

  // Broken content: the server refuses it, and the command says why and fails.
  writeFileSync(join(a.contentDir, 'news/broken.en.md'), '---\ntitle: Broken\ndate: "2026-02-30"\ncategory: notice\nexcerpt: x\n---\nBody\n')
  edit(a.contentDir, 'title: Company A2', 'title: Company A3')
  const refused = await reload(a)
  t.equal(refused.code, 1, 'exit 1')
  t.match(refused.stderr, /content error: news\/broken\.en\.md: date: must be a real date/, 'the problem, as the log says it')
  t.match(refused.stderr, /refused, 1 problem\(s\): the site still serves its previous content/)
  t.equal(await h1(a.origin), 'Company A2', 'the previous content is still served')

  // Through npm, as an operator on the host runs it.
  const npm = await run('npm', ['run', '--silent', 'content:reload'], { DATA_DIR: b.dataDir, PORT: String(b.port) })
  t.equal(npm.code, 0, `npm run content:reload: exit 0 ${npm.stderr}`)
  t.equal(await h1(b.origin), 'Company B2', 'the second site serves its change once reloaded itself')
  t.equal(await h1(a.origin), 'Company A2', 'and the first one was left alone')
  t.same(await other.signals(), [], 'still no signal to the other process')

  // A clean stop removes the pid file.
  await b.stop('SIGTERM')
  t.notOk(existsSync(b.pidFile), 'removed when the server stops')
  const none = await reload(b)
  t.equal(none.code, 1)
  t.match(none.stderr, /no server of this site is running with DATA_DIR .*, PORT \d+ \(no .*server-\d+\.pid\)/)
})

t.test('a stale pid file: nothing is signalled, and the message says why', async (t) => {
  const a = await site(t)
  const other = decoy(t)
  await other.ready()
  const record = readFileSync(a.pidFile, 'utf8')
  await a.stop('SIGKILL') // no shutdown: the file stays behind
  t.ok(existsSync(a.pidFile), 'a killed server leaves its pid file')
  const gone = await reload(a)
  t.equal(gone.code, 1)
  t.match(gone.stderr, new RegExp(`names process ${a.child.pid}, which is not running: .*Start the server; nothing was signalled`))

  // Its pid given to another program since (the decoy stands in for it): told apart by its start time.
  writeFileSync(a.pidFile, JSON.stringify({ ...JSON.parse(record), pid: other.pid }))
  const reused = await reload(a)
  t.equal(reused.code, 1)
  t.match(reused.stderr, new RegExp(`names process ${other.pid}, which is now another program`))
  t.same(await other.signals(), [], 'the other program got no signal')

  const usage = await reload(a, '--bogus')
  t.equal(usage.code, 2, 'a wrong command line: exit 2')
  t.match(usage.stderr, /usage: content-reload/)
})
