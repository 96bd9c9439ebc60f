import t, { type Test } from 'tap'
import type { Page } from 'playwright-core'
import { PAGE_TAGS_END, PAGE_TAGS_START } from '../../shared/head-tags'
import { openSuite, watchConsole } from './browser'

const { server, browser } = await openSuite(t)

/** The document's head, node by node: page tags and fixed tags as markup, the two comments as they stand. */
function headNodes(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.head.childNodes].map((node) => (node instanceof Element ? node.outerHTML : node instanceof Comment ? `<!--${node.data}-->` : `#${node.nodeName}`)),
  )
}

/** The page tags alone: what stands between the two comments. */
function pageTags(nodes: string[]): string[] {
  return nodes.slice(nodes.indexOf(`<!--${PAGE_TAGS_START}-->`) + 1, nodes.indexOf(`<!--${PAGE_TAGS_END}-->`))
}

/** A visitor whose browser asks for Japanese: the bare root stays Japanese. */
const VISITOR = { viewport: { width: 1280, height: 900 }, locale: 'ja-JP' }

/** The head of a full load of the same URL, in a page of its own. */
async function fullLoadHead(path: string): Promise<string[]> {
  const page = await browser.newPage(VISITOR)
  try {
    await page.goto(server.origin + path)
    await page.waitForSelector('html[data-hydrated="true"]')
    return await headNodes(page)
  } finally {
    await page.close()
  }
}

/**
 * Follows a link without a document load and waits until the new page is on screen and the head
 * no longer holds the previous page's tags (every step here leads to a page with other tags).
 */
async function follow(page: Page, href: string, previous: string[]): Promise<void> {
  await page.locator(`a[data-nav][href="${href}"]`).first().click()
  await page.waitForFunction(
    ([to, before, start, end]) => {
      const html = document.head.innerHTML
      const tags = html.slice(html.indexOf(`<!--${start}-->`) + `<!--${start}-->`.length, html.indexOf(`<!--${end}-->`))
      return location.pathname + location.search === to && !document.documentElement.dataset.navigating && tags !== before
    },
    [href, previous.join(''), PAGE_TAGS_START, PAGE_TAGS_END] as const,
  )
}

/** Follows each link in turn from a full load of `start`; after each, the head must be the one a full load would have. */
async function walk(t: Test, start: string, hrefs: string[], prepare?: (page: Page, href: string) => Promise<unknown>) {
  const context = await browser.newContext(VISITOR)
  t.teardown(() => context.close())
  const page = await context.newPage()
  const problems = watchConsole(page)
  await page.goto(server.origin + start)
  await page.waitForSelector('html[data-hydrated="true"]')
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1))
  let before = pageTags(await headNodes(page))
  for (const href of hrefs) {
    await prepare?.(page, href)
    await follow(page, href, before)
    t.equal(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker), 1, `${href}: reached without a document load`)
    const now = await headNodes(page)
    const expected = await fullLoadHead(href)
    t.same(pageTags(now), pageTags(expected), `${href}: the page tags of a full load, in order`)
    t.same(now, expected, `${href}: the whole head of a full load (fixed tags kept, page tags in their place)`)
    before = pageTags(now)
  }
  // The payload of a missing page answers 404 (the error page's state), which the browser reports as such.
  const missing = hrefs.filter((href) => href.includes('no-such')).map(() => 'error: Failed to load resource: the server responded with a status of 404 (Not Found)')
  t.same(problems, missing, 'no console error or warning besides the 404 of the missing page')
}

t.test('Japanese: home, news list, an article, projects, a project, a content page', async (t) => {
  await walk(t, '/', ['/news', '/news/2026-04-new-office', '/construction-project', '/construction-project/minato-office-tower', '/about'])
})

t.test('English: a list page past the first, a project, the 404 page of a missing article', async (t) => {
  // No page links to a missing article: the test adds such a link, as a stale page elsewhere might.
  const addMissingLink = (page: Page, href: string) =>
    href.includes('no-such')
      ? page.evaluate((to) => {
          const a = Object.assign(document.createElement('a'), { href: to, textContent: 'gone' })
          a.setAttribute('data-nav', '')
          document.querySelector('main')!.append(a)
        }, href)
      : Promise.resolve()
  await walk(t, '/en/news', ['/en/news?page=2', '/en/construction-project', '/en/construction-project/minato-office-tower', '/en/news/no-such-article'], addMissingLink)
})
