// Screenshots of the main pages for the README: mobile (390×844) and desktop (1440×900), ja and en, light
// theme, viewport only, JPEG quality 70, into docs/screenshots/<page>-<lang>-<device>.jpg.
//   node bench/screenshots.mjs [--out docs/screenshots] [--pages home,project] [--quality 70] [--type png]
//                              [--full-page]   (png and full pages: for looking at them, not for the README)
//                              [--widths 390,1024,1366,1920]
// Needs `npm run build` first. Starts the built server on loopback with the shipped content and drives
// Debian's Chromium (CHROME_PATH) through playwright-core. Bounded: 30 s per page, 5 minutes in all.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { arg, CHROME_FLAGS, CHROME_PATH, startBuiltServer } from './built-server.mjs'

const PAGES = [
  ['home', '/'],
  ['news', '/news'],
  ['news-article', '/news/2026-04-new-head-office'],
  ['projects', '/construction-project'],
  ['project', '/construction-project/toranomon-office-building'],
  ['contact', '/contact'],
]
// --widths 390,1024,1366,1920: one screenshot per width instead (named by it), a phone below 600 px.
const widths = arg('widths', '')?.split(',').filter(Boolean).map(Number) ?? []
const DEVICES = widths.length
  ? Object.fromEntries(widths.map((w) => [String(w), w < 600 ? { viewport: { width: w, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 } : { viewport: { width: w, height: 900 }, deviceScaleFactor: 1 }]))
  : {
      mobile: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 },
      desktop: { viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 },
    }
const out = arg('out', 'docs/screenshots')
const quality = Number(arg('quality', '70'))
const type = arg('type', 'jpeg')
const fullPage = process.argv.includes('--full-page')
const only = arg('pages', '')?.split(',').filter(Boolean) ?? []

const hardStop = setTimeout(() => {
  console.error('gave up after 10 minutes')
  process.exit(2)
}, 600_000)
hardStop.unref()

mkdirSync(out, { recursive: true })
const server = await startBuiltServer()
// Playwright adds its own headless switch.
const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS.filter((f) => f !== '--headless') })
let failed = 0
try {
  for (const [device, options] of Object.entries(DEVICES)) {
    for (const lang of ['ja', 'en']) {
      const context = await browser.newContext({
        ...options,
        colorScheme: 'light',
        reducedMotion: 'reduce',
        locale: lang === 'en' ? 'en-US' : 'ja-JP',
        extraHTTPHeaders: { 'Accept-Language': lang },
        // Full pages add one style of their own (below), which the site's CSP would refuse.
        bypassCSP: fullPage,
      })
      const page = await context.newPage()
      page.setDefaultTimeout(30_000)
      for (const [name, path] of PAGES) {
        if (only.length && !only.includes(name)) continue
        const url = server.origin + (lang === 'en' ? (path === '/' ? '/en' : `/en${path}`) : path)
        const file = join(out, `${name}-${lang}-${device}.${type === 'png' ? 'png' : 'jpg'}`)
        try {
          const res = await page.goto(url, { waitUntil: 'load' })
          if (!res?.ok()) throw new Error(`HTTP ${res?.status()}`)
          // The start-up script ran: the theme switch in the header is shown from then on.
          await page.waitForSelector('html[data-enhanced="true"]')
          // A whole page at once: the sections rendered only near the screen (content-visibility: auto, decision
          // 0017) are drawn as a visitor who scrolls to them sees them.
          if (fullPage) await page.addStyleTag({ content: '* { content-visibility: visible !important }' })
          // Every image in the viewport decoded (lazy ones included) and nothing left to lay out.
          await page.evaluate(async () => {
            await document.fonts.ready
            const visible = [...document.images].filter((img) => img.getBoundingClientRect().top < innerHeight)
            await Promise.all(visible.map((img) => (img.complete ? null : new Promise((r) => img.addEventListener('load', r, { once: true })))))
            await Promise.all(visible.map((img) => img.decode().catch(() => {})))
          })
          await page.screenshot({ path: file, type, fullPage, ...(type === 'jpeg' ? { quality } : {}) })
          console.log(`${file}  ${url}`)
        } catch (err) {
          failed++
          console.log(`${file}  ${url}  failed: ${err.message}`)
        }
      }
      await context.close()
    }
  }
} finally {
  await browser.close()
  await server.stop()
}
clearTimeout(hardStop)
process.exit(failed ? 1 : 0)
