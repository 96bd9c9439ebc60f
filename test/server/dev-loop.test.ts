import t, { type Test } from 'tap'
import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gitContent, save, SAVE_STYLES } from './save-styles'

// The documented ways of starting the site (`npm start`, `npm run dev`) as a user runs them: through
// npm, stopped by a signal to npm's PID. npm start serves dist/ (`node build.mjs` first); npm run dev
// builds into its own folder here (--outdir), never into dist/.

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as { port: number }
  await new Promise((resolve) => probe.close(resolve))
  return port
}

async function until<T>(what: string, fn: () => Promise<T | undefined> | T | undefined, ms = 60_000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const value = await fn()
    if (value !== undefined && value !== false) return value
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await pause(200)
  }
}

/** The page at `path`, or undefined while nothing answers. */
async function get(port: number, path: string) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}${path}`)
    return { status: res.status, text: await res.text() }
  } catch {
    return undefined
  }
}

/** Every process below `pid` (from /proc), so a server left behind is found even if its parent exited. */
function descendants(pid: number): number[] {
  const children = (p: number) => {
    try {
      return readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number)
    } catch {
      return []
    }
  }
  return children(pid).flatMap((c) => [c, ...descendants(c)])
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** Runs `npm <args>` with the test's settings; killed (with what it started) at the test's end. */
function npm(t: Test, args: string[], env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'dev-loop-data-'))
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }))
  const child: ChildProcess = spawn('npm', args, {
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'info', CONTENT_DIR: 'test/fixtures/content', DATA_DIR: dataDir, npm_config_update_notifier: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group, as in a terminal, where Ctrl+C signals the whole group
  })
  let output = ''
  child.stdout!.on('data', (d) => (output += d))
  child.stderr!.on('data', (d) => (output += d))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const seen = new Set<number>()
  const track = () => descendants(child.pid!).forEach((p) => seen.add(p))
  t.teardown(async () => {
    track()
    for (const pid of [child.pid!, ...seen]) if (alive(pid)) process.kill(pid, 'SIGKILL')
    await pause(100)
  })
  return { child, exited, track, seen, output: () => output }
}

/** Signals npm's PID and checks that npm, the server and everything between exit and the port is free. */
async function stopsCleanly(t: Test, run: ReturnType<typeof npm>, port: number, signal: NodeJS.Signals, { group = false } = {}) {
  run.track()
  const serverPids = [...run.seen]
  t.ok(serverPids.length > 0, `npm started processes (${serverPids.join(' ')})`)
  const before = run.output().length
  if (group) process.kill(-run.child.pid!, signal)
  else run.child.kill(signal)
  const timeout = setTimeout(() => run.child.kill('SIGKILL'), 30_000)
  const code = await run.exited
  clearTimeout(timeout)
  t.not(code, null, `npm exited by itself after ${signal}`)
  await until('the processes npm started to exit', () => serverPids.every((p) => !alive(p)) || undefined, 10_000).catch(() => undefined)
  t.same(serverPids.filter(alive), [], 'no process npm started is left running')
  t.equal(await get(port, '/healthz'), undefined, 'the port is released')
  const after = run.output().slice(before)
  t.match(after, /"msg":"closed"/, 'the server shut down cleanly (drained, database closed)')
  t.notMatch(after, /second SIG/, 'the server got one stop signal')
}

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  t.test(`npm start stops on ${signal} to npm's PID`, async (t) => {
    const port = await freePort()
    const run = npm(t, ['start'], { PORT: String(port), NODE_ENV: 'production' })
    await until('npm start to listen', async () => (await get(port, '/healthz'))?.status === 200 || undefined)
    await stopsCleanly(t, run, port, signal)
  })
}

