// One's own passkeys in Chromium (the virtual authenticator through the DevTools protocol's WebAuthn
// domain): an account enrolled with a password and TOTP adds a named passkey on /admin/security,
// confirms it is them with that passkey on /admin/confirm (re-authentication), and removes it through the
// confirmation dialog. axe checks both new pages in both themes.
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
const port = await new Promise<number>((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address() as { port: number }
    probe.close(() => resolve(port))
  })
})
const SITE_URL = `http://localhost:${port}`
const env = { SITE_URL, DATA_DIR: mkdtempSync(join(tmpdir(), 'staff-security-e2e-')), PORT: String(port) }
const server = await startServer(env)
const browser = await launchBrowser()
t.teardown(async () => {
  await browser.close()
  await server.stop()
})

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

for (const lang of ['ja', 'en'] as const) {
  t.test(`a passkey added, used to confirm, removed (${lang})`, async (t) => {
    const email = `security-${lang}@example.test`
    const res = spawnSync(process.execPath, ['dist/server/staff.js', 'add', email, '--role', 'editor', '--name', 'Sec Tester'], { encoding: 'utf8', env: { ...process.env, ...env, DATABASE_URL: '' } })
    const link = new RegExp(`^${SITE_URL}/admin/enrol/[A-Za-z0-9_-]{43}$`, 'm').exec(res.stdout)?.[0]
    t.ok(link, 'an enrolment link')
    const context = await browser.newContext({ locale: lang === 'ja' ? 'ja-JP' : 'en-US' })
    t.teardown(() => context.close())
    const page = await context.newPage()
    const problems = watchConsole(page)
    const cdp = await context.newCDPSession(page)
    await cdp.send('WebAuthn.enable')
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    })
    await page.goto(`${link}?lang=${lang}`)
    await hydrated(page)
    const secret = new URL((await page.textContent('[data-otpauth-uri]'))!).searchParams.get('secret')!
    const password = 'a long enough passphrase 2026'
    await page.fill('input[autocomplete="new-password"][name="password"]', password)
    await page.fill('input[autocomplete="new-password"][name="confirm"]', password)
    await page.fill('input[autocomplete="one-time-code"]', await generate({ secret, epoch: Math.floor(Date.now() / 1000) }))
    await page.keyboard.press('Enter')
    await page.waitForSelector('[data-recovery-codes]')

    await page.goto(`${SITE_URL}/admin`)
    await page.click('.staff-user > summary')
    await page.click('.staff-user__link[href="/admin/security"]')
    await page.waitForURL(`${SITE_URL}/admin/security`)
    await hydrated(page)
    await page.fill('#new-passkey-name', 'Work laptop')
    await page.click('[data-add-passkey]')
    await page.waitForURL(`${SITE_URL}/admin/security?notice=added`)
    await page.waitForSelector('tr[data-passkey-row="Work laptop"]')
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
    t.equal(credentials.length, 1, 'the authenticator holds the new passkey')
    await hydrated(page)
    await axeInBothThemes(t, page, 'the security page')

    await page.goto(`${SITE_URL}/admin/confirm?next=%2Fadmin%2Fsecurity`)
    await hydrated(page)
    await axeInBothThemes(t, page, 'the confirmation page')
    await page.click('[data-confirm-passkey]')
    await page.waitForURL(`${SITE_URL}/admin/security`)
    t.pass('confirmed with the passkey, back to the page')

    await hydrated(page)
    await page.click('tr[data-passkey-row="Work laptop"] form[data-op="remove"] button')
    await page.waitForSelector('dialog.confirm-dialog[open]')
    await page.click('dialog.confirm-dialog[open] .button--danger')
    await page.waitForSelector('[data-notice="removed"]')
    t.equal(await page.locator('tr[data-passkey-row]').count(), 0, 'removed')
    t.same(problems, [], 'no console error')
  })
}
