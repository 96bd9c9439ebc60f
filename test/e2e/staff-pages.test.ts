// The staff pages in Chromium before any account: they hydrate under the staff CSP without a console
// error, axe finds nothing in both languages and both themes, and the sign-in card is usable by keyboard
// in its order (passkey, address, password, code, sign in).
import t from 'tap'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'
import { openSuite, watchConsole } from './browser'

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
const { server, browser } = await openSuite(t)

async function axe(page: Page): Promise<string[]> {
  await page.evaluate(axeSource)
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe
    const r = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] } })
    return r.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)
  })
}

for (const colorScheme of ['light', 'dark'] as const) {
  for (const locale of ['ja-JP', 'en-US']) {
    // Japanese by default; English by choice (?lang=en, as the sign-in card's language links do).
    const query = locale === 'ja-JP' ? '' : '?lang=en'
    t.test(`staff pages: ${colorScheme} theme, ${locale}`, async (t) => {
      const context = await browser.newContext({ colorScheme, locale })
      t.teardown(() => context.close())
      const page = await context.newPage()
      const problems = watchConsole(page)
      // The 404 page's own status is a console error of Chromium's; every other resource must load.
      const failed: string[] = []
      page.on('response', (res) => {
        if (res.status() >= 400 && res.request().resourceType() !== 'document') failed.push(`${res.status()} ${res.url()}`)
      })
      for (const path of ['/admin/sign-in', '/admin/no-such-page']) {
        await page.goto(server.origin + path + query)
        await page.waitForSelector('html[data-hydrated="true"]')
        t.equal(await page.getAttribute('html', 'lang'), locale.slice(0, 2), `${path}${query}: in the language chosen`)
        t.match(await page.title(), locale === 'ja-JP' ? /\| 管理画面$/ : /\| Staff$/, `${path}: the title ends with the area's name`)
        // axe is injected by evaluate (not a script element), so the page keeps its own strict policy.
        t.same(await axe(page), [], `${path}: no axe violations`)
      }
      t.same(failed, [], 'every script and stylesheet loaded')
      t.same(problems.filter((p) => !p.includes('status of 404 (Not Found)')), [], 'no console error or warning (hydration, CSP)')
    })
  }
}

t.test('the sign-in card by keyboard: passkey first, then address, password, code, sign in', async (t) => {
  const context = await browser.newContext({ locale: 'en-US' })
  t.teardown(() => context.close())
  const page = await context.newPage()
  await page.goto(`${server.origin}/admin/sign-in`)
  await page.waitForSelector('html[data-hydrated="true"]')
  await page.waitForSelector('[data-passkey]', { state: 'visible' })
  const order: string[] = []
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press('Tab')
    order.push(await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null
      return el?.dataset.passkey !== undefined ? 'passkey' : (el?.getAttribute('autocomplete') ?? el?.getAttribute('type') ?? el?.tagName ?? '')
    }))
  }
  t.same(order, ['passkey', 'username webauthn', 'current-password', 'one-time-code', 'submit'])
})
