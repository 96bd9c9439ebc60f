import t from 'tap'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { openSuite } from './browser'

// WCAG 2.2 AA with axe-core on every kind of page, both languages, light and dark themes.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
const { server, browser } = await openSuite(t)

const PAGES = ['/', '/about', '/service', '/greeting', '/news', '/news/2026-04-new-office', '/construction-project', '/construction-project/minato-office-tower', '/contact', '/contact/success', '/privacy-policy', '/no-such-page']

for (const colorScheme of ['light', 'dark'] as const) {
  for (const prefix of ['', '/en']) {
    t.test(`axe: ${colorScheme} theme, ${prefix || '/ (ja)'}`, async (t) => {
      // bypassCSP only lets the test inject axe; the site itself runs under its strict policy.
      const context = await browser.newContext({ colorScheme, bypassCSP: true, locale: prefix ? 'en-US' : 'ja-JP' })
      t.teardown(() => context.close())
      const page = await context.newPage()
      for (const path of PAGES) {
        const url = server.origin + (prefix + path === '/' ? '/' : (prefix + path).replace(/\/$/, ''))
        await page.goto(url)
        // Audit the page as it stays, not while hydration may still change it.
        await page.waitForSelector('html[data-enhanced="true"]')
        await page.evaluate(axeSource)
        const result = await page.evaluate(async () => {
          const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe
          const r = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] } })
          return r.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)
        })
        t.same(result, [], `${url}: no axe violations`)
      }
    })
  }
}
