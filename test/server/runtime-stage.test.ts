import t from 'tap'
import { spawn, spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { imageAllocatorEnv } from './image-env'

// Reproduces the Dockerfile's runtime stage without Docker: a folder holding only what the image
// holds (package.json + lock, a production-only install, dist/ and content/), then starts it with the
// image's memory allocator (jemalloc preloaded). Proves the running server needs no dev dependency, and
// that sharp works under that allocator.
t.setTimeout(600_000)

t.test('the runtime stage runs with production dependencies only', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'runtime-stage-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  for (const item of ['package.json', 'package-lock.json', 'dist', 'content']) cpSync(item, join(dir, item), { recursive: true })
  // The install scripts are skipped: better-sqlite3's would compile its native addon again (a minute and more
  // of CPU, without a prebuilt download), so the one the repository's own install made is copied in, checked to
  // be of the same version; sharp's only checks that its prebuilt binary package (installed) is there.
  const install = spawnSync('npm', ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: dir, encoding: 'utf8', timeout: 480_000 })
  t.equal(install.status, 0, `npm ci --omit=dev: ${install.stderr.slice(-2000)}`)
  const sqlite = join('node_modules', 'better-sqlite3')
  const version = (root: string) => JSON.parse(readFileSync(join(root, sqlite, 'package.json'), 'utf8')).version as string
  t.equal(version(dir), version('.'), 'the same better-sqlite3 as the repository\'s install')
  const addon = join(sqlite, 'build', 'Release', 'better_sqlite3.node')
  cpSync(addon, join(dir, addon))
  for (const devOnly of ['esbuild', 'typescript', 'tsx', 'tap', 'playwright-core']) {
    t.notOk(existsSync(join(dir, 'node_modules', devOnly)), `${devOnly} is not installed`)
  }
  const data = join(dir, 'data')
  const child = spawn(process.execPath, ['dist/server/index.js'], {
    cwd: dir,
    env: { PATH: process.env.PATH, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0', DATA_DIR: data, ...imageAllocatorEnv() },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  t.teardown(() => child.kill('SIGKILL'))
  let stderr = ''
  child.stderr!.on('data', (d) => (stderr += d))
  const origin = await new Promise<string>((resolve, reject) => {
    let out = ''
    const timer = setTimeout(() => reject(new Error(`no start: ${stderr}`)), 30_000)
    child.stdout!.on('data', (d) => {
      out += d
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out)
      if (m) {
        clearTimeout(timer)
        resolve(m[1]!)
      }
    })
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${stderr}`)))
  })
  t.equal((await fetch(origin + '/healthz')).status, 200)
  const preloaded = imageAllocatorEnv().LD_PRELOAD
  if (preloaded) t.ok(readFileSync(`/proc/${child.pid}/maps`, 'utf8').includes(preloaded), `the image's allocator is loaded: ${preloaded}`)
  const page = await fetch(origin + '/en/construction-project')
  t.equal(page.status, 200)
  const html = await page.text()
  const variant = /\/media\/[0-9a-f]{16}\/[A-Za-z0-9_-]+-480\.webp/.exec(html)?.[0]
  t.ok(variant, 'the page references image variants')
  const image = await fetch(origin + variant)
  t.equal(image.status, 200, 'sharp works in the runtime stage')
  t.ok(existsSync(join(data, 'media')), 'writes only under DATA_DIR')
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
  child.kill('SIGTERM')
  t.equal(await exited, 0)
})
