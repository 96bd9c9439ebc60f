// What the staff browser suites share: the built server on a port known before it starts (SITE_URL is the
// passkeys' relying party), accounts made by the built CLI, Chromium's virtual authenticator, axe in both
// themes, signing out through the user menu.
import type { Test } from 'tap'
import { spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import { generate } from 'otplib'
import { launchBrowser, startServer, watchConsole } from './browser'
import { FIXTURE_CONTENT } from '../helper'

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** A port free now: the site must know its origin (SITE_URL, the passkeys' relying party) before it starts. */
function freePort(): Promise<number> {
  return new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

/** The built server on its own data directory (and `moreEnv` settings) and a browser, both closed when the suite ends. */
export async function openStaffSuite(t: { teardown: (fn: () => unknown) => void }, dataDirPrefix: string, moreEnv: Record<string, string> = {}) {
  const port = await freePort()
  const SITE_URL = `http://localhost:${port}`
  const env = { ...moreEnv, SITE_URL, DATA_DIR: mkdtempSync(join(tmpdir(), dataDirPrefix)), PORT: String(port) }
  const server = await startServer(env)
  const browser = await launchBrowser()
  t.teardown(async () => {
    await browser.close()
    await server.stop()
  })
  /** `node dist/server/staff.js add …`: the enrolment link it prints. */
  function addAccount(email: string, role: string, name: string): string {
    const res = spawnSync(process.execPath, ['dist/server/staff.js', 'add', email, '--role', role, '--name', name], { encoding: 'utf8', env: { ...process.env, ...env, DATABASE_URL: '' } })
    const link = new RegExp(`^${SITE_URL}/admin/enrol/[A-Za-z0-9_-]{43}$`, 'm').exec(res.stdout)?.[0]
    if (!link) throw new Error(`no link: ${res.stdout} ${res.stderr}`)
    return link
  }
  /** An account made by the CLI, enrolled with a passkey (the virtual authenticator) in a new context closed
   *  with the test: its page, signed in on /admin, and the console's errors from the start. */
  async function enrolledPage(t: { teardown: (fn: () => unknown) => void }, email: string, role: string, name: string, contextOptions: BrowserContextOptions = {}) {
    const link = addAccount(email, role, name)
    const context = await browser.newContext(contextOptions)
    t.teardown(() => context.close())
    const page = await context.newPage()
    const problems = watchConsole(page)
    await addVirtualAuthenticator(context, page)
    await page.goto(link)
    await hydrated(page)
    await page.click('[data-enrol-passkey]')
    await page.waitForURL(`${SITE_URL}/admin`)
    return { context, page, problems }
  }
  return { SITE_URL, server, browser, addAccount, enrolledPage, dataDir: env.DATA_DIR }
}

export async function axeInBothThemes(t: Test, page: Page, what: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await page.evaluate(axeSource)
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe
      const r = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] } })
      return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)
    })
    t.same(violations, [], `${what} (${colorScheme}): no axe violations`)
  }
}

export const hydrated = (page: Page) => page.waitForSelector('html[data-hydrated="true"]')

/** Chromium's virtual authenticator (DevTools protocol, WebAuthn domain) for the page: a passkey a person confirms. */
export async function addVirtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  })
  return { cdp, authenticatorId }
}

/** On an enrolment page: a password and the current TOTP code, up to the recovery codes. */
export async function enrolWithPassword(page: Page) {
  const uri = new URL((await page.textContent('[data-otpauth-uri]'))!)
  const secret = uri.searchParams.get('secret')!
  const password = 'a long enough passphrase 2026'
  await page.fill('input[autocomplete="new-password"][name="password"]', password)
  await page.fill('input[autocomplete="new-password"][name="confirm"]', password)
  await page.fill('input[autocomplete="one-time-code"]', await generate({ secret, epoch: Math.floor(Date.now() / 1000) }))
  await page.keyboard.press('Enter')
  await page.waitForSelector('[data-recovery-codes]')
  return { uri, secret, password }
}

export async function signOut(page: Page) {
  await page.click('.staff-user > summary')
  await page.click('.staff-user__sign-out button')
  await page.waitForURL(/\/admin\/sign-in\?signedOut=1$/)
}

/** A throwaway copy of the fixture content, for a suite's server to serve and its editors to write; removed when the suite ends. */
export function contentCopy(t: { teardown: (fn: () => unknown) => void }, prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  cpSync(FIXTURE_CONTENT, dir, { recursive: true })
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

/** The widths a person looks at a staff page in: phone, small laptop, laptop, desktop. */
export const SHOT_WIDTHS = [390, 1024, 1366, 1920] as const

/**
 * Opt-in pictures for a person to look at (STAFF_SCREENSHOTS=<folder>): the whole page at each of SHOT_WIDTHS
 * in the light theme, `<name>-<width>.png`, then the viewport back at 1366×900. Without the variable, nothing.
 */
export async function screenshots(page: Page, name: string): Promise<void> {
  const dir = process.env.STAFF_SCREENSHOTS
  if (!dir) return
  mkdirSync(dir, { recursive: true })
  await page.emulateMedia({ colorScheme: 'light' })
  for (const width of SHOT_WIDTHS) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 })
    await page.screenshot({ path: join(dir, `${name}-${width}.png`), fullPage: true })
  }
  await page.setViewportSize({ width: 1366, height: 900 })
}