t.test('npm start refuses a development build with one line', async (t) => {
  const devDist = mkdtempSync(join(tmpdir(), 'dev-dist-'))
  t.teardown(() => rmSync(devDist, { recursive: true, force: true }))
  const manifest = JSON.parse(readFileSync('dist/manifest.json', 'utf8'))
  t.equal(manifest.mode, 'production', 'npm run build marks its manifest as a production build')
  writeFileSync(join(devDist, 'manifest.json'), JSON.stringify({ ...manifest, mode: 'development' }))
  const run = npm(t, ['start', '--silent'], { PORT: String(await freePort()), NODE_ENV: 'production', DIST_DIR: devDist })
  let deadline: NodeJS.Timeout | undefined
  const stillRunning = new Promise<string>((resolve) => (deadline = setTimeout(() => resolve('still running'), 20_000)))
  t.equal(await Promise.race([run.exited, stillRunning]), 1, 'exit 1')
  clearTimeout(deadline) // a pending timer would keep this file's process alive 20 s
  const errors = run.output().split('\n').filter((l) => /error/.test(l))
  t.same(errors, [`config error: DIST_DIR: ${devDist} holds a development build (npm run dev); run npm run build`], 'one clear line')
})

t.test('the production bundle has none of the development reload code', async (t) => {
  const assets = join('dist', 'public', 'assets')
  const scripts = readdirSync(assets).filter((f) => f.endsWith('.js'))
  t.ok(scripts.length > 0, 'dist/ holds a production build')
  t.same(scripts.filter((f) => /\[dev\]|DEV_CHECK/.test(readFileSync(join(assets, f), 'utf8'))), [], 'no file mentions it')
})

t.test('npm run dev: own build folder, content edits, an error page while content is broken, SIGTERM stops it all', async (t) => {
  mkdirSync('.tap', { recursive: true })
  const outdir = mkdtempSync(join('.tap', 'dist-dev-'))
  const content = mkdtempSync(join(tmpdir(), 'dev-content-'))
  cpSync('test/fixtures/content', content, { recursive: true })
  const distManifest = statSync('dist/manifest.json').mtimeMs
  const port = await freePort()
  const run = npm(t, ['run', 'dev', '--', `--outdir=${outdir}`], { PORT: String(port), CONTENT_DIR: content, NODE_ENV: 'test' })
  // After npm's teardown (teardowns run in order): a watcher still running would rebuild a removed folder.
  t.teardown(() => {
    rmSync(outdir, { recursive: true, force: true })
    rmSync(content, { recursive: true, force: true })
  })
  const page = () => get(port, '/en/about')
  await until('npm run dev to serve', async () => (await page())?.status === 200 || undefined, 90_000)
  const manifest = JSON.parse(readFileSync(join(outdir, 'manifest.json'), 'utf8'))
  t.equal(manifest.mode, 'development', 'the dev manifest is marked development')
  t.equal(statSync('dist/manifest.json').mtimeMs, distManifest, 'dist/ is untouched')
  const bundle = readFileSync(join(outdir, 'public', manifest.js), 'utf8')
  t.match(bundle, /\[dev\] reloading this tab/, 'the dev bundle reloads the tab on a new build')
  const buildId = async () => JSON.parse((await get(port, '/_build/latest.json'))?.text ?? '{}').id as string | undefined
  const firstId = await buildId()

  const about = join(content, 'pages', 'about.en.md')
  const original = readFileSync(about, 'utf8')
  writeFileSync(about, original.replace('## Company heading', '## Edited heading in dev'))
  await until('the edit to show', async () => (await page())?.text.includes('Edited heading in dev') || undefined)
  t.pass('a content edit shows without a restart by hand')
  t.not(await buildId(), firstId, 'the build id changed: open tabs reload')

  writeFileSync(about, original.replace(/^title: .*$/m, 'title: [unclosed'))
  const broken = await until('the error page', async () => {
    const res = await page()
    return res?.status === 500 && res.text.includes('did not start') ? res : undefined
  })
  t.match(broken.text, /content error: .*about\.en\.md/, 'the error page lists the problem, naming the file')
  t.match(run.output(), /content error: .*about\.en\.md/, 'and so does the terminal')
  t.match(broken.text, /http-equiv="refresh"/, 'the error page reloads itself')

  writeFileSync(about, original)
  await until('recovery', async () => (await page())?.text.includes('Company heading') || undefined)
  t.pass('fixing the file brings the site back')
  await stopsCleanly(t, run, port, 'SIGTERM')
})

