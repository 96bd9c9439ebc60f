import t from 'tap'
import type { Page } from 'playwright-core'
import { openSuite, watchConsole } from './browser'

const { server, browser } = await openSuite(t)

/**
 * React's developer-tools hook, installed before the page's scripts: React hands it the root after each
 * commit, so a test reads what `useLocation()` answers (React Router's location context) and the page
 * exposes nothing for it.
 */
const REACT_HOOK = `window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = { supportsFiber: true, inject: () => 1,
  onCommitFiberRoot(id, root) { window.__reactRoot = root } }`

/** What `useLocation()` returns in the page now: path below the locale prefix, query, navigation type. */
const routerLocation = (page: Page) =>
  page.evaluate(() => {
    const stack = [(window as any).__reactRoot?.current]
    while (stack.length) {
      const fiber = stack.pop()
      if (!fiber) continue
      const value = fiber.memoizedProps?.value
      if (value?.location && value.navigationType) return `${value.navigationType} ${value.location.pathname}${value.location.search}`
      stack.push(fiber.sibling, fiber.child)
    }
    return null
  })

const marked = (page: Page) => page.evaluate(() => (window as any).__marker === 1)
const canonical = (page: Page) => page.getAttribute('link[rel="canonical"]', 'href')
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? null)

/** Opens a page, marks its window, and records the documents and payloads requested from then on. */
async function open(path: string, viewport = { width: 1280, height: 600 }, before?: (page: Page) => Promise<unknown>) {
  const context = await browser.newContext({ viewport })
  const page = await context.newPage()
  const problems = watchConsole(page)
  const documents: string[] = []
  const payloads: string[] = []
  page.on('request', (req) => {
    if (req.resourceType() === 'document') documents.push(req.url())
    if (req.url().includes('/_payload/')) payloads.push(new URL(req.url()).pathname.replace(/^\/_payload\/[^/]+/, ''))
  })
  await before?.(page)
  await page.goto(server.origin + path)
  await page.waitForSelector('html[data-hydrated="true"]')
  await page.evaluate(() => ((window as any).__marker = 1))
  documents.length = 0
  return { context, page, problems, documents, payloads }
}

t.test('a nav link navigates without a document load: title, head tags, focus', async (t) => {
  const { context, page, problems, documents } = await open('/en', undefined, (page) => page.addInitScript(REACT_HOOK))
  t.teardown(() => context.close())
  t.equal(await routerLocation(page), 'POP /', "React Router's location: the loaded page")
  await page.locator('.site-header__desktop a[href="/en/news"]').click()
  await page.waitForURL(server.origin + '/en/news')
  await page.waitForFunction(() => document.getElementById('page-title')?.textContent === 'News')
  t.equal(await routerLocation(page), 'PUSH /news', "React Router's location follows (what useLocation answers)")
  t.ok(await marked(page), 'same document')
  t.same(documents, [], 'no document request')
  t.match(await page.title(), /^News \| Soei Construction/)
  t.match(await canonical(page), /\/en\/news$/)
  t.match(await page.getAttribute('link[rel="alternate"][hreflang="ja"]', 'href'), /\/news$/)
  t.match(await page.getAttribute('meta[property="og:url"]', 'content'), /\/en\/news$/)
  t.equal(await page.locator('link[rel="canonical"]').count(), 1, 'one canonical')
  t.equal(await focusedId(page), 'page-title', 'focus on the h1')
  t.equal(await page.locator('.site-header__desktop a[aria-current="page"]').textContent(), 'News', 'navigation shows the current page')
  // An article, then the 404 page of a missing one.
  await page.locator('a.news-list__title').first().click()
  await page.waitForURL(/\/en\/news\/.+/)
  await page.waitForFunction(() => [...document.querySelectorAll('script[type="application/ld+json"]')].some((s) => s.textContent!.includes('"NewsArticle"')))
  t.ok(await marked(page), 'still the same document')
  t.equal(await focusedId(page), 'page-title')
  t.match(await routerLocation(page), /^PUSH \/news\/.+/)
  t.equal(await page.evaluate(() => history.state?.idx), 2, 'React Router made both history entries')
  t.same(problems, [], 'no console error or warning')
})

t.test('the contact link and the language switch load documents', async (t) => {
  const { context, page, documents } = await open('/en/about')
  t.teardown(() => context.close())
  t.equal(await page.locator('.site-header__desktop a.site-cta').getAttribute('data-nav'), null, 'contact link not marked')
  await page.locator('.site-header__desktop a.site-cta').click()
  await page.waitForURL(server.origin + '/en/contact')
  await page.waitForSelector('html[data-hydrated="true"]')
  t.notOk(await marked(page), 'a new document')
  t.same(documents, [server.origin + '/en/contact'])
})

