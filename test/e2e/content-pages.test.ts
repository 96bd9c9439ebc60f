import t from 'tap'
import { openSuite, watchConsole } from './browser'

// The shipped sample content: the recruitment and access pages are written in content/pages/ and
// listed in site.yml's menus. They are reached like any page: a link of the header (a document load),
// with a language switch to their English version.
const { server, browser } = await openSuite(t, { CONTENT_DIR: 'content' })

t.test('the header links the recruitment page; its language switch leads to Careers', async (t) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  t.teardown(() => context.close())
  const page = await context.newPage()
  const problems = watchConsole(page)
  const documents: string[] = []
  page.on('request', (req) => {
    if (req.resourceType() === 'document') documents.push(new URL(req.url()).pathname)
  })
  await page.goto(server.origin + '/ja')
  await page.waitForSelector('html[data-enhanced="true"]')
  documents.length = 0

  const recruit = page.locator('.site-header__desktop .site-nav a', { hasText: '採用情報' })
  t.equal(await recruit.getAttribute('href'), '/ja/recruit', 'the header lists 採用情報')
  await recruit.click()
  await page.waitForURL(server.origin + '/ja/recruit')
  await page.waitForFunction(() => document.getElementById('page-title')?.textContent === '採用情報')
  t.same(documents, ['/ja/recruit'], 'one document request')
  t.match(await page.title(), /^採用情報 \| /)
  t.match(await page.getAttribute('link[rel="canonical"]', 'href'), /\/recruit$/)
  t.equal(await page.locator('.site-header__desktop a[aria-current="page"]').textContent(), '採用情報', 'the header shows the current page')
  t.same(await page.locator('.breadcrumb li').allTextContents(), ['ホーム', '採用情報'])

  await page.locator('.site-header__desktop .lang-switch a[data-locale="en"]').click()
  await page.waitForURL(server.origin + '/en/recruit')
  await page.waitForFunction(() => document.documentElement.lang === 'en' && document.getElementById('page-title')?.textContent === 'Careers')
  t.equal(await page.locator('.site-header__desktop .site-nav a', { hasText: 'Careers' }).getAttribute('href'), '/en/recruit', 'the English header shows Careers')
  t.same(
    await page.locator('.site-footer__links a').evaluateAll((links) => links.map((a) => [a.textContent, a.getAttribute('href')])),
    [
      ['Company', '/en/about'],
      ['Services', '/en/service'],
      ['Message', '/en/greeting'],
      ['Projects', '/en/construction-project'],
      ['News', '/en/news'],
      ['Careers', '/en/recruit'],
      ['Access', '/en/access'],
      ['Contact', '/en/contact'],
      ['Privacy policy', '/en/privacy-policy'],
      ['Terms of service', '/en/term-of-service'],
    ],
    'the footer lists the menu of site.yml, Access included',
  )
  t.same(problems, [], 'no console error or warning')
})

t.test('the access page shows the map from the content folder', async (t) => {
  const context = await browser.newContext()
  t.teardown(() => context.close())
  const page = await context.newPage()
  const problems = watchConsole(page)
  await page.goto(server.origin + '/en/access')
  await page.waitForSelector('html[data-enhanced="true"]')
  const map = page.locator('.prose picture img')
  t.match(await map.getAttribute('src'), /^\/media\/[0-9a-f]{16}\/access-map-\d+\.jpg$/, 'a self-hosted image')
  await page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>('.prose picture img')
    img?.scrollIntoView()
    return !!img && img.complete && img.naturalWidth > 0
  })
  t.match(await page.locator('.prose').textContent(), /Toranomon Station/)
  t.same(problems, [], 'no console error or warning')
})
