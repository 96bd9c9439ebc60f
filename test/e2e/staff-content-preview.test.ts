// The content editor's preview, preview links and revisions in Chromium: an editor (made by the built CLI,
// enrolled with a passkey) opens an article; the preview beside the form draws the public page and draws
// it again as they type (both languages, phone and desktop width, each shown whole on a 390 and a 1366 px
// screen); without JavaScript the preview button sends the form to the frame; a saved draft shared through a
// signed link opens for someone signed out;
// two saves compared on the revisions page, the older restored through the confirmation dialog and served.
// Axe finds nothing on the revisions and link pages in both themes; no console error (hydration, CSP).
// STAFF_SCREENSHOTS=<folder> keeps pictures of the pages at 390, 1024, 1366 and 1920 px in both languages.
import t from 'tap'
import type { Page } from 'playwright-core'
import { axeInBothThemes, contentCopy, hydrated, openStaffSuite, screenshots } from './staff-helpers'

const contentDir = contentCopy(t, 'preview-e2e-content-')
const { SITE_URL, browser, enrolledPage } = await openStaffSuite(t, 'staff-preview-e2e-', { CONTENT_DIR: contentDir })
const ITEM = `${SITE_URL}/admin/content/news/2026-04-new-office`

const frameTitle = (page: Page) => page.frameLocator('iframe[name="content-preview"]').locator('h1')

/** The preview frame: the width its page is laid out at, its scale on screen, and whether it is shown whole inside the pane. */
const frameBox = (page: Page) =>
  page.locator('iframe[name="content-preview"]').evaluate((f: HTMLIFrameElement) => {
    const wrap = f.parentElement!
    const [box, shown, pane] = [wrap.getBoundingClientRect(), f.getBoundingClientRect(), f.closest('[data-preview-pane]')!.getBoundingClientRect()]
    const inside = shown.left >= box.left - 0.5 && shown.right <= box.right + 0.5 && shown.bottom <= box.bottom + 0.5 && box.right <= pane.right + 0.5
    return { layout: f.contentWindow!.innerWidth, scale: Math.round((shown.width / f.offsetWidth) * 100) / 100, whole: inside && wrap.scrollWidth <= wrap.clientWidth && box.right <= window.innerWidth }
  })

/** Saves the editor's form through the confirmation dialog, and waits for the page it answers. */
async function save(page: Page, title: string) {
  await page.fill('#f-ja-title', title)
  await page.click('#content-editor button[type="submit"].button--primary')
  await page.click('dialog.confirm-dialog[open] .button--primary')
  await page.waitForSelector('[data-notice="saved"]')
  await hydrated(page)
}

t.test('the preview draws the public page as the editor types', async (t) => {
  const { page, problems } = await enrolledPage(t, 'writer@example.test', 'editor', '編集 花子', { locale: 'ja-JP', viewport: { width: 1366, height: 900 } })
  await page.goto(ITEM)
  await hydrated(page)
  await frameTitle(page).filter({ hasText: '本社を移転しました' }).waitFor()
  await page.fill('#f-ja-title', '本社を新宿に移転しました')
  t.equal(await page.inputValue('#f-ja-title'), '本社を新宿に移転しました', 'typing is never held up')
  await frameTitle(page).filter({ hasText: '本社を新宿に移転しました' }).waitFor()
  t.pass('drawn again with the typed title')

  await page.click('[data-preview-pane] button[data-preview-locale="en"]')
  await frameTitle(page).filter({ hasText: 'We have moved our head office' }).waitFor()
  t.pass('the English page')
  t.equal((await frameBox(page)).layout, 390, 'phone width first')
  // Laid out at a phone's or a laptop's width, shown whole in the pane at both screen widths (scaled down to fit).
  for (const viewport of [1366, 390]) {
    await page.setViewportSize({ width: viewport, height: 900 })
    for (const [choice, layout] of [['desktop', 1366], ['phone', 390]] as const) {
      await page.check(`input[name="preview-width"][value="${choice}"]`)
      const box = await frameBox(page)
      t.equal(box.layout, layout, `${viewport} px screen, ${choice}: the page laid out at ${layout} px`)
      t.ok(box.whole, `${viewport} px screen, ${choice}: the whole frame shown (scale ${box.scale})`)
      if (viewport === 1366 && choice === 'phone') t.equal(box.scale, 1, 'a phone frame the pane holds: not scaled')
    }
  }
  await page.setViewportSize({ width: 1366, height: 900 })
  await page.check('input[name="preview-width"][value="desktop"]')
  await screenshots(page, 'item-with-desktop-preview-ja')
  await page.check('input[name="preview-width"][value="phone"]')
  await screenshots(page, 'item-with-preview-ja')
  t.same(problems, [], 'no console error or warning')
})

