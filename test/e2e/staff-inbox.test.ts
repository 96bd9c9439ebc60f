// The inquiry inbox in Chromium, with data (the fixture's 61 inquiries, hostile ones among them, written
// through the real store on the server's DATA_DIR): a responder (made by the built CLI, enrolled with a
// passkey) opens the list and the statistics in both languages; axe finds nothing in both themes; at 390 and
// 1366 px the page never scrolls sideways and the hostile rows stay inside it; the filter form works without
// JavaScript; no console error (hydration, CSP). SCREENSHOT_DIR=… keeps a picture of each page and width.
import t from 'tap'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Test } from 'tap'
import type { Page } from 'playwright-core'
import { openDatabase } from '../../server/database'
import { addInquiry } from '../server/inbox/detail-helper'
import { seedInbox } from '../server/inbox/inbox-fixture'
import { axeInBothThemes, hydrated, openStaffSuite } from './staff-helpers'
import { sqliteStores } from '../server/stores'

const { SITE_URL, browser, enrolledPage, dataDir } = await openStaffSuite(t, 'staff-inbox-e2e-')
const SHOTS = process.env.SCREENSHOT_DIR
const HOUR = 3_600_000
const DAY = 24 * HOUR
/** やまだ's reply, 3 hours 20 minutes after it came. */
const REPLY_AFTER = (3 * 60 + 20) * 60_000
if (SHOTS) mkdirSync(SHOTS, { recursive: true })

/** At this width: no sideways scroll of the page, every list cell inside the viewport; a picture when asked. */
async function atWidth(t: Test, page: Page, width: number, name: string) {
  await page.setViewportSize({ width, height: 900 })
  await page.emulateMedia({ colorScheme: 'light' })
  t.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${name} at ${width} px: no sideways scroll`)
  const wide = await page.evaluate(() => {
    const wrap = document.querySelector('.staff-table-wrap')
    const limit = wrap ? wrap.getBoundingClientRect().right : window.innerWidth
    return [...document.querySelectorAll('.inbox-table__text')].filter((el) => (window.innerWidth >= 768 ? el.getBoundingClientRect().width > 12 * 16 + 1 : el.getBoundingClientRect().right > limit + 1)).length
  })
  t.equal(wide, 0, `${name} at ${width} px: long visitor text stays in its cell`)
  if (SHOTS) {
    // A phone's page is long: its top, and from the table on (the hostile rows are among the first).
    const total = await page.evaluate(() => document.documentElement.scrollHeight)
    const table = await page.evaluate(() => Math.max(0, (document.querySelector('table')?.getBoundingClientRect().top ?? 0) + window.scrollY - 80))
    const parts = width < 768 ? [['top', 0], ['table', table]] as const : [['page', 0]] as const
    for (const [part, y] of parts) {
      const height = Math.min(total - y, width < 768 ? 1500 : 2200)
      await page.screenshot({ path: join(SHOTS, `${name}-${width}-${part}.png`), clip: { x: 0, y, width, height }, fullPage: true })
    }
  }
}

t.test('the list and the statistics with data, in both languages', async (t) => {
  const { page, problems } = await enrolledPage(t, 'responder@example.test', 'responder', '応答 花子', { locale: 'ja-JP' })

  const store = sqliteStores(openDatabase(dataDir))
  t.teardown(() => store.close())
  const responder = await store.staff.findAccountByEmail('responder@example.test')
  // Inquiries spread over the 26 weeks (the chart's picture), then the fixture's, and one reply (the median).
  const now = Date.now()
  const types = ['estimate', 'new-construction', 'renovation', 'recruitment', 'other']
  for (let week = 25; week >= 2; week--) {
    for (let i = (week * 7) % 6; i >= 0; i--) await addInquiry(store, { name: `Week ${week}-${i}`, nameKana: '', inquiryType: types[(week + i) % 5] }, 'ja', now - (week * 7 + i) * DAY)
  }
  const ids = await seedInbox(store, now, responder!.id)
  const actor = { accountId: responder!.id, role: 'responder' as const, address: '127.0.0.1' }
  const replied = now - HOUR + REPLY_AFTER
  await store.inbox.queueReply(ids.yamada, { to: 'visitor@example.test', replyTo: 'info@example.test', subject: 'Re', body: 'Thanks', status: null }, actor, replied, { at: replied, ...actor, action: 'inquiry.reply', target: `inquiry:${ids.yamada}`, outcome: 'ok' })

  for (const lang of ['ja', 'en'] as const) {
    await page.goto(`${SITE_URL}/admin/inquiries`)
    await hydrated(page)
    if (lang === 'en') {
      await page.click('.staff-user > summary')
      await page.click('button[name="locale"][value="en"]')
      await page.waitForSelector('html[lang="en"]')
      await hydrated(page)
    }
    t.equal(await page.locator('table[data-inquiries] tbody tr').count(), 50, `${lang}: a page of inquiries`)
    t.equal(await page.locator(`tr[data-inquiry="${ids.script}"] script`).count(), 0, 'no markup from a visitor')
    for (const width of [1920, 1366, 1024, 390]) {
      await atWidth(t, page, width, `inquiries-${lang}`)
      await axeInBothThemes(t, page, `${lang}, ${width} px: the list with data`)
    }
    await page.setViewportSize({ width: 1366, height: 900 })

    await page.click('a[href="/admin/inquiries/stats"]')
    await page.waitForURL(`${SITE_URL}/admin/inquiries/stats`)
    await hydrated(page)
    t.ok((await page.locator('svg.inbox-chart[role="img"] rect[data-count]').count()) > 20, 'bars drawn')
    t.match(await page.textContent('[data-median]'), lang === 'ja' ? '3時間20分' : '3 hours 20 minutes', 'the median in words')
    for (const width of [1920, 1366, 1024, 390]) {
      await atWidth(t, page, width, `inquiry-stats-${lang}`)
      await axeInBothThemes(t, page, `${lang}, ${width} px: the statistics`)
    }
    await page.setViewportSize({ width: 1366, height: 900 })
  }
  t.same(problems, [], 'no console error or warning')
})

t.test('the filter form without JavaScript: the address is the view', async (t) => {
  const context = await browser.newContext({ locale: 'ja-JP', javaScriptEnabled: false })
  t.teardown(() => context.close())
  const page = await context.newPage()
  // Enrolment by passkey needs script: the session is made in a context with JavaScript, then used without it.
  const { context: withJs } = await enrolledPage(t, 'nojs@example.test', 'responder', 'スクリプト 無し', { locale: 'ja-JP' })
  await context.addCookies(await withJs.cookies())
  await page.goto(`${SITE_URL}/admin/inquiries`)
  await page.fill('#inquiry-q', 'ﾔﾏﾀﾞ')
  await page.check('input[name="status"][value="new"]')
  await page.click('form[data-form="inquiry-filters"] button[type="submit"]')
  await page.waitForURL(/\/admin\/inquiries\?/)
  const url = new URL(page.url())
  t.equal(url.searchParams.get('q'), 'ﾔﾏﾀﾞ')
  t.same(url.searchParams.getAll('status'), ['new'])
  t.equal(await page.locator('table[data-inquiries] tbody tr').count(), 1, 'やまだ found')
  t.equal(await page.inputValue('#inquiry-q'), 'ﾔﾏﾀﾞ', 'the form shows the view back')
})
