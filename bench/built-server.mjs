// Shared by the browser bench scripts (lighthouse.mjs, screenshots.mjs): start the built server
// (dist/server/index.js, as `npm start` would) on a free loopback port with the shipped content and a
// throw-away DATA_DIR, and the Chromium flags that keep the browser off every outside host.
import { spawn } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort, track } from '../scripts/engines.mjs'
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

/**
 * Starts the built server with CONTENT_DIR=content, a temporary DATA_DIR, MEDIA_WARM=off and SITE_URL set to its own
 * origin (so canonical and hreflang URLs are real, same-origin ones). Resolves once /readyz answers 200.
 * It runs from a copy of dist/ (DIST_DIR), so a `node build.mjs` during a long run changes nothing under it;
 * the copy sits under node_modules/.cache so the server still resolves its packages.
 * Options: `port` (default: a free one), `logs` (keep its stdout, the JSON log lines, for `output()`),
 * `nodeFlags` (more Node flags before `npm start`'s, e.g. a `--require` preload of a bench), `dist` (the build to run:
 * another release's, scripts/releases.mjs buildRelease, for the upgrade test).
 * `stop(signal = 'SIGTERM')` resolves with the exit `{ code, signal }` once the process is gone.
 */
export async function startBuiltServer(env = {}, { timeoutMs = 20_000, port = 0, logs = false, nodeFlags = [], dist = 'dist' } = {}) {
  port ||= await freePort()
  const origin = `http://127.0.0.1:${port}`
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-site-'))
  mkdirSync('node_modules/.cache', { recursive: true })
  const distDir = mkdtempSync('node_modules/.cache/bench-dist-')
  cpSync(dist, distDir, { recursive: true })
  const child = spawn(process.execPath, [...nodeFlags, ...serverArgs(join(distDir, 'server/index.js'))], {
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
      // Image variants made on request, as before MEDIA_WARM: a warm of content/ takes minutes of CPU on a small
      // machine and would run under every measurement; bench/image-variants.mjs turns it on.
      MEDIA_WARM: 'off',
      ...env,
    },
    stdio: ['ignore', logs ? 'pipe' : 'ignore', 'pipe'],
  })
  track(child)
  let stderr = ''
  let stdout = ''
  child.stderr.on('data', (d) => (stderr += d))
  child.stdout?.on('data', (d) => {
    stdout += d
    if (stdout.length > 4_000_000) stdout = stdout.slice(stdout.indexOf('\n', stdout.length - 2_000_000) + 1)
  })
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })))
  const cleanup = () => {
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(distDir, { recursive: true, force: true })
  }
  const stop = async (signal = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    const result = await exited
    cleanup()
    return result
  }
  const output = () => stdout + stderr
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      cleanup()
      throw new Error(`server exited with ${child.exitCode}: ${stderr}`)
    }
    const res = await fetch(`${origin}/readyz`).catch(() => null)
    if (res?.ok) return { origin, port, child, stop, exited, output }
    await new Promise((r) => setTimeout(r, 50))
  }
  await stop('SIGKILL')
  throw new Error(`server did not become ready in ${timeoutMs} ms: ${output().slice(-4000)}`)
}
