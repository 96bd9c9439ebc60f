import t from 'tap'
import type { Page } from 'playwright-core'
import { openSuite, watchConsole } from './browser'

// Navigation between public pages (decision 0017): every link is a plain document load of the running build,
// and the document's speculation rules let Chromium prerender the page a visitor is about to follow. No page
// runs React for it, so nothing is hydrated on the way.
const { server, browser } = await openSuite(t)

const canonical = (page: Page) => page.getAttribute('link[rel="canonical"]', 'href')

/** Opens a page and records the documents requested from then on. */
async function open(path: string, viewport = { width: 1280, height: 600 }) {
  const context = await browser.newContext({ viewport, locale: 'en-US' })
  const page = await context.newPage()
  const problems = watchConsole(page)
  const documents: string[] = []
  page.on('request', (req) => {
    if (req.resourceType() === 'document') documents.push(new URL(req.url()).pathname)
  })
  await page.goto(server.origin + path)
  await page.waitForSelector('html[data-enhanced="true"]')
  documents.length = 0
  return { context, page, problems, documents }
}

t.test('a link loads the next page as a document: its title, head tags and current entry; nothing hydrates', async (t) => {
  const { context, page, problems, documents } = await open('/en')
  t.teardown(() => context.close())
  await page.locator('.site-header__desktop a[href="/en/news"]').click()
  await page.waitForURL(server.origin + '/en/news')
  await page.waitForSelector('html[data-enhanced="true"]')
  t.same(documents, ['/en/news'], 'one document request')
  t.match(await page.title(), /^News \| Soei Construction/)
  t.match(await canonical(page), /\/en\/news$/)
  t.match(await page.getAttribute('link[rel="alternate"][hreflang="ja"]', 'href'), /\/news$/)
  t.equal(await page.locator('.site-header__desktop a[aria-current="page"]').textContent(), 'News', 'navigation shows the current page')
  await page.locator('a.news-list__title').first().click()
  await page.waitForURL(/\/en\/news\/.+/)
  await page.waitForSelector('html[data-enhanced="true"]')
  t.ok(await page.evaluate(() => [...document.querySelectorAll('script[type="application/ld+json"]')].some((s) => s.textContent!.includes('"NewsArticle"'))), 'the article\'s own structured data')
  t.equal(await page.evaluate(() => document.documentElement.dataset.hydrated), undefined, 'a page with nothing interactive is never hydrated')
  t.equal(await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.includes('/_i18n/')).length), 0, 'nor loads the messages')
  t.same(problems, [], 'no console error or warning')
})

t.test('Chromium reads the speculation rules: the pages a visitor may follow are prerender candidates, the rest not', async (t) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' })
  t.teardown(() => context.close())
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  const candidates = new Set<string>()
  cdp.on('Preload.preloadingAttemptSourcesUpdated', (event) => {
    for (const source of event.preloadingAttemptSources) if (source.key.action === 'Prerender') candidates.add(new URL(source.key.url).pathname + new URL(source.key.url).search)
  })
  await cdp.send('Preload.enable')
  await page.goto(server.origin + '/en/about')
  await page.waitForSelector('html[data-enhanced="true"]')
  await t.resolves(page.waitForFunction(() => document.querySelector('script[type="speculationrules"]')), 'the rules are in the head')
  // The header's links, the footer's links and the logo are candidates (prerendered when the pointer rests on one).
  const until = (path: string) => new Promise<void>((resolve) => {
    const check = () => (candidates.has(path) ? resolve() : setTimeout(check, 20))
    check()
  })
  await t.resolves(until('/en/news'), 'a header link')
  await t.resolves(until('/en/privacy-policy'), 'a footer link')
  await t.resolves(until('/en/contact'), 'the contact page')
  const all = [...candidates]
  t.notOk(all.some((p) => p.startsWith('/_locale/')), 'never the language switch (it writes a cookie)')
  t.notOk(all.some((p) => p.startsWith('/admin') || p.startsWith('/media/') || p.startsWith('/assets/') || p.startsWith('/api/')), 'never the staff area, media, files or the API')
  t.notOk(all.some((p) => /\.[a-z0-9]+$/i.test(p.split('?')[0]!)), 'never a file')
})

t.test('the language switch loads the other language\'s page as a document', async (t) => {
  const { context, page, documents } = await open('/en/about')
  t.teardown(() => context.close())
  await page.locator('.site-header__desktop a[data-locale="ja"]').click()
  await page.waitForURL(server.origin + '/about')
  await page.waitForSelector('html[data-enhanced="true"]')
  t.same(documents, ['/_locale/ja', '/about'], 'the endpoint (which writes the cookie), then the page')
  t.equal(await page.evaluate(() => document.documentElement.lang), 'ja')
})

t.test('Back returns to the page where the visitor was', async (t) => {
  const { context, page, problems } = await open('/news', { width: 1280, height: 400 })
  t.teardown(() => context.close())
  const title = await page.title()
  const link = page.locator('a.news-list__title').nth(3)
  await link.scrollIntoViewIfNeeded()
  const y = await page.evaluate(() => window.scrollY)
  t.ok(y > 0, 'scrolled down')
  await link.click()
  await page.waitForURL(/\/news\/.+/)
  await page.waitForSelector('html[data-enhanced="true"]')
  t.equal(await page.evaluate(() => window.scrollY), 0, 'a new page starts at the top')
  await page.goBack()
  await page.waitForURL(server.origin + '/news')
  await page.waitForFunction((t) => document.title === t, title)
  await t.resolves(page.waitForFunction((y) => window.scrollY === y, y), 'back where the visitor was')
  t.match(await canonical(page), /\/news$/)
  t.same(problems, [], 'no console error or warning')
})
