// Enrolment and sign-in in Chromium, keyboard and pointer as a person would: a passkey through Chromium's
// virtual authenticator (DevTools protocol, WebAuthn domain), and a password with TOTP codes and a recovery
// code. Accounts come from the built CLI (node dist/server/staff.js), as an operator makes them. axe checks
// every staff page on the way, in both themes.
import t, { type Test } from 'tap'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { generate } from 'otplib'
import type { Page } from 'playwright-core'
import { launchBrowser, startServer, watchConsole } from './browser'

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** A port free now: the site must know its origin (SITE_URL, the passkeys' relying party) before it starts. */
const port = await new Promise<number>((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address() as { port: number }
    probe.close(() => resolve(port))
  })
})
const SITE_URL = `http://localhost:${port}`
const DATA_DIR = mkdtempSync(join(tmpdir(), 'staff-e2e-'))
const env = { SITE_URL, DATA_DIR, PORT: String(port) }
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

async function axeInBothThemes(t: Test, page: Page, what: string) {
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

const hydrated = (page: Page) => page.waitForSelector('html[data-hydrated="true"]')

async function signOut(page: Page) {
  await page.click('.staff-user > summary')
  await page.click('.staff-user__sign-out button')
  await page.waitForURL(/\/admin\/sign-in\?signedOut=1$/)
}

t.test('a passkey: enrolled with the link, then signing in with it', async (t) => {
  const context = await browser.newContext({ locale: 'ja-JP' })
  t.teardown(() => context.close())
  const page = await context.newPage()
  const problems = watchConsole(page)
  const cdp = await context.newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  })
  await page.goto(addAccount('passkey@example.test', 'admin', '鍵 太郎'))
  await hydrated(page)
  await axeInBothThemes(t, page, 'the enrolment page')
  await page.click('[data-enrol-passkey]')
  await page.waitForURL(`${SITE_URL}/admin`)
  await page.waitForSelector('text=鍵 太郎')
  await hydrated(page)
  await axeInBothThemes(t, page, 'the staff home')
  const cookies = await context.cookies()
  const session = cookies.find((c) => c.name === '__Host-staff')
  t.ok(session, 'the session cookie')
  t.same([session?.httpOnly, session?.secure, session?.sameSite, session?.path], [true, true, 'Strict', '/'])
  // Signed out, the sign-in page asks the browser for its autofill prompt (conditional mediation): the
  // virtual authenticator answers it as a person picking the passkey there would, and the page goes on.
  await signOut(page)
  await page.waitForURL(`${SITE_URL}/admin`)
  await page.waitForSelector('text=鍵 太郎')
  t.pass('signed in again through the autofill prompt')
  t.same(problems, [], 'no console error')
})

t.test('the passkey button, where the browser has no autofill prompt', async (t) => {
  const context = await browser.newContext({ locale: 'en-US' })
  t.teardown(() => context.close())
  // A browser without conditional mediation (older Safari, Firefox before 119): only the button works.
  await context.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = async () => false
  })
  const page = await context.newPage()
  const problems = watchConsole(page)
  const cdp = await context.newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  })
  await page.goto(addAccount('button@example.test', 'responder', 'Ken Button'))
  await hydrated(page)
  await page.click('[data-enrol-passkey]')
  await page.waitForURL(`${SITE_URL}/admin`)
  await signOut(page)
  await hydrated(page)
  await axeInBothThemes(t, page, 'the sign-in page, signed out')
  await page.focus('[data-passkey]')
  await page.keyboard.press('Enter')
  await page.waitForURL(`${SITE_URL}/admin`)
  await page.waitForSelector('text=Ken Button')
  t.pass('signed in with the button, by keyboard')
  t.same(problems, [], 'no console error')
})

t.test('a password and TOTP codes, and a recovery code', async (t) => {
  const context = await browser.newContext({ locale: 'en-US' })
  t.teardown(() => context.close())
  const page = await context.newPage()
  const problems = watchConsole(page)
  await page.goto(addAccount('totp@example.test', 'editor', 'Hana Sato'))
  await hydrated(page)
  const uri = new URL((await page.textContent('[data-otpauth-uri]'))!)
  t.equal(uri.protocol, 'otpauth:')
  const secret = uri.searchParams.get('secret')!
  const password = 'a long enough passphrase 2026'
  await page.fill('input[autocomplete="new-password"][name="password"]', password)
  await page.fill('input[autocomplete="new-password"][name="confirm"]', password)
  await page.fill('input[autocomplete="one-time-code"]', await generate({ secret, epoch: Math.floor(Date.now() / 1000) }))
  await page.keyboard.press('Enter')
  await page.waitForSelector('[data-recovery-codes]')
  const codes = await page.$$eval('[data-recovery-codes] code', (els) => els.map((e) => e.textContent ?? ''))
  t.equal(codes.length, 10, 'ten recovery codes, shown once')
  await hydrated(page)
  await axeInBothThemes(t, page, 'the recovery codes')
  await page.click('a[href="/admin"]')
  await page.waitForSelector('text=Hana Sato')
  await page.goto(`${SITE_URL}/admin/sessions`)
  await hydrated(page)
  await axeInBothThemes(t, page, 'the sessions page')
  await signOut(page)

  const signIn = async (code: string) => {
    await page.fill('input[autocomplete="username webauthn"]', 'totp@example.test')
    await page.fill('input[autocomplete="current-password"]', password)
    await page.fill('input[autocomplete="one-time-code"]', code)
    await page.keyboard.press('Enter')
  }
  // The next time step's code: the enrolment's step was used, and each code works once.
  await signIn(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }))
  await page.waitForURL(`${SITE_URL}/admin`)
  await page.waitForSelector('text=Hana Sato')
  await signOut(page)
  await signIn(codes[0]!)
  await page.waitForURL(`${SITE_URL}/admin`)
  t.pass('signed in with a recovery code')
  await signOut(page)
  await signIn(codes[0]!)
  await page.waitForSelector('[data-notice="failed"]')
  t.pass('the same recovery code twice: refused')
  t.same(problems.filter((p) => !p.includes('status of 401')), [], 'no console error')
})