t.test('without JavaScript the preview button sends the form to the frame', async (t) => {
  const { context } = await enrolledPage(t, 'nojs@example.test', 'editor', '静的 次郎')
  const page = await context.newPage()
  await page.route('**/*.js', (route) => route.abort())
  await page.goto(ITEM)
  await page.fill('#f-ja-title', 'スクリプトなしのプレビュー')
  await page.click('[data-preview-pane] button[data-preview-locale="ja"]')
  await frameTitle(page).filter({ hasText: 'スクリプトなしのプレビュー' }).waitFor()
  t.equal(page.url(), ITEM, 'the editor page stays')
})

t.test('a signed link, saves compared, a restore', async (t) => {
  const { page, problems } = await enrolledPage(t, 'keeper@example.test', 'editor', '履歴 三郎', { locale: 'ja-JP', viewport: { width: 1366, height: 900 } })
  await page.goto(ITEM)
  await hydrated(page)
  await save(page, '本社を新宿に移転しました')
  await save(page, '本社を渋谷に移転しました')

  await page.goto(`${ITEM}/revisions`)
  await hydrated(page)
  t.equal(await page.locator('table[data-revisions] tbody tr').count(), 2)
  t.equal(await page.locator('[data-field="ja.title"] del').textContent(), '[削除] 新宿')
  t.equal(await page.locator('[data-field="ja.title"] ins').textContent(), '[追加] 渋谷')
  await axeInBothThemes(t, page, 'the revisions page')
  await page.emulateMedia({ colorScheme: 'light' })
  await screenshots(page, 'revisions-ja')

  const older = page.locator('table[data-revisions] tbody tr').nth(1)
  await older.locator('form[data-op="restore"] button').click()
  await page.click('dialog.confirm-dialog[open] .button--primary')
  await page.waitForSelector('[data-notice="restored"]')
  await hydrated(page)
  t.equal(await page.locator('table[data-revisions] tbody tr').count(), 3, 'the restore is a new revision')
  const site = await fetch(`${SITE_URL}/news/2026-04-new-office`).then((r) => r.text())
  t.match(site, '本社を新宿に移転しました', 'the restored title served')

  await page.goto(`${ITEM}/preview-link`)
  await hydrated(page)
  await page.selectOption('#preview-link-ttl', 'hour')
  await page.click('[data-form="preview-link"] button[type="submit"]')
  await page.waitForSelector('#preview-link-url')
  await hydrated(page)
  await axeInBothThemes(t, page, 'the preview link page')
  await page.emulateMedia({ colorScheme: 'light' })
  await screenshots(page, 'preview-link-ja')
  const link = await page.inputValue('#preview-link-url')
  t.match(link, `${SITE_URL}/admin/preview/news.2026-04-new-office.ja.`)
  const stranger = await browser.newContext()
  t.teardown(() => stranger.close())
  const other = await stranger.newPage()
  const res = await other.goto(link)
  t.equal(res?.status(), 200)
  t.equal(await other.locator('h1').first().textContent(), '本社を新宿に移転しました', 'someone signed out sees the page')
  t.match(res?.headers()['x-robots-tag'], 'noindex')
  await screenshots(other, 'shared-link')

  // The same pages in English (the account's language).
  await page.goto(ITEM)
  await hydrated(page)
  await page.click('.staff-user > summary')
  await page.click('.lang-switch__form button[value="en"]')
  await hydrated(page)
  await page.locator('iframe[name="content-preview"]').waitFor()
  await screenshots(page, 'item-with-preview-en')
  await page.goto(`${ITEM}/revisions`)
  await hydrated(page)
  await screenshots(page, 'revisions-en')
  await page.goto(`${ITEM}/preview-link`)
  await hydrated(page)
  await screenshots(page, 'preview-link-en')
  t.same(problems, [], 'no console error or warning')
})
