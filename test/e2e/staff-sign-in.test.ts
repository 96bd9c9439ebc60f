// Enrolment and sign-in in Chromium, keyboard and pointer as a person would: a passkey through Chromium's
// virtual authenticator (DevTools protocol, WebAuthn domain), and a password with TOTP codes and a recovery
// code. Accounts come from the built CLI (node dist/server/staff.js), as an operator makes them. axe checks
// every staff page on the way, in both themes.
import t from 'tap'
import { generate } from 'otplib'
import { watchConsole } from './browser'
import { addVirtualAuthenticator, axeInBothThemes, enrolWithPassword, hydrated, openStaffSuite, signOut } from './staff-helpers'

const { SITE_URL, browser, addAccount } = await openStaffSuite(t, 'staff-e2e-')

t.test('a passkey: enrolled with the link, then signing in with it', async (t) => {
  const context = await browser.newContext({ locale: 'ja-JP' })
  t.teardown(() => context.close())
  const page = await context.newPage()
  const problems = watchConsole(page)
  await addVirtualAuthenticator(context, page)
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
  await addVirtualAuthenticator(context, page)
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
  const { uri, secret, password } = await enrolWithPassword(page)
  t.equal(uri.protocol, 'otpauth:')
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
