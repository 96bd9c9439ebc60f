import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { spawn, type ChildProcess } from 'node:child_process'
import { chromium, type Browser, type Page } from 'playwright-core'
import chromeFlags from '../../bench/chrome-flags.json' with { type: 'json' }

/** Debian's Chromium, or CHROME_PATH when set; flags keep it off every outside host. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    // The flags that keep Chromium on loopback, shared with the bench scripts.
    args: chromeFlags,
  })
}

export interface RunningServer {
  origin: string
  process: ChildProcess
  stop: () => Promise<void>
}

/** Starts the built server (dist/) on a free port, as `npm start` would. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const child = spawn(process.execPath, ['dist/server/index.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      CONTENT_DIR: 'test/fixtures/content',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'site-e2e-')),
      // Variants on request only, as before: a warm of the fixtures at each start would cost seconds of CPU.
      MEDIA_WARM: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stderr = ''
  child.stderr!.on('data', (d) => (stderr += d))
  const origin = await new Promise<string>((resolve, reject) => {
    let buffer = ''
    // A deadline only (the wait itself is for the "listening" line): generous for a busy machine.
    const timer = setTimeout(() => reject(new Error(`server did not start: ${stderr}`)), 60_000)
    child.stdout!.on('data', (d) => {
      buffer += d
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(buffer)
      if (m) {
        clearTimeout(timer)
        resolve(m[1]!)
      }
    })
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${stderr}`)))
  })
  child.stdout!.resume()
  return {
    origin,
    process: child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

/** A browser suite's server and browser, both closed when the suite ends. */
export async function openSuite(t: { teardown: (fn: () => unknown) => void }, env: Record<string, string> = {}) {
  const server = await startServer(env)
  const browser = await launchBrowser()
  t.teardown(async () => {
    await browser.close()
    await server.stop()
  })
  return { server, browser }
}

/** Collects console errors/warnings and uncaught page errors (hydration mismatches land here). */
export function watchConsole(page: Page): string[] {
  const problems: string[] = []
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`${msg.type()}: ${msg.text()}`)
  })
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`))
  return problems
}
