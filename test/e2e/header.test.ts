import t, { type Test } from 'tap'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { FIXTURE_CONTENT } from '../helper'
import { launchBrowser, startServer } from './browser'

// The header fits whatever menu the content defines: at every desktop width, in both languages, each label of
// the header (logo, menu entries, language switch, theme switch, contact button) sits on one line, nothing
// leaves the header or the viewport, and the theme switch stays visible. On a phone the labels of the open
// menu sit on one line too, and no word of the logo is broken.

const DESKTOP = [1024, 1280, 1366, 1920]
const PHONE = 390

/** The fixture with ten header entries, three of them pages of its own, one with a long label of its own. */
function tenEntries(): string {
  const dir = mkdtempSync(join(tmpdir(), 'header-content-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  cpSync(FIXTURE_CONTENT, dir, { recursive: true })
  const pages = {
    recruit: { ja: '採用情報', en: 'Careers' },
    access: { ja: 'アクセス', en: 'Access' },
    sustainability: { ja: 'サステナビリティ', en: 'Sustainability' },
  }
  for (const [path, titles] of Object.entries(pages)) {
    for (const [lang, title] of Object.entries(titles)) {
      writeFileSync(join(dir, 'pages', `${path}.${lang}.md`), `---\ntitle: ${title}\ndescription: ${title}.\npath: /${path}\n---\n\n${title}.\n`)
    }
  }
  const header = ['/about', '/service', '/greeting', '/construction-project', '/news', '/recruit', '/access', '/sustainability', '/privacy-policy', '/term-of-service']
  const site = readFileSync(join(dir, 'site.yml'), 'utf8').replace(/^  header: .*$/m, `  header: [${header.join(', ')}]`)
  if (!site.includes('/sustainability')) throw new Error('the fixture site.yml no longer has a one-line menus.header')
  writeFileSync(join(dir, 'site.yml'), site)
  return dir
}

interface Box {
  top: number
  height: number
  width: number
}
interface Label {
  what: string
  /** The line boxes of the label's whole text, and of each of its words (between spaces). */
  rects: Box[]
  words: { word: string; rects: Box[] }[]
  /** The logo and the phone number, which may take two lines on a phone (never inside a word). */
  mayWrap: boolean
  left: number
  right: number
  top: number
  bottom: number
}

/** How many line boxes (distinct tops) some text's rectangles occupy. */
function lineCount(rects: Box[]): number {
  const tops: number[] = []
  for (const r of rects) if (r.width > 0 && !tops.some((top) => Math.abs(top - r.top) < r.height / 2)) tops.push(r.top)
  return tops.length
}

/** Every rendered label of the header: the rectangles of its text, and its box. */
async function headerLabels(page: Page): Promise<{ labels: Label[]; header: { left: number; right: number; top: number; bottom: number }; viewport: number; scrollWidth: number }> {
  // No named functions in here: the test runner's transform would wrap them in a helper the page lacks.
  return page.evaluate(() => {
    const header = document.querySelector('.site-header')!
    const labels = [...header.querySelectorAll<HTMLElement>('.site-logo__name, a, button, summary, .lang-switch__current')]
      .filter((el) => el.checkVisibility({ visibilityProperty: true }) && el.textContent!.trim() !== '')
      .map((el) => {
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT)
        const rects: Box[] = []
        const words: { word: string; rects: Box[] }[] = []
        const range = document.createRange()
        for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
          range.selectNodeContents(node)
          rects.push(...[...range.getClientRects()].map((r) => ({ top: r.top, height: r.height, width: r.width })))
          for (const m of node.data.matchAll(/\S+/g)) {
            range.setStart(node, m.index)
            range.setEnd(node, m.index + m[0].length)
            words.push({ word: m[0], rects: [...range.getClientRects()].map((r) => ({ top: r.top, height: r.height, width: r.width })) })
          }
        }
        const box = el.getBoundingClientRect()
        const what = `${el.tagName.toLowerCase()}${el.className ? '.' + String(el.className).split(' ')[0] : ''} "${el.textContent!.trim()}"`
        return { what, rects, words, mayWrap: !!el.closest('.site-logo, a[href^="tel:"]'), left: box.left, right: box.right, top: box.top, bottom: box.bottom }
      })
    const { left, right, top, bottom } = header.getBoundingClientRect()
    return { labels, header: { left, right, top, bottom }, viewport: document.documentElement.clientWidth, scrollWidth: document.documentElement.scrollWidth }
  })
}

