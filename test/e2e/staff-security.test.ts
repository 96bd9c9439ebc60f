// One's own passkeys in Chromium (the virtual authenticator through the DevTools protocol's WebAuthn
// domain): an account enrolled with a password and TOTP adds a named passkey on /admin/security,
// confirms it is them with that passkey on /admin/confirm (re-authentication), and removes it through the
// confirmation dialog. axe checks both new pages in both themes.
import t from 'tap'
import { watchConsole } from './browser'
import { addVirtualAuthenticator, axeInBothThemes, enrolWithPassword, hydrated, openStaffSuite } from './staff-helpers'

const { SITE_URL, browser, addAccount } = await openStaffSuite(t, 'staff-security-e2e-')

for (const lang of ['ja', 'en'] as const) {
  t.test(`a passkey added, used to confirm, removed (${lang})`, async (t) => {
    const email = `security-${lang}@example.test`
    const link = addAccount(email, 'editor', 'Sec Tester')
    t.ok(link, 'an enrolment link')
    const context = await browser.newContext({ locale: lang === 'ja' ? 'ja-JP' : 'en-US' })
    t.teardown(() => context.close())
    const page = await context.newPage()
    const problems = watchConsole(page)
    const { cdp, authenticatorId } = await addVirtualAuthenticator(context, page)
    await page.goto(`${link}?lang=${lang}`)
    await hydrated(page)
    await enrolWithPassword(page)

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
