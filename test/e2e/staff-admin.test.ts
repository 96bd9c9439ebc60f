// The admin pages in Chromium: an admin (made by the built CLI, enrolled with a passkey through the
// virtual authenticator) adds an account and gets its link, disables it through the confirmation dialog
// (Cancel focused first, Escape cancels), reads the audit log, creates a token; axe finds nothing on
// the accounts, audit and tokens pages in both themes; no console error (hydration, CSP).
import t from 'tap'
import { axeInBothThemes, hydrated, openStaffSuite } from './staff-helpers'

const { SITE_URL, enrolledPage } = await openStaffSuite(t, 'staff-admin-e2e-')

t.test('accounts, audit and tokens in the browser', async (t) => {
  const { page, problems } = await enrolledPage(t, 'boss@example.test', 'admin', '管理 太郎', { locale: 'ja-JP' })

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
