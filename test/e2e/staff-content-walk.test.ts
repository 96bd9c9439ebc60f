// An editor's day in the content editor, in Chromium, in Japanese: signs in (a passkey), opens Content from the
// navigation, writes a news article in Japanese and English, uploads a phone photo (sharp's JPEG with GPS EXIF,
// a camera make and model, orientation 6) as its cover and describes it in both languages, puts it into the
// body (described in each language; an empty description refused in the browser), previews it (the frame
// shows the Japanese title and the photo), creates it through the confirmation dialog and schedules both
// languages for the next whole minute, Japan time. The public pages are 404 before and are served, with the
// photo, once the minute has come (polled, no fixed wait); the stored photo holds no EXIF, GPS or camera.
// Axe finds nothing on the editor with the pickers in both themes; no console error. With
// STAFF_SCREENSHOTS=<folder> the editor is saved at 390, 1024, 1366 and 1920 px wide in both languages.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import sharp from 'sharp'
import type { Page } from 'playwright-core'
import { axeInBothThemes, contentCopy, hydrated, openStaffSuite, screenshots } from './staff-helpers'

const contentDir = contentCopy(t, 'content-walk-e2e-content-')
const { SITE_URL, enrolledPage } = await openStaffSuite(t, 'staff-content-walk-', { CONTENT_DIR: contentDir })
const SLUG = 'site-visit-walk'
const CAMERA = ['Exif', 'WalkMaker', 'WalkPhone-GPS-12', 'WGS-84-WALKTEST']

/** A photo as a phone takes it: 600×400, tagged orientation 6 (shown 400×600), with GPS and the camera. */
const photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#3a6ea5', noise: { type: 'gaussian', mean: 120, sigma: 20 } } })
  .jpeg()
  .withExif({
    IFD0: { Make: 'WalkMaker', Model: 'WalkPhone-GPS-12' },
    IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '35/1 39/1 2900/100', GPSLongitudeRef: 'E', GPSLongitude: '139/1 44/1 2800/100', GPSMapDatum: 'WGS-84-WALKTEST' },
  })
  .withMetadata({ orientation: 6 })
  .toBuffer()


/** The next whole minute in Japan time as a datetime-local value, at least 12 s away (time to submit both languages). */
function nextMinute(now = Date.now()): { at: string; instant: number } {
  let instant = Math.ceil((now + 1) / 60_000) * 60_000
  if (instant - now < 12_000) instant += 60_000
  return { at: new Date(instant + 9 * 3_600_000).toISOString().slice(0, 16), instant }
}

/** Follows a link or submits a form, waits for the next page to be loaded and hydrated. */
async function go(page: Page, url: RegExp, action: () => Promise<unknown>) {
  await Promise.all([page.waitForURL(url), action()])
  await hydrated(page)
}

/** Waits, polling, until `check` holds (the scheduled minute may be most of a minute away). */
async function until(check: () => Promise<boolean>, what: string, timeoutMs = 150_000) {
  const end = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 500))
  }
}

const uploads = (dir = join(contentDir, 'images/uploads')): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? uploads(join(dir, e.name)) : [join(dir, e.name)]))

