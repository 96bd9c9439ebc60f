import t from 'tap'
import { openSuite, watchConsole } from './browser'

const { server, browser } = await openSuite(t)


t.test('every kind of page starts with no console error, in both languages', async (t) => {
  const context = await browser.newContext()
  t.teardown(() => context.close())
  const page = await context.newPage()
  const problems = watchConsole(page)
  const paths = ['/', '/en', '/about', '/en/service', '/ja/greeting', '/news', '/en/news/2026-04-new-office', '/construction-project/minato-office-tower', '/en/contact', '/contact/success', '/en/privacy-policy', '/term-of-service', '/en/no-such-page']
  for (const path of paths) {
    problems.length = 0
    const res = await page.goto(server.origin + path)
    await page.waitForSelector('html[data-enhanced="true"]')
    t.ok(await page.locator('h1').first().isVisible(), `${path}: h1 visible`)
    // The browser itself reports the 404 status of the error page; nothing else may appear.
    const expected = res?.status() === 404 ? ['error: Failed to load resource: the server responded with a status of 404 (Not Found)'] : []
    t.same(problems, expected, `${path}: no console error or warning`)
  }
})

t.test('the language switch keeps the page and remembers the choice', async (t) => {
  const context = await browser.newContext()
  t.teardown(() => context.close())
  const page = await context.newPage()
  await page.goto(server.origin + '/construction-project/minato-office-tower')
  await page.waitForSelector('html[data-enhanced="true"]')
  const requests: string[] = []
  page.on('request', (r) => requests.push(new URL(r.url()).pathname))
  await page.locator('.site-header__desktop .lang-switch a[data-locale="en"]').click()
  await page.waitForURL(server.origin + '/en/construction-project/minato-office-tower')
  const endpoint = requests.indexOf('/_locale/en')
  const nextPage = requests.indexOf('/en/construction-project/minato-office-tower')
  // The endpoint is the cookie's one writer (its SameSite/Secure follow the server's configuration).
  t.ok(endpoint !== -1 && endpoint < nextPage, 'the switch goes through the endpoint that writes the cookie')
  t.notOk(requests.some((p) => p.startsWith('/_i18n/')), 'no messages to load: the next page is a document')
  t.equal(await page.getAttribute('html', 'lang'), 'en')
  t.equal(await page.locator('h1').first().textContent(), 'Minato office tower')
  const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected')
  t.equal(cookie?.value, 'en', 'cookie written')
  t.equal(cookie?.sameSite, 'Lax')
  t.ok(cookie && cookie.expires > Date.now() / 1000 + 364 * 86400, 'kept for a year')
  await page.goto(server.origin + '/')
  t.equal(page.url(), server.origin + '/en', 'the bare root now goes to English')
})

t.test('without JavaScript the switch works too', async (t) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 700 } })
  t.teardown(() => context.close())
  const page = await context.newPage()
  await page.goto(server.origin + '/en/news')
  await page.locator('summary.site-menu__toggle').click()
  await page.locator('.site-menu .lang-switch a[data-locale="ja"]').click()
  await page.waitForURL(server.origin + '/news')
  t.equal(await page.getAttribute('html', 'lang'), 'ja')
  t.equal((await context.cookies()).find((c) => c.name === 'i18n_redirected')?.value, 'ja')
})

t.test('the Back button of the 404 page goes to the localised home', async (t) => {
  const context = await browser.newContext()
  t.teardown(() => context.close())
  const page = await context.newPage()
  const res = await page.goto(server.origin + '/en/does-not-exist')
  t.equal(res?.status(), 404)
  await page.waitForSelector('html[data-enhanced="true"]')
  await page.getByRole('link', { name: 'Back' }).click()
  await page.waitForURL(server.origin + '/en')
  t.equal(await page.title(), 'Soei Construction Co., Ltd.')
  const ja = await page.goto(server.origin + '/ja/nothing-here')
  t.equal(ja?.status(), 404)
  await page.getByRole('link', { name: '戻る' }).click()
  await page.waitForURL(server.origin + '/ja')
  t.equal(await page.getAttribute('html', 'lang'), 'ja')
})

t.test('an unhandled error while a page hydrates swaps it for the error page, except for crawlers', async (t) => {
  for (const [ua, bot] of [[undefined, false], ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', true]] as const) {
    const context = await browser.newContext(ua ? { userAgent: ua } : {})
    t.teardown(() => context.close())
    const page = await context.newPage()
    page.on('pageerror', () => {})
    // Break the shipped page state so that rendering the contact form throws in the browser only.
    await page.route('**/en/contact', async (route) => {
      const res = await route.fetch()
      const body = (await res.text()).replace('"values":{', '"broken":{')
      await route.fulfill({ response: res, body })
    })
    // The error boundary logs the error once it has put its fallback on screen, for either kind of visitor.
    const caught = page.waitForEvent('console', { predicate: (m) => m.text().includes('Unhandled application error') })
    await page.goto(server.origin + '/en/contact')
    await page.waitForSelector('html[data-enhanced="true"]')
    await page.locator('#contact-name').focus() // the first touch of the form hydrates the page
    await caught
    if (bot) {
      t.equal(await page.locator('h1').first().textContent(), 'Contact', 'crawler: page stays as rendered')
    } else {
      await page.waitForSelector('h1:has-text("Internal Server Error")')
      t.match(await page.locator('.error-page__code').textContent(), '500', 'visitor: error page replaces the app')
      t.ok(await page.getByRole('link', { name: 'Back' }).isVisible())
    }
  }
})
