// An article's cover stays within the first screen whatever its orientation: a portrait phone photo as a cover
// (1200×1600, as the editor stores one) is shown whole, no taller than 45% of the screen, and ends on the first
// screen below the header and the title, on a phone and on a 1366×768 laptop, in both languages.
import t from 'tap'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { openSuite } from './browser'
import { contentCopy } from './staff-helpers'

const dir = contentCopy(t, 'cover-')
const portrait = await sharp({ create: { width: 1200, height: 1600, channels: 3, background: '#5a7d9a' } }).jpeg().toBuffer()
writeFileSync(join(dir, 'images', 'portrait.jpg'), portrait)
for (const lang of ['ja', 'en']) {
  const file = join(dir, 'news', `2026-04-new-office.${lang}.md`)
  writeFileSync(file, readFileSync(file, 'utf8').replace('cover: images/cover.svg', 'cover: images/portrait.jpg'))
}
const { server, browser } = await openSuite(t, { CONTENT_DIR: dir })

for (const [width, height] of [[390, 844], [1366, 768]] as const) {
  for (const prefix of ['', '/en']) {
    t.test(`a portrait cover at ${width}×${height}${prefix || ' (ja)'}: whole, within the first screen, the text below it on that screen`, async (t) => {
      const context = await browser.newContext({ viewport: { width, height } })
      t.teardown(() => context.close())
      const page = await context.newPage()
      await page.goto(`${server.origin}${prefix}/news/2026-04-new-office`)
      const cover = page.locator('.article__cover img')
      await cover.evaluate((img: HTMLImageElement) => img.complete || new Promise((done) => (img.addEventListener('load', done), img.addEventListener('error', done))))
      const box = (await cover.boundingBox())!
      t.ok(box.height <= height * 0.45 + 1, `the cover is ${Math.round(box.height)} px high: at most 45% of ${height}`)
      t.ok(box.y + box.height <= height, `and ends on the first screen (at ${Math.round(box.y + box.height)} of ${height})`)
      const shown = await cover.evaluate((img: HTMLImageElement) => ({ fit: getComputedStyle(img).objectFit, natural: img.naturalWidth / img.naturalHeight }))
      t.equal(shown.fit, 'contain', 'shown whole, not cut')
      t.ok(Math.abs(shown.natural - 0.75) < 0.01, `the portrait photo itself (${shown.natural})`)
    })
  }
}
