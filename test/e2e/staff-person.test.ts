// A person's request in Chromium, in both languages: an admin (enrolled by the built CLI's link) looks
// up an address on /admin/inquiries/person, sees everything held (hostile text inert), and erases it
// through the confirmation dialog (Escape first: nothing happens). axe finds nothing on the page (empty,
// with results, after the erasure) in both themes; screenshots at 390 and 1366 px wide (the viewport and
// the full page) go to test-results/screenshots/ (to look at); no console error.
import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import t from 'tap'
import { openDatabase } from '../../server/database'
import { HOSTILE, values } from '../server/inbox/inbox-helper'
import { watchConsole } from './browser'
import { axeInBothThemes, enrolWithPassword, hydrated, openStaffSuite } from './staff-helpers'
import { sqliteStores } from '../server/stores'

const { SITE_URL, browser, addAccount, dataDir } = await openStaffSuite(t, 'staff-person-e2e-')
const store = sqliteStores(openDatabase(dataDir))
t.teardown(() => store.close())
const SHOTS = resolve(import.meta.dirname, '../../test-results/screenshots')
mkdirSync(SHOTS, { recursive: true })

for (const lang of ['ja', 'en'] as const) {
  t.test(`a person's request (${lang})`, async (t) => {
    const person = `person-${lang}@example.test`
    const now = Date.now()
    for (const [i, v] of [{ name: '山田 太郎', message: '外壁の塗装について、見積もりをお願いします。\n二行目です。' }, { ...HOSTILE }].entries()) {
      await store.insert({ values: values({ ...v, email: person }), locale: lang, token: null, now: new Date(now - (i + 1) * 60_000) })
    }
    const link = addAccount(`boss-${lang}@example.test`, 'admin', '管理 太郎')
    const context = await browser.newContext({ locale: lang === 'ja' ? 'ja-JP' : 'en-US' })
    t.teardown(() => context.close())
    const page = await context.newPage()
    const problems = watchConsole(page)
    await page.goto(`${link}?lang=${lang}`)
    await hydrated(page)
    await enrolWithPassword(page)

    await page.goto(`${SITE_URL}/admin/inquiries/person`)
    await hydrated(page)
    t.equal(await page.getAttribute('html', 'lang'), lang, 'the account keeps the language it enrolled in')
    await axeInBothThemes(t, page, 'the empty person page')

    await page.fill('#person-email', person.toUpperCase())
    await page.click('[data-form="person"] button[type="submit"]')
    await page.waitForSelector('[data-found="2"]')
    await hydrated(page)
    t.equal(await page.locator('[data-inquiry]').count(), 2, 'both inquiries')
    t.equal(await page.locator('script:not([src]):not([type="application/json"])').count(), 1, 'no visitor script became one (the theme script only)')
    t.match(await page.textContent('[data-field="message"]') ?? '', /\\u202Eexe\.txt/, 'the bidi override shown')
    t.ok(await page.$eval('[data-field="message"] .inquiry-message', (el) => el.scrollHeight > el.clientHeight), 'a long message scrolls in its own box, as on the inquiry page')
    await axeInBothThemes(t, page, 'the person page with results')
    await page.emulateMedia({ colorScheme: 'light' })
    for (const width of [390, 1024, 1366, 1920]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
      t.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, `${width} px: no sideways scroll`)
      await page.screenshot({ path: resolve(SHOTS, `person-${lang}-${width}.png`) })
      await page.screenshot({ path: resolve(SHOTS, `person-${lang}-${width}-full.png`), fullPage: true })
    }

    const erase = page.locator('[data-form="erase"] button[type="submit"]')
    await erase.click()
    await page.waitForSelector('dialog.confirm-dialog[open]')
    await page.keyboard.press('Escape')
    await page.waitForSelector('dialog.confirm-dialog:not([open])', { state: 'attached' })
    t.equal(await page.locator('[data-inquiry]').count(), 2, 'Escape: nothing erased')
    await erase.click()
    await page.click('dialog.confirm-dialog[open] .button--danger')
    await page.waitForURL(`${SITE_URL}/admin/inquiries/person?erased=2`)
    await hydrated(page)
    await page.waitForSelector('[data-notice="erased"]')
    await axeInBothThemes(t, page, 'the person page after the erasure')
    await page.fill('#person-email', person)
    await page.click('[data-form="person"] button[type="submit"]')
    await page.waitForSelector('[data-found="0"]')
    t.same(problems, [], 'no console error or warning')
  })
}