// Ends as a person ends it in a terminal: Ctrl+C, SIGINT to the whole process group (the test above stops
// npm run dev with SIGTERM to npm's PID).
t.test('npm run dev: every save style, repeated, is served; a fixed date recovers without touching locales/; Ctrl+C stops it', async (t) => {
  mkdirSync('.tap', { recursive: true })
  const outdir = mkdtempSync(join('.tap', 'dist-dev-'))
  const repo = gitContent(t, 'test/fixtures/content')
  const port = await freePort()
  const run = npm(t, ['run', 'dev', '--', `--outdir=${outdir}`], { PORT: String(port), CONTENT_DIR: repo.dir, NODE_ENV: 'test' })
  t.teardown(() => rmSync(outdir, { recursive: true, force: true }))
  const h1 = async (path: string) => /<h1[^>]*>(.*?)<\/h1>/s.exec((await get(port, path))?.text ?? '')?.[1]?.replace(/<[^>]+>/g, '')
  await until('npm run dev to serve', async () => (await get(port, '/en/about'))?.status === 200 || undefined, 90_000)

  // Twice over (each save restarts the server, a few seconds each; the server's own test does three rounds).
  const ROUNDS = 2
  const about = join(repo.dir, 'pages/about.en.md')
  let title = 'Company'
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [i, style] of SAVE_STYLES.entries()) {
      const next = `Company ${round} ${i}`
      save(style, about, `title: ${title}`, `title: ${next}`)
      await until(`${style.name}, round ${round}`, async () => (await h1('/en/about')) === next || undefined)
      t.pass(`${style.name}, round ${round}: served`)
      title = next
    }
    writeFileSync(join(repo.dir, `news/2026-03-added-${round}.en.md`), `---\ntitle: Added ${round}\ndate: "2026-03-0${round}"\ncategory: notice\nexcerpt: New.\n---\n\nBody.\n`)
    await until(`new article ${round}`, async () => (await get(port, `/en/news/2026-03-added-${round}`))?.status === 200 || undefined)
    repo.pull('pages/service.en.md', round === 1 ? 'title: Services' : `title: Services ${round - 1}`, `title: Services ${round}`)
    await until(`git pull, round ${round}`, async () => (await h1('/en/service')) === `Services ${round}` || undefined)
    t.pass(`a new article and git pull, round ${round}: served`)
  }

  // A broken date stops the server: the error page names it; the fix (another save style) brings the site back.
  const article = join(repo.dir, 'news/2025-02-article-12.en.md')
  const locales = statSync('locales/en/units.json').mtimeMs
  for (let round = 1; round <= ROUNDS; round++) {
    const style = (k: number) => SAVE_STYLES[(round + k) % SAVE_STYLES.length]!
    save(style(0), article, 'date: "2025-02-15"', 'date: "2025-02-30"')
    const broken = await until(`the error page, round ${round}`, async () => {
      const res = await get(port, '/en/about')
      return res?.status === 500 && res.text.includes('did not start') ? res : undefined
    })
    t.match(broken.text, /content error: news\/2025-02-article-12\.en\.md: date: must be a real date/, `round ${round}: the error page names the file`)
    save(style(2), article, 'date: "2025-02-30"', 'date: "2025-02-15"')
    await until(`recovery, round ${round}`, async () => (await h1('/en/news/2025-02-article-12')) === 'News item 12' || undefined)
    t.pass(`round ${round}: the fixed file is served again`)
  }
  t.equal(statSync('locales/en/units.json').mtimeMs, locales, 'locales/ untouched')
  await stopsCleanly(t, run, port, 'SIGINT', { group: true })
})
