import t from 'tap'
import { openSuite } from './browser'

const { server, browser } = await openSuite(t)

const bodyBackground = (page: import('playwright-core').Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor)
const LIGHT_BG = 'rgb(246, 245, 242)'
const DARK_BG = 'rgb(16, 21, 28)'

t.test('system theme follows prefers-color-scheme; no switch without JavaScript', async (t) => {
  for (const [colorScheme, bg] of [['light', LIGHT_BG], ['dark', DARK_BG]] as const) {
    const context = await browser.newContext({ colorScheme, javaScriptEnabled: false })
    t.teardown(() => context.close())
    const page = await context.newPage()
    await page.goto(server.origin + '/en/about')
    t.equal(await bodyBackground(page), bg, `${colorScheme}: page background`)
    t.equal(await page.locator('.theme-switch').first().isVisible(), false, 'switch hidden without JavaScript')
  }
})

t.test('a stored choice applies before first paint (no flash), even before the bundle runs', async (t) => {
  const context = await browser.newContext({ colorScheme: 'light' })
  t.teardown(() => context.close())
  await context.addInitScript(() => localStorage.setItem('theme', 'dark'))
  const page = await context.newPage()
  // Hold the bundle back: whatever colours the page now comes from the head script alone.
  let release!: () => void
  const held = new Promise<void>((r) => (release = r))
  await page.route('**/assets/entry-*.js', async (route) => {
    await held
    await route.continue()
  })
  // As on a busy machine: the whole document is parsed (down to the footer) before the stylesheet arrives.
  let releaseStyles!: () => void
  const stylesHeld = new Promise<void>((r) => (releaseStyles = r))
  await page.route('**/assets/*.css', async (route) => {
    await stylesHeld
    await route.continue()
  })
  await page.goto(server.origin + '/en/about', { waitUntil: 'commit' })
  await page.waitForSelector('footer', { state: 'attached' })
  releaseStyles()
  // DOMContentLoaded and load wait for the held module script. The first paint needs the body and
  // the stylesheet: wait until the parser is in the body and every stylesheet has loaded.
  await page.waitForFunction(() => document.body !== null && [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet !== null))
  t.equal(await page.evaluate(() => document.documentElement.dataset.hydrated), undefined, 'the bundle has not run')
  t.equal(await page.getAttribute('html', 'data-theme'), 'dark')
  t.equal(await bodyBackground(page), DARK_BG, 'dark from the first paint')
  release()
})

t.test('the switch: Auto / Light / Dark, aria-pressed, remembered across pages', async (t) => {
  const context = await browser.newContext({ colorScheme: 'light', viewport: { width: 1280, height: 800 } })
  t.teardown(() => context.close())
  const page = await context.newPage()
  await page.goto(server.origin + '/en/about')
  const desktop = page.locator('.site-header__desktop .theme-switch')
  // The switch is shown once it has read the stored choice (an effect after hydration).
  await desktop.waitFor({ state: 'visible' })
  t.equal(await desktop.getByRole('button', { name: 'Auto' }).getAttribute('aria-pressed'), 'true')
  await desktop.getByRole('button', { name: 'Dark' }).click()
  t.equal(await bodyBackground(page), DARK_BG)
  t.equal(await desktop.getByRole('button', { name: 'Dark' }).getAttribute('aria-pressed'), 'true')
  await page.goto(server.origin + '/en/news')
  t.equal(await bodyBackground(page), DARK_BG, 'remembered on the next page')
  await page.waitForSelector('html[data-enhanced="true"]')
  await page.locator('.site-header__desktop .theme-switch').getByRole('button', { name: 'Auto' }).click()
  t.equal(await bodyBackground(page), LIGHT_BG, 'Auto follows the system again')
  t.equal(await page.evaluate(() => localStorage.getItem('theme')), null)
})