t.test('an editor: new article in both languages, a phone photo as cover and in the body, preview, scheduled, served on the minute', async (t) => {
  const { page, problems } = await enrolledPage(t, 'editor-walk@example.test', 'editor', '佐藤 一郎', { locale: 'ja-JP', viewport: { width: 1366, height: 900 } })
  t.equal(await page.getAttribute('html', 'lang'), 'ja', 'the staff area in Japanese')
  // The preview answers 422 (its problems, in words, in the frame) while the new article is still being
  // written; Chromium logs each such answer. Every other failed answer counts.
  const failed: string[] = []
  page.on('response', (res) => {
    if (res.status() >= 400) failed.push(`${res.status()} ${new URL(res.url()).pathname}`)
  })
  await go(page, /\/admin\/content$/, () => page.click('nav a[href="/admin/content"]'))
  await go(page, /\/admin\/content\/new\/news$/, () => page.click('a[href="/admin/content/new/news"]'))
  await page.click('[data-write="en"]')
  await page.waitForSelector('#f-en-title')

  await page.fill('#f-slug', SLUG)
  const fields = {
    ja: { title: '現場見学会を開催しました', date: '2026-11-20', category: 'notice', excerpt: '八王子の現場で見学会を開きました。', body: '当日は多くの方にお越しいただきました。\n\nありがとうございました。', coverAlt: '足場に囲まれた建設中の建物', alt: 'クレーンで鉄骨を吊り上げる様子' },
    en: { title: 'We held a site visit', date: '2026-11-20', category: 'notice', excerpt: 'A visit to our Hachioji site.', body: 'Many people came on the day.\n\nThank you.', coverAlt: 'A building under construction inside its scaffolding', alt: 'A crane lifting a steel beam' },
  } as const
  for (const l of ['ja', 'en'] as const) {
    const f = fields[l]
    await page.fill(`#f-${l}-title`, f.title)
    await page.fill(`#f-${l}-date`, f.date)
    await page.selectOption(`#f-${l}-category`, f.category)
    await page.fill(`#f-${l}-excerpt`, f.excerpt)
    await page.fill(`#f-${l}-body`, f.body)
  }

  // The cover: one upload, every written language's cover; its description then required in each.
  await page.setInputFiles('[data-picker="cover"] input[type="file"]', { name: 'IMG_0042.jpg', mimeType: 'image/jpeg', buffer: photo })
  await page.waitForSelector('[data-picker="cover"] [data-uploaded]')
  const path = await page.inputValue('#f-ja-cover')
  t.match(path, /^images\/uploads\/\d{4}\/[a-z0-9-]+-[0-9a-f]{8}\.jpg$/, 'the cover path under images/uploads')
  t.equal(await page.inputValue('#f-en-cover'), path, 'the same cover in English')
  t.ok(await page.locator('#f-ja-coverAlt').evaluate((el: HTMLInputElement) => el.required && document.activeElement === el), "the Japanese cover's description: required, and where the cursor goes")
  t.ok(await page.locator('#f-en-coverAlt').evaluate((el: HTMLInputElement) => el.required), "the English one required too")
  await page.locator('#f-ja-coverAlt').blur()
  await page.waitForSelector('[data-field="ja.coverAlt"] .field__error')
  t.match(await page.textContent('[data-field="ja.coverAlt"] .field__error'), '入力してください', "the catalogue's words as soon as it is left empty")
  await page.fill('#f-ja-coverAlt', fields.ja.coverAlt)
  await page.fill('#f-en-coverAlt', fields.en.coverAlt)
  await page.waitForSelector('[data-field="ja.coverAlt"] .field__error', { state: 'detached' })

  // The body: the cursor after the first paragraph in each language, the image described in each.
  for (const l of ['ja', 'en'] as const) {
    const at = fields[l].body.indexOf('\n\n')
    await page.locator(`#f-${l}-body`).evaluate((el: HTMLTextAreaElement, at: number) => el.setSelectionRange(at, at), at)
  }
  await page.setInputFiles('[data-picker="body"] input[type="file"]', { name: 'IMG_0042.jpg', mimeType: 'image/jpeg', buffer: photo })
  await page.waitForSelector('[data-image-insert]')
  const bodyPath = (await page.getAttribute('[data-image-insert]', 'data-image-insert'))!
  t.equal(bodyPath, path, 'the same photo, stored once under one name')
  await page.fill('#image-alt-ja', fields.ja.alt)
  await page.click('[data-image-action="insert"]')
  t.match(await page.textContent('#image-alt-en-error'), '入力してください', 'an empty description refused in the browser')
  t.ok(await page.locator('#image-alt-en').evaluate((el) => document.activeElement === el), 'the cursor on it')
  t.notMatch(await page.inputValue('#f-ja-body'), '![', 'nothing inserted yet')
  await axeInBothThemes(t, page, 'the editor with the pickers and an image to describe (ja)')
  await screenshots(page, 'content-walk-describe-ja')
  await page.fill('#image-alt-en', fields.en.alt)
  await page.click('[data-image-action="insert"]')
  await page.waitForSelector('[data-image-insert]', { state: 'detached' })
  for (const l of ['ja', 'en'] as const) {
    const [first, second] = fields[l].body.split('\n\n')
    t.equal(await page.inputValue(`#f-${l}-body`), `${first}\n\n![${fields[l].alt}](${bodyPath})\n\n${second}`, `${l}: the image at the cursor`)
  }

  // The body in the browser: an image whose description is emptied is the body's error, in Japanese.
  await page.fill('#f-ja-body', `${fields.ja.body}\n\n![](${path})`)
  await page.locator('#f-ja-body').blur()
  await page.waitForSelector('[data-field="ja.body"] .field__error')
  t.match(await page.textContent('[data-field="ja.body"] .field__error'), '説明のない画像', "the body's image without its description")
  await page.fill('#f-ja-body', `${fields.ja.body.split('\n\n')[0]}\n\n![${fields.ja.alt}](${bodyPath})\n\n${fields.ja.body.split('\n\n')[1]}`)
  await page.waitForSelector('[data-field="ja.body"] .field__error', { state: 'detached' })

  // The preview: the Japanese page with its title and the photo, drawn.
  const frame = page.frameLocator('iframe[name="content-preview"]')
  await frame.locator('h1').filter({ hasText: fields.ja.title }).waitFor()
  const shown = frame.locator(`img[alt="${fields.ja.alt}"]`)
  await shown.waitFor()
  await until(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), 'the preview to draw the photo', 15_000)
  t.pass('the preview shows the Japanese title and the photo')
  await axeInBothThemes(t, page, 'the new article with the pickers (ja)')
  await screenshots(page, 'content-walk-editor-ja')

  await page.click('#content-editor .form-actions button[type="submit"]')
  await page.waitForSelector('dialog.confirm-dialog[open]')
  await go(page, new RegExp(`/admin/content/news/${SLUG}\\?notice=created$`), () => page.click('dialog.confirm-dialog[open] .button--primary'))
  for (const l of ['ja', 'en'] as const) t.match(readFileSync(join(contentDir, `news/${SLUG}.${l}.md`), 'utf8'), `![${fields[l].alt}](${bodyPath})`, `${l}: saved with the image`)

  const publicUrl = (l: 'ja' | 'en') => `${SITE_URL}${l === 'ja' ? '' : '/en'}/news/${SLUG}`
  const { at, instant } = nextMinute()
  for (const l of ['ja', 'en'] as const) {
    await page.check(`#publish-${l}-schedule`)
    await page.fill(`#publish-${l}-at`, at)
    await page.click(`[data-form="publish-${l}"] button[type="submit"]`)
    await page.waitForSelector('dialog.confirm-dialog[open]')
    await go(page, /notice=schedule$/, () => page.click('dialog.confirm-dialog[open] .button--primary'))
  }
  t.equal(await page.locator('.content-state--scheduled').count() >= 2, true, 'both languages scheduled')
  for (const l of ['ja', 'en'] as const) {
    if (Date.now() < instant) t.equal((await page.request.get(publicUrl(l))).status(), 404, `${l}: not served before ${at} (Japan)`)
  }

  for (const l of ['ja', 'en'] as const) {
    await until(async () => (await page.request.get(publicUrl(l))).status() === 200, `${publicUrl(l)} to be served`)
    t.ok(Date.now() >= instant - 1_000, `${l}: served from the scheduled minute`)
    const html = await (await page.request.get(publicUrl(l))).text()
    t.match(html, fields[l].title, `${l}: the article`)
    const img = new RegExp(`<img[^>]*alt="${fields[l].alt}"[^>]*>`).exec(html)?.[0] ?? ''
    const src = /src="([^"]+)"/.exec(img)?.[1]
    t.ok(src, `${l}: the body's photo`)
    t.equal((await page.request.get(new URL(src!, SITE_URL).href)).status(), 200, `${l}: the photo served`)
    t.match(html, `alt="${fields[l].coverAlt}"`, `${l}: the cover with its description`)
  }

  const stored = uploads()
  t.ok(stored.length >= 1, `stored under images/uploads (${stored.length})`)
  for (const file of stored) {
    const bytes = readFileSync(file)
    for (const text of CAMERA) t.notOk(bytes.includes(text), `${file.slice(contentDir.length)} holds no ${text}`)
    const meta = await sharp(bytes).metadata()
    t.same([meta.width, meta.height, meta.exif], [400, 600, undefined], 'upright, no EXIF')
  }

  await screenshots(page, 'content-walk-item-ja')
  await page.click('.staff-user > summary')
  await go(page, /\/admin\/content\//, () => page.click('.staff-user button[name="locale"][value="en"]'))
  await page.waitForSelector('[data-picker="cover"]')
  await axeInBothThemes(t, page, 'the editor with the pickers (en)')
  await screenshots(page, 'content-walk-item-en')
  t.same(failed.filter((f) => !/^422 \/admin\/content\/news\/[^/]*\/?preview$/.test(f)), [], "no failed answer but the preview's while the article was incomplete")
  const previews = failed.length
  t.same(problems.filter((p) => !p.includes('status of 422')), [], 'no console error or warning')
  t.equal(problems.length - problems.filter((p) => !p.includes('status of 422')).length, previews, "the 422s logged are the preview's")
})

t.test("a project's gallery: the photo fills the next row in both languages, its description where the cursor goes", async (t) => {
  const { page, problems } = await enrolledPage(t, 'gallery-walk@example.test', 'editor', '高橋 二郎', { locale: 'ja-JP', viewport: { width: 1366, height: 900 } })
  await page.goto(`${SITE_URL}/admin/content/projects/minato-office-tower`)
  await hydrated(page)
  t.equal(await page.inputValue('#f-en-gallery-1-src'), 'images/small.svg', 'two rows already')
  await page.setInputFiles('[data-picker="gallery"] input[type="file"]', { name: 'tower.jpg', mimeType: 'image/jpeg', buffer: photo })
  await page.waitForSelector('[data-picker="gallery"] [data-uploaded]')
  const path = await page.inputValue('#f-ja-gallery-2-src')
  t.match(path, /^images\/uploads\/\d{4}\/tower-[0-9a-f]{8}\.jpg$/, 'the third row, Japanese')
  t.equal(await page.inputValue('#f-en-gallery-2-src'), path, 'and English')
  await page.waitForFunction(() => document.activeElement?.id === 'f-ja-gallery-2-alt')
  t.pass("the cursor in the row's Japanese description")
  t.same(problems, [], 'no console error or warning')
})
