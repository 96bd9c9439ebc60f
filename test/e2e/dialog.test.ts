import t from 'tap'
import { openSuite } from './browser'

const { server, browser } = await openSuite(t)

t.test('confirmation dialog: modal, initial focus on Cancel, Escape cancels, focus returns, answers', async (t) => {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } })
  t.teardown(() => context.close())
  const page = await context.newPage()
  await page.goto(server.origin + '/en/about')
  await page.waitForSelector('html[data-enhanced="true"]')
  t.equal(await page.locator('dialog.confirm-dialog').isVisible(), false, 'nothing shown until asked')

  // Ask from a focused control, as a real button would.
  const opener = page.locator('.site-header__desktop').getByRole('link', { name: 'Contact' })
  await opener.focus()
  const answer = page.evaluate(() => window.site!.confirm('delete'))
  const dialog = page.getByRole('dialog', { name: 'Are you sure you want to delete it?' })
  await dialog.waitFor()
  t.equal(await page.evaluate(() => document.activeElement?.textContent), 'Cancel', 'first focus: the least destructive action')
  await page.keyboard.press('Tab')
  t.equal(await page.evaluate(() => document.activeElement?.textContent), 'OK')
  await page.keyboard.press('Tab')
  t.equal(await page.evaluate(() => document.activeElement?.textContent), 'Cancel', 'Tab wraps: focus stays inside the modal')
  await page.keyboard.press('Shift+Tab')
  t.equal(await page.evaluate(() => document.activeElement?.textContent), 'OK', 'Shift+Tab wraps too')
  await page.keyboard.press('Escape')
  t.equal(await answer, false, 'Escape cancels')
  // The answer comes first; the dialog closes on the next render and its close event returns the focus.
  await t.resolves(dialog.waitFor({ state: 'hidden' }), 'the dialog closes')
  await t.resolves(page.waitForFunction(() => document.activeElement?.textContent === 'Contact'), 'focus back on the opener')

  const yes = page.evaluate(() => window.site!.confirm('save'))
  await page.getByRole('dialog', { name: 'Are you sure you want to save it?' }).waitFor()
  await page.getByRole('button', { name: 'OK' }).click()
  t.equal(await yes, true, 'OK confirms')

  await page.goto(server.origin + '/about')
  await page.waitForSelector('html[data-enhanced="true"]')
  const ja = page.evaluate(() => window.site!.confirm('consent'))
  await page.getByRole('dialog', { name: '同意してもよろしいですか？' }).waitFor()
  await page.getByRole('button', { name: 'キャンセル' }).click()
  t.equal(await ja, false)
})
