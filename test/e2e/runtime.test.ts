import t from 'tap'
import { readFileSync } from 'node:fs'
import { openSuite, watchConsole } from './browser'

// The client runtime's split code and its decorations, in real Chromium against the built server.
const { server, browser } = await openSuite(t)
const manifest = JSON.parse(readFileSync('dist/manifest.json', 'utf8')) as { js: string; preload: string[]; chunks: Record<string, string[]> }
const contactChunks = manifest.chunks['shared/pages/contact/form-page.tsx'] ?? []
const runtimeChunks = manifest.chunks['client/runtime.tsx'] ?? []
const entryFiles = [manifest.js, ...manifest.preload]

t.test('a page with nothing interactive runs only the start-up script; the contact form hydrates at its first touch', async (t) => {
  t.ok(contactChunks.length > 0 && runtimeChunks.length > 0, 'the build split the React code and the contact form into chunks')
  const context = await browser.newContext({ locale: 'en-US' })
  t.teardown(() => context.close())
  const page = await context.newPage()
  const problems = watchConsole(page)
  const requested: string[] = []
  page.on('request', (r) => requested.push(new URL(r.url()).pathname))
  await page.goto(server.origin + '/en/about', { waitUntil: 'networkidle' })
  await page.waitForSelector('html[data-enhanced="true"]')
  t.same(requested.filter((p) => p.endsWith('.js')).sort(), [...entryFiles].sort(), 'the about page: the start-up script and its imports, nothing else')
  t.notOk(requested.some((p) => p.startsWith('/_i18n/')), 'no messages either')
  requested.length = 0
  await page.goto(server.origin + '/en/contact', { waitUntil: 'networkidle' })
  t.ok([...runtimeChunks, ...contactChunks].every((c) => requested.includes(c)), 'the contact page fetches the form\'s code ahead')
  t.equal(await page.evaluate(() => document.documentElement.dataset.hydrated ?? null), null, 'but runs none of it before the visitor touches the form')
  // What the visitor types before the code has run is kept, and the field left is checked once it has.
  await page.locator('#contact-email').fill('not-an-address')
  await page.locator('#contact-message').focus()
  await page.waitForSelector('html[data-hydrated="true"]')
  await t.resolves(page.waitForSelector('#contact-email-error'), 'the e-mail left before hydration is checked')
  t.equal(await page.locator('#contact-email').inputValue(), 'not-an-address', 'the typed text is kept')
  // Leave the message first: its error moves the button down, and a click must not land where it was.
  await page.locator('#contact-message').blur()
  await page.waitForSelector('#contact-message-error')
  await page.getByRole('button', { name: 'Review your inquiry' }).click()
  await page.locator('.error-summary').first().waitFor()
  t.ok(await page.locator('.error-summary').first().isVisible(), 'the hydrated form validates in the browser')
  t.same(problems, [], 'no console errors or warnings')
})

t.test('code that fails to load reloads the page once, then leaves the server-rendered page', async (t) => {
  const context = await browser.newContext({ locale: 'en-US' })
  t.teardown(() => context.close())
  // As when a deploy replaced the build under an open tab: the page's chunk is gone.
  await context.route((url) => contactChunks.includes(url.pathname), (route) => route.fulfill({ status: 404, body: 'gone' }))
  const page = await context.newPage()
  let documents = 0
  page.on('request', (r) => {
    if (r.resourceType() === 'document') documents++
  })
  await page.goto(server.origin + '/en/contact')
  await page.waitForSelector('html[data-enhanced="true"]')
  const reloaded = page.waitForEvent('load')
  await page.locator('#contact-name').focus()
  await reloaded
  await page.waitForSelector('html[data-enhanced="true"]')
  const warned = page.waitForEvent('console', { predicate: (m) => m.text().includes('[reload-guard]') })
  await page.locator('#contact-name').focus()
  await warned
  t.equal(documents, 2, 'one reload, not a loop')
  t.equal(await page.evaluate(() => document.documentElement.dataset.hydrated ?? null), null, 'not hydrated')
  t.ok(await page.locator('form[method="post"]').isVisible(), 'the server-rendered form is still there (it works without JavaScript)')
  const guard = await page.evaluate(() => JSON.parse(sessionStorage.getItem('reload-guard') ?? '{}') as Record<string, number>)
  t.ok(typeof guard['/en/contact'] === 'number', 'the reload is remembered for this path')
})

/** Presses `el` with the primary pointer `inset` px from its corner; what the ripple code did at once. */
function pressAndRead(el: HTMLElement, inset: number) {
  const before = el.getBoundingClientRect()
  el.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, cancelable: true, composed: true, button: 0, isPrimary: true, clientX: before.x + inset, clientY: before.y + inset }))
  const after = el.getBoundingClientRect()
  const ripple = el.querySelector<HTMLElement>('.ripple')
  // (No helper function in here: the page gets this function's source alone.)
  return {
    ripples: el.querySelectorAll('.ripple').length,
    ariaHidden: ripple?.getAttribute('aria-hidden') ?? null,
    duration: ripple ? getComputedStyle(ripple).animationDuration : null,
    before: [before.x, before.y, before.width, before.height],
    after: [after.x, after.y, after.width, after.height],
  }
}

t.test('buttons ripple for about 400 ms, and not at all under reduced motion', async (t) => {
  for (const reducedMotion of ['no-preference', 'reduce'] as const) {
    const context = await browser.newContext({ locale: 'en-US', reducedMotion })
    const page = await context.newPage()
    await page.goto(server.origin + '/en/about')
    await page.waitForSelector('html[data-enhanced="true"]')
    const button = page.locator('.button:visible').first()
    const ripples = button.locator('.ripple')
    // The ripple lives 400 ms, however busy the machine: press and read it in one step in the page.
    const pressed = await button.evaluate(pressAndRead, 5)
    if (reducedMotion === 'reduce') {
      t.equal(pressed.ripples, 0, 'no ripple under reduced motion')
    } else {
      t.equal(pressed.ripples, 1, 'a ripple appears where the button was pressed')
      t.equal(pressed.ariaHidden, 'true', 'hidden from assistive technology')
      t.equal(pressed.duration, '0.4s')
      await ripples.first().waitFor({ state: 'detached' })
      t.equal(await button.evaluate((el) => el.classList.contains('has-ripple')), false, 'the button is left as it was')
      // A positioned button (a toast's close button) keeps its place while it ripples, so the click lands.
      await page.evaluate(() => window.site!.toast.add({ severity: 'info', summary: 'Hello', life: 60_000 }))
      const close = page.locator('.toast__close')
      await close.waitFor()
      await close.evaluate((el) => Promise.all(el.closest('.toast')!.getAnimations().map((a) => a.finished)))
      const onClose = await close.evaluate(pressAndRead, 2)
      t.equal(onClose.ripples, 1)
      t.same(onClose.after, onClose.before, 'the close button does not move')
    }
    await context.close()
  }
})
