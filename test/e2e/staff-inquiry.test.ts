// One inquiry in Chromium: an admin (made by the built CLI, enrolled with a passkey) opens an inquiry with a
// hostile 10,000-character message and a failed staff mail, assigns it to themself, changes its status with
// a note, sends a reply through the confirmation dialog (Cancel focused first), retries the failed mail;
// the message scrolls in its own box, the page never scrolls sideways on a phone; axe finds nothing in
// both themes, in Japanese and in English; no console error. With INQUIRY_SCREENSHOTS=<folder> the page is
// saved at 390 and 1366 px wide in both languages.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import type { Page } from 'playwright-core'
import { openDatabase } from '../../server/database'
import { addInquiry, HOSTILE, hostileMessage, mailOutcome } from '../server/inbox/detail-helper'
import { axeInBothThemes, hydrated, openStaffSuite } from './staff-helpers'
import { sqliteStores } from '../server/stores'

const { SITE_URL, enrolledPage, dataDir } = await openStaffSuite(t, 'staff-inquiry-e2e-')
const seed = sqliteStores(openDatabase(dataDir))
t.teardown(() => seed.close())
const shots = process.env.INQUIRY_SCREENSHOTS

async function screenshots(page: Page, lang: string) {
  if (!shots) return
  mkdirSync(shots, { recursive: true })
  await page.emulateMedia({ colorScheme: 'light' })
  for (const width of [390, 1024, 1366, 1920]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 })
    await page.screenshot({ path: join(shots, `inquiry-${lang}-${width}.png`), fullPage: true })
  }
  await page.setViewportSize({ width: 1366, height: 900 })
}

/** Submits a form of the page and waits for the notice it leads to (a full page load), hydrated again. */
async function submitAndWait(page: Page, selector: string, notice: string) {
  await Promise.all([page.waitForURL(new RegExp(`notice=${notice}$`)), page.click(selector)])
  await hydrated(page)
}

t.test('an inquiry in the browser: triage, reply, retry, axe, both languages', async (t) => {
  const { page, problems } = await enrolledPage(t, 'boss@example.test', 'admin', '佐藤 一郎', { locale: 'ja-JP', viewport: { width: 1366, height: 900 } })

  const id = await addInquiry(seed, { ...HOSTILE, message: hostileMessage() }, 'en', Date.now())
  await mailOutcome(seed, id, 'staff', 'failed', Date.now())
  const url = `${SITE_URL}/admin/inquiries/${id}`
  await page.goto(url)
  await hydrated(page)
  t.equal(await page.locator('#root script').count(), 0, 'the visitor\'s <script> is text, not an element')
  const box = await page.$eval('[data-inquiry-message]', (el) => ({ scrolls: el.scrollHeight > el.clientHeight, text: el.textContent ?? '' }))
  t.ok(box.scrolls, 'the 10,000-character message scrolls in its own box')
  t.match(box.text, '\\u202Eevil-rtl')
  await axeInBothThemes(t, page, 'a new inquiry (ja)')

  await submitAndWait(page, '[data-form="assign-me"] button', 'changed')
  await page.selectOption('#triage-status', 'in-progress')
  await page.fill('#triage-note', '電話で折り返し済み。\n見積りは来週。')
  await submitAndWait(page, '[data-form="triage"] button[type="submit"]', 'changed')
  t.equal(await page.locator('[data-event="note"]').count(), 1, 'the note in the history')

  const body = await page.inputValue('#reply-body')
  t.match(body, /^Dear <script>alert\(1\)<\/script> evil name,\n/, 'the English template for an English inquiry')
  await page.fill('#reply-body', body.replace('[Write the answer here]', 'We will visit on Monday.'))
  await page.click('[data-form="reply"] button[type="submit"]')
  await page.waitForSelector('dialog.confirm-dialog[open]')
  t.ok(await page.evaluate(() => document.activeElement?.closest('dialog') !== null && document.activeElement?.classList.contains('button--secondary')), 'Cancel focused first')
  await Promise.all([page.waitForURL(/notice=replied$/), page.click('dialog.confirm-dialog[open] .button--primary')])
  await hydrated(page)
  t.equal(await page.locator('[data-event="reply"] [data-mail-state="pending"]').count(), 1, 'the reply in the history, pending')
  t.match(await page.textContent('.inquiry-summary'), 'お客様の返信待ち', 'waiting for the customer')

  await submitAndWait(page, '[data-form="retry"] button', 'retried')
  await axeInBothThemes(t, page, 'the inquiry with its history (ja)')
  await screenshots(page, 'ja')

  await page.setViewportSize({ width: 390, height: 844 })
  t.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scroll on a phone')
  await page.setViewportSize({ width: 1366, height: 900 })

  await page.click('.staff-user > summary')
  await Promise.all([page.waitForURL(/\/admin\/inquiries\//), page.click('.staff-user button[name="locale"][value="en"]')])
  await hydrated(page)
  t.match(await page.textContent('h1'), `Inquiry ${id}`)
  t.match(await page.textContent('[data-history]'), '佐藤 一郎 changed the status from New to In progress')
  await axeInBothThemes(t, page, 'the inquiry with its history (en)')
  await screenshots(page, 'en')
  t.same(problems, [], 'no console error or warning')
})