t.test('Back and Forward restore the pages and their scroll positions', async (t) => {
  const { context, page, problems } = await open('/news', { width: 1280, height: 400 }, (page) => page.addInitScript(REACT_HOOK))
  t.teardown(() => context.close())
  const title = await page.title()
  await page.evaluate(() => window.scrollTo(0, 600))
  await page.waitForFunction(() => window.scrollY === 600)
  const link = page.locator('a.news-list__title').nth(3)
  await link.scrollIntoViewIfNeeded()
  const y = await page.evaluate(() => window.scrollY)
  t.ok(y > 0, 'scrolled down')
  await link.click()
  await page.waitForURL(/\/news\/.+/)
  await page.waitForFunction(() => !document.documentElement.dataset.navigating)
  t.equal(await page.evaluate(() => window.scrollY), 0, 'a new page starts at the top')
  const articleTitle = await page.title()
  t.not(articleTitle, title)
  await page.evaluate(() => window.scrollTo(0, 200))
  await page.goBack()
  await page.waitForURL(server.origin + '/news')
  await page.waitForFunction((t) => document.title === t, title)
  t.equal(await page.evaluate(() => window.scrollY), y, 'back where the visitor was')
  t.equal(await routerLocation(page), 'POP /news', "React Router's location is the page on screen")
  t.equal(await focusedId(page), 'page-title')
  t.match(await canonical(page), /\/news$/)
  await page.goForward()
  await page.waitForFunction((t) => document.title === t, articleTitle)
  t.equal(await page.evaluate(() => window.scrollY), 200, 'forward restores the article position')
  t.match(await routerLocation(page), /^POP \/news\/.+/)
  t.ok(await marked(page), 'never left the document')
  t.same(problems, [], 'no console error or warning')
})

t.test('a failing payload falls back to a full page load', async (t) => {
  let broken: 'abort' | 'html' = 'abort'
  const { context, page, documents } = await open('/en/about', undefined, (page) =>
    page.route('**/_payload/**', (route) => (broken === 'abort' ? route.abort() : route.fulfill({ status: 200, contentType: 'text/html', body: '<p>oops</p>' }))),
  )
  t.teardown(() => context.close())
  await page.locator('.site-header__desktop a[href="/en/service"]').click()
  await page.waitForURL(server.origin + '/en/service')
  await page.waitForSelector('html[data-hydrated="true"]')
  t.notOk(await marked(page), 'a new document')
  t.same(documents, [server.origin + '/en/service'])
  t.match(await page.title(), /^Service/)
  // A payload that is not JSON (e.g. a proxy's error page) does the same.
  broken = 'html'
  await page.evaluate(() => ((window as any).__marker = 1))
  await page.locator('.site-header__desktop a[href="/en/about"]').click()
  await page.waitForURL(server.origin + '/en/about')
  await page.waitForSelector('html[data-hydrated="true"]')
  t.notOk(await marked(page), 'a new document again')
})

t.test('links are prefetched when they come into view or are hovered', async (t) => {
  const { context, page, payloads, problems } = await open('/en', { width: 1280, height: 600 })
  t.teardown(() => context.close())
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => e.name.includes('/en/about.json')))
  t.ok(payloads.includes('/en/about.json'), 'header link in view: prefetched')
  t.notOk(payloads.includes('/en/contact.json'), 'the contact page never')
  t.notOk(payloads.includes('/en/privacy-policy.json'), 'footer link out of view: not yet')
  await page.locator('.site-footer a[href="/en/privacy-policy"]').hover()
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => e.name.includes('/en/privacy-policy.json')))
  const before = payloads.length
  await page.locator('.site-footer a[href="/en/privacy-policy"]').click()
  await page.waitForURL(server.origin + '/en/privacy-policy')
  await page.waitForFunction(() => document.getElementById('page-title')?.textContent === 'Privacy policy')
  t.notOk(payloads.slice(before).includes('/en/privacy-policy.json'), 'the click used the prefetched payload')
  t.ok(await marked(page))
  t.same(problems, [])
})

t.test('a new build makes the next navigation a full page load', async (t) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' })
  t.teardown(() => context.close())
  const page = await context.newPage()
  await page.route('**/_build/latest.json', (route) => route.fulfill({ json: { id: 'a-newer-build', time: new Date().toISOString() } }))
  // The watcher checks 1000 ms after load: listen before the page loads, so a quick answer is not missed.
  const checked = page.waitForResponse('**/_build/latest.json')
  await page.goto(server.origin + '/en/about')
  await page.waitForSelector('html[data-hydrated="true"]')
  await checked
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1))
  await page.locator('.site-header__desktop').getByRole('link', { name: 'News', exact: true }).click()
  await page.waitForURL(server.origin + '/en/news')
  await page.waitForSelector('html[data-hydrated="true"]')
  t.equal(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker), undefined, 'a fresh document: the new code is loaded')
})
