// The admin pages in Chromium: an admin (made by the built CLI, enrolled with a passkey through the
// virtual authenticator) adds an account and gets its link, disables it through the confirmation dialog
// (Cancel focused first, Escape cancels), reads the audit log, creates a token; axe finds nothing on
// the accounts, audit and tokens pages in both themes; no console error (hydration, CSP).
import t, { type Test } from 'tap'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
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
const env = { SITE_URL, DATA_DIR: mkdtempSync(join(tmpdir(), 'staff-admin-e2e-')), PORT: String(port) }
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

t.test('accounts, audit and tokens in the browser', async (t) => {
  const res = spawnSync(process.execPath, ['dist/server/staff.js', 'add', 'boss@example.test', '--role', 'admin', '--name', '管理 太郎'], { encoding: 'utf8', env: { ...process.env, ...env, DATABASE_URL: '' } })
  const link = new RegExp(`^${SITE_URL}/admin/enrol/[A-Za-z0-9_-]{43}$`, 'm').exec(res.stdout)?.[0]
  if (!link) throw new Error(`no link: ${res.stdout} ${res.stderr}`)
  const context = await browser.newContext({ locale: 'ja-JP' })
  t.teardown(() => context.close())
  const page = await context.newPage()
  const problems = watchConsole(page)
  const cdp = await context.newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  })
  await page.goto(link)
  await hydrated(page)
  await page.click('[data-enrol-passkey]')
  await page.waitForURL(`${SITE_URL}/admin`)

  await page.goto(`${SITE_URL}/admin/accounts`)
  await hydrated(page)
  await page.fill('#account-email', 'new@example.test')
  await page.fill('#account-name', '新人 花子')
  await page.selectOption('#account-role', 'responder')
  await page.click('[data-form="add-account"] button[type="submit"]')
  await page.waitForSelector('#enrolment-link')
  await hydrated(page)
  t.match(await page.inputValue('#enrolment-link'), new RegExp(`^${SITE_URL}/admin/enrol/`), 'the link to copy')
  await axeInBothThemes(t, page, 'the accounts page with a new link')

  const disable = page.locator('tr[data-account="new@example.test"] form[data-op="disable"] button')
  await disable.click()
  await page.waitForSelector('dialog.confirm-dialog[open]')
  t.equal(await page.evaluate(() => document.activeElement?.closest('dialog') !== null && document.activeElement?.classList.contains('button--secondary')), true, 'Cancel focused first')
  await page.keyboard.press('Escape')
  await page.waitForSelector('dialog.confirm-dialog:not([open])', { state: 'attached' })
  t.equal(await page.locator('tr[data-account="new@example.test"] form[data-op="disable"]').count(), 1, 'Escape: nothing done')
  await disable.click()
  await page.click('dialog.confirm-dialog[open] .button--danger')
  await page.waitForSelector('[data-notice="disabled"]')
  await hydrated(page)
  t.equal(await page.locator('tr[data-account="new@example.test"] form[data-op="enable"]').count(), 1, 'disabled after the dialog')

  await page.goto(`${SITE_URL}/admin/audit?action=account.disable`)
  await hydrated(page)
  t.equal(await page.locator('table[data-audit] tbody tr').count(), 1, 'the disable in the log')
  await axeInBothThemes(t, page, 'the audit page')

  await page.goto(`${SITE_URL}/admin/tokens`)
  await hydrated(page)
  await page.fill('#token-name', 'CI')
  await page.click('[data-form="create-token"] button[type="submit"]')
  await page.waitForSelector('#token-secret')
  await hydrated(page)
  const secret = await page.inputValue('#token-secret')
  t.match(secret, /^cst_[A-Za-z0-9_-]{43}$/)
  await axeInBothThemes(t, page, 'the tokens page with a new secret')
  const me = await fetch(`${SITE_URL}/admin/api/me`, { headers: { authorization: `Bearer ${secret}` } })
  t.equal(me.status, 200)
  t.same(problems, [], 'no console error or warning')
})