/** What is wrong with the header at the page's present width (nothing: an empty list). */
async function headerProblems(page: Page, desktop: boolean): Promise<string[]> {
  const { labels, header, viewport, scrollWidth } = await headerLabels(page)
  const problems: string[] = []
  if (labels.length < 8) problems.push(`only ${labels.length} labels found`)
  for (const label of labels) {
    // On a phone the logo and the phone number may take two lines, between their words; nothing else may.
    const whole = desktop || !label.mayWrap
    if (whole && lineCount(label.rects) !== 1) problems.push(`${label.what} takes ${lineCount(label.rects)} lines`)
    const broken = label.words.filter((w) => lineCount(w.rects) > 1).map((w) => w.word)
    if (broken.length) problems.push(`${label.what} breaks inside ${broken.join(', ')}`)
    // (The phone's open menu hangs below the header: only its width is the header's.)
    const across = label.left >= header.left - 0.5 && label.right <= header.right + 0.5
    const inside = across && (!desktop || (label.top >= header.top - 0.5 && label.bottom <= header.bottom + 0.5))
    if (!inside) problems.push(`${label.what} leaves the header (${label.left}–${label.right} × ${label.top}–${label.bottom})`)
  }
  if (scrollWidth > viewport) problems.push(`the page scrolls sideways (${scrollWidth} > ${viewport})`)
  return problems
}

/** One page per language, resized through the widths (a resize lays the page out again, as a load would). */
async function checkLanguage(t: Test, browser: Browser, origin: string, lang: 'ja' | 'en', entries: number) {
  const context = await browser.newContext({ viewport: { width: DESKTOP[0]!, height: 800 }, locale: lang === 'en' ? 'en-US' : 'ja-JP' })
  t.teardown(() => context.close())
  const page = await context.newPage()
  await page.goto(origin + (lang === 'en' ? '/en' : '/'))
  // The theme switch is shown once hydrated.
  await page.waitForSelector('html[data-enhanced="true"]')
  for (const width of DESKTOP) {
    await page.setViewportSize({ width, height: 800 })
    const where = `${lang} at ${width}px`
    t.equal(await page.locator('.site-header__desktop .site-nav a').count(), entries, `${where}: every entry is in the header`)
    const theme = page.locator('.site-header__desktop .theme-switch')
    const box = await theme.boundingBox()
    t.ok((await theme.isVisible()) && box && box.x >= 0 && box.x + box.width <= width, `${where}: the theme switch is visible, inside the viewport`)
    // Each of its buttons whole (its text not clipped) and on top (nothing laid over it).
    const hidden = await page.$$eval('.site-header__desktop .theme-switch__option', (buttons) =>
      buttons
        .filter((b) => {
          const r = b.getBoundingClientRect()
          return b.scrollWidth > b.clientWidth || !b.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2))
        })
        .map((b) => b.textContent),
    )
    t.same(hidden, [], `${where}: every theme button is whole and uncovered`)
    t.same(await headerProblems(page, true), [], `${where}: every label on one line, inside the header`)
  }
  await page.setViewportSize({ width: PHONE, height: 800 })
  await page.locator('summary.site-menu__toggle').click()
  await page.waitForSelector('.site-menu[open] .site-menu__panel .theme-switch:not([hidden])')
  t.equal(await page.locator('.site-menu .site-nav a').count(), entries, `${lang} at ${PHONE}px: every entry is in the open menu`)
  t.same(await headerProblems(page, false), [], `${lang} at ${PHONE}px: no label broken inside a word, the menu's entries on one line`)
}

const suites: [string, number, string][] = [
  ['the test fixture (five entries)', 5, FIXTURE_CONTENT],
  ['the sample content (seven entries)', 7, 'content'],
  ['ten entries', 10, tenEntries()],
]
// One Chromium for the file (each check opens its own context); a server per content.
const browser = await launchBrowser()
t.teardown(() => browser.close())
for (const [name, entries, contentDir] of suites) {
  t.test(name, async (t) => {
    const server = await startServer({ CONTENT_DIR: contentDir })
    t.teardown(() => server.stop())
    for (const lang of ['ja', 'en'] as const) await t.test(lang, (t) => checkLanguage(t, browser, server.origin, lang, entries))
  })
}
