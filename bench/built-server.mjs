// Shared by the browser bench scripts (lighthouse.mjs, screenshots.mjs): start the built server
// (dist/server/index.js, as `npm start` would) on a free loopback port with the shipped content and a
// throw-away DATA_DIR, and the Chromium flags that keep the browser off every outside host.
import { spawn } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { serverArgs } from './node-args.mjs'
import chromeFlags from './chrome-flags.json' with { type: 'json' }

/** Debian's Chromium unless CHROME_PATH says otherwise. */
export const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium'

/**
 * Flags for every headless Chromium these scripts start (no network but loopback, no background traffic);
 * the browser tests use the same list (test/e2e/browser.ts).
 */
export const CHROME_FLAGS = ['--headless', ...chromeFlags]

/** Reads `--name value` (or `fallback`) from the command line. */
export function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`)
  return i === -1 ? fallback : process.argv[i + 1]
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
}

/**
 * Starts the built server with CONTENT_DIR=content, a temporary DATA_DIR and SITE_URL set to its own
 * origin (so canonical and hreflang URLs are real, same-origin ones). Resolves once /readyz answers 200.
 * It runs from a copy of dist/ (DIST_DIR), so a `node build.mjs` during a long run changes nothing under it;
 * the copy sits under node_modules/.cache so the server still resolves its packages.
 */
export async function startBuiltServer(env = {}, { timeoutMs = 20_000 } = {}) {
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-site-'))
  mkdirSync('node_modules/.cache', { recursive: true })
  const distDir = mkdtempSync('node_modules/.cache/bench-dist-')
  cpSync('dist', distDir, { recursive: true })
  const child = spawn(process.execPath, serverArgs(join(distDir, 'server/index.js')), {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      SITE_URL: origin,
      LOG_LEVEL: 'warn',
      CONTENT_DIR: 'content',
      DATA_DIR: dataDir,
      DIST_DIR: distDir,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr.on('data', (d) => (stderr += d))
  const stop = () =>
    new Promise((resolve) => {
      const done = () => {
        rmSync(dataDir, { recursive: true, force: true })
        rmSync(distDir, { recursive: true, force: true })
        resolve()
      }
      if (child.exitCode !== null || child.signalCode !== null) return done()
      child.once('exit', done)
      child.kill('SIGTERM')
    })
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${stderr}`)
    const res = await fetch(`${origin}/readyz`).catch(() => null)
    if (res?.ok) return { origin, child, stop }
    await new Promise((r) => setTimeout(r, 50))
  }
  await stop()
  throw new Error(`server did not become ready in ${timeoutMs} ms: ${stderr}`)
}
