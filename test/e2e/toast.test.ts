import t from 'tap'
import { openSuite } from './browser'

const { server, browser } = await openSuite(t)

async function openPage(width = 1280) {
  // Reduced motion: the enter/leave animations would otherwise run on the real clock while timers use the fake one.
  const context = await browser.newContext({ viewport: { width, height: 800 }, locale: 'en-US', reducedMotion: 'reduce' })
  const page = await context.newPage()
  await page.clock.install()
  await page.goto(server.origin + '/en/about')
  await page.waitForSelector('html[data-enhanced="true"]')
  // From here on, time moves only through runFor(): slow actions cannot eat into a toast's life.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000)
  return { context, page }
}

t.test('life, hover pause and restart, polite region', async (t) => {
  const { context, page } = await openPage()
  t.teardown(() => context.close())
  await page.evaluate(() => window.site!.toast.add({ severity: 'success', summary: 'Saved', detail: 'All good', life: 3000 }))
  const item = page.locator('[role="status"] .toast', { hasText: 'Saved' })
  await item.waitFor()
  t.ok(await item.isVisible(), 'shown in the polite region')
  await page.clock.runFor(2900)
  t.equal(await item.count(), 1, 'still there before its life ends')
  await item.hover()
  await page.clock.runFor(10_000)
  t.equal(await item.count(), 1, 'hover pauses the life timer')
  await page.mouse.move(5, 5)
  await page.clock.runFor(2900)
  t.equal(await item.count(), 1, 'leaving restarts the full life')
  await page.clock.runFor(100 + 450)
  t.equal(await item.count(), 0, 'gone after its life and the leave animation')
})

t.test('errors are assertive and stay until closed; close button; group clear', async (t) => {
  const { context, page } = await openPage()
  t.teardown(() => context.close())
  await page.evaluate(() => {
    window.site!.toast.add({ severity: 'error', summary: 'Failed', group: 'form' })
    window.site!.toast.add({ severity: 'info', summary: 'Note A', group: 'form', life: 60_000 })
    window.site!.toast.add({ severity: 'warn', summary: 'Other', group: 'other', life: 60_000 })
  })
  const error = page.locator('[role="alert"] .toast', { hasText: 'Failed' })
  await error.waitFor()
  await page.clock.runFor(59_000)
  t.equal(await error.count(), 1, 'an error stays')
  t.equal(await page.locator('[role="alert"] .toast', { hasText: 'Other' }).count(), 1, 'warnings are assertive too')
  await page.evaluate(() => window.site!.toast.clear('form'))
  await page.clock.runFor(450)
  t.equal(await page.locator('.toast', { hasText: 'Failed' }).count(), 0, 'group cleared')
  t.equal(await page.locator('.toast', { hasText: 'Note A' }).count(), 0)
  const other = page.locator('.toast', { hasText: 'Other' })
  t.equal(await other.count(), 1, 'another group stays')
  await other.getByRole('button', { name: 'Close' }).click()
  await page.clock.runFor(450)
  t.equal(await other.count(), 0, 'closed with its button')
})

t.test('the region sits bottom-right and never wider than the viewport minus 20px', async (t) => {
  const { context, page } = await openPage(320)
  t.teardown(() => context.close())
  await page.evaluate(() => window.site!.toast.add({ summary: 'A rather long summary that has to wrap on a small phone screen', life: 60_000 }))
  await page.locator('.toast').waitFor()
  const box = (await page.locator('.toast-region').boundingBox())!
  t.ok(box.width <= 300, `width ${box.width} <= 300`)
  t.ok(box.x + box.width <= 320 && box.x + box.width >= 300, 'right edge near the viewport edge')
  t.ok(box.y + box.height >= 700, 'at the bottom')
})
