import t from 'tap'
import Database from 'better-sqlite3'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { openSuite } from './browser'

const dataDir = mkdtempSync(join(tmpdir(), 'contact-e2e-'))
const { server, browser } = await openSuite(t, { DATA_DIR: dataDir, CONTACT_MIN_FILL_MS: '0', RATE_LIMIT_CONTACT_MAX: '1000' })

/** The contact page hydrates at the visitor's first touch of the form (client/hydrate.ts): focus a field, wait for React. */
async function hydrateForm(page: import('playwright-core').Page) {
  await page.waitForSelector('html[data-enhanced="true"]')
  await page.focus('#contact-name')
  await page.waitForSelector('html[data-hydrated="true"]')
}

function stored(id: string): Record<string, string> | undefined {
  const db = new Database(join(dataDir, 'inquiries.db'), { readonly: true })
  try {
    return db.prepare('SELECT * FROM inquiries WHERE id = ?').get(id) as Record<string, string> | undefined
  } finally {
    db.close()
  }
}
const countStored = () => {
  const db = new Database(join(dataDir, 'inquiries.db'), { readonly: true })
  try {
    return db.prepare('SELECT COUNT(*) FROM inquiries').pluck().get() as number
  } finally {
    db.close()
  }
}

async function fillValid(page: Page, lang: 'ja' | 'en') {
  await page.fill('#contact-name', lang === 'ja' ? '山田 太郎' : 'Jane Smith')
  await page.fill('#contact-email', 'taro@example.com')
  await page.fill('#contact-emailConfirm', 'taro@example.com')
  await page.fill('#contact-phone', '０３ー１２３４ー５６７８')
  await page.selectOption('#contact-inquiryType', 'renovation')
  await page.fill('#contact-message', 'Line 1\n<b>not bold</b>')
  await page.check('#contact-privacyConsent')
}

const reference = async (page: Page) => (await page.locator('[data-reference]').textContent())!.trim()

t.test('with JavaScript: blur validation, summary, review, back to edit, send through the API', async (t) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  t.teardown(() => context.close())
  const page = await context.newPage()
  const problems: string[] = []
  page.on('pageerror', (err) => problems.push(err.message))
  await page.goto(server.origin + '/contact')
  await hydrateForm(page)

  await page.focus('#contact-name')
  await page.keyboard.press('Tab')
  await t.resolves(page.waitForSelector('#contact-name-error:has-text("入力してください。")'), 'error after the first blur')
  t.equal(await page.getAttribute('#contact-name', 'aria-invalid'), 'true')
  await page.fill('#contact-name', '山田')
  await page.waitForSelector('#contact-name-error', { state: 'detached' })
  t.pass('validated as the visitor types once the field was left')

  await page.getByRole('button', { name: '入力内容を確認する' }).click()
  const summary = page.locator('.error-summary')
  await summary.waitFor()
  t.match(await summary.locator('h2').textContent(), /件の項目にエラーがあります。/)
  t.equal(await page.evaluate(() => document.activeElement?.classList.contains('error-summary')), true, 'focus on the summary')
  t.match(await page.title(), /^エラー：お問い合わせ \| /)
  await summary.getByRole('link', { name: /メールアドレス：/ }).first().click()
  t.equal(await page.evaluate(() => document.activeElement?.id), 'contact-email', 'a summary link focuses its field')

  await fillValid(page, 'ja')
  await page.fill('#contact-nameKana', 'ヤマダ タロウ')
  await page.focus('#contact-nameKana')
  await page.keyboard.press('Tab')
  t.equal(await page.locator('#contact-nameKana-error').count(), 0, 'furigana with a space between the words passes')
  await page.getByRole('button', { name: '入力内容を確認する' }).click()
  await page.locator('#contact-review-title').waitFor()
  t.equal(await page.locator('.review-list__row--nameKana dd').textContent(), 'ヤマダ　タロウ', 'shown with one full-width space')
  t.equal(await page.locator('.review-list__row--phone dd').textContent(), '03-1234-5678', 'full-width digits shown half-width')
  t.equal(await page.locator('.review-list__row--message dd').textContent(), 'Line 1\n<b>not bold</b>', 'shown as text')
  t.equal(await page.locator('[aria-current="step"]').textContent(), '2確認')
  t.match(await page.title(), /^入力内容の確認 \| /)

  await page.getByRole('button', { name: '入力内容を修正する' }).click()
  await page.locator('#contact-name').waitFor()
  t.equal(await page.inputValue('#contact-name'), '山田 太郎', 'values kept on the way back')
  t.equal(await page.inputValue('#contact-phone'), '03-1234-5678')

  await page.getByRole('button', { name: '入力内容を確認する' }).click()
  await page.locator('#contact-review-title').waitFor()
  await page.goBack()
  await page.locator('#contact-name').waitFor()
  t.equal(await page.inputValue('#contact-email'), 'taro@example.com', 'the Back button returns to the form, values kept')
  await page.reload()
  await hydrateForm(page)
  await page.waitForFunction(() => (document.getElementById('contact-name') as HTMLInputElement).value === '山田 太郎')
  t.pass('a reload keeps what was typed')

  const before = countStored()
  await page.getByRole('button', { name: '入力内容を確認する' }).click()
  await page.getByRole('button', { name: 'この内容で送信する' }).dblclick()
  await page.waitForURL(/\/contact\/success\?ref=Q-\d{8}-[0-9A-Z]{6}$/)
  const ref = await reference(page)
  t.equal(new URL(page.url()).searchParams.get('ref'), ref)
  t.equal(stored(ref)?.phone, '03-1234-5678')
  t.equal(stored(ref)?.name_kana, 'ヤマダ　タロウ')
  t.equal(countStored(), before + 1, 'a double click stores once')
  t.same(problems, [])
})

t.test('with JavaScript: the Japanese form\'s draft fills the English form without its furigana', async (t) => {
  const context = await browser.newContext()
  t.teardown(() => context.close())
  const page = await context.newPage()
  await page.goto(server.origin + '/contact')
  await hydrateForm(page)
  await fillValid(page, 'ja')
  await page.fill('#contact-nameKana', 'やまだ') // not katakana: blocks the Japanese form
  await page.goto(server.origin + '/en/contact') // same tab: the draft is in sessionStorage
  await hydrateForm(page)
  await page.waitForFunction(() => (document.getElementById('contact-email') as HTMLInputElement).value === 'taro@example.com')
  t.pass('the draft was taken back')
  await page.getByRole('button', { name: 'Review your inquiry' }).click()
  await page.locator('#contact-review-title').waitFor()
  t.equal(await page.locator('.error-summary').count(), 0, 'no summary pointing at a field the English form does not have')
  t.equal(await page.locator('.review-list__row--nameKana').count(), 0, 'no furigana row')
  await Promise.all([page.waitForURL(/\/en\/contact\/success\?ref=/), page.getByRole('button', { name: 'Send' }).click()])
  const ref = await reference(page)
  t.equal(stored(ref)?.locale, 'en')
  t.equal(stored(ref)?.name_kana, null, 'nothing stored for the furigana')
})

t.test('with JavaScript: a failed send keeps the review and shows a toast and an inline message', async (t) => {
  const context = await browser.newContext()
  t.teardown(() => context.close())
  const page = await context.newPage()
  await page.route('**/api/contact', (route) =>
    route.fulfill({ status: 429, contentType: 'application/json', headers: { 'retry-after': '60' }, body: JSON.stringify({ message: 'Too many requests in a short time. Please wait a moment and try again.' }) }),
  )
  await page.goto(server.origin + '/en/contact')
  await hydrateForm(page)
  await fillValid(page, 'en')
  await page.getByRole('button', { name: 'Review your inquiry' }).click()
  await page.getByRole('button', { name: 'Send' }).click()
  const toast = page.locator('[data-toast-region] [role="alert"] .toast')
  await toast.waitFor()
  t.match(await toast.textContent(), /Could not send.*Too many requests/)
  t.match(await page.locator('.contact-review .form-notice').textContent(), /Too many requests/)
  t.equal(await page.locator('.review-list__row--name dd').textContent(), 'Jane Smith', 'still on the review step')
  await toast.getByRole('button', { name: 'Close' }).click()
  await toast.waitFor({ state: 'detached' })
})

t.test('without JavaScript: the same steps as form POSTs', async (t) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } })
  t.teardown(() => context.close())
  const page = await context.newPage()
  await page.goto(server.origin + '/en/contact')
  t.equal(await page.locator('#contact-nameKana').count(), 0, 'no kana field in English')

  await page.fill('#contact-name', 'Jane Smith')
  const invalid = await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Review your inquiry' }).click()])
  t.equal(invalid[0]?.status(), 422)
  t.match(await page.locator('.error-summary h2').textContent(), /^5 items have errors\.$/)
  t.equal(await page.locator('.error-summary:focus').count(), 1, 'the summary has the focus (autofocus)')
  t.match(await page.title(), /^Error: Contact \| /)
  t.equal(await page.inputValue('#contact-name'), 'Jane Smith', 'typed values kept')
  t.match(await page.locator('#contact-email-error').textContent(), /Please enter a value\./)

  await fillValid(page, 'en')
  await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Review your inquiry' }).click()])
  t.equal(await page.locator('.review-list__row--phone dd').textContent(), '03-1234-5678')
  t.equal(await page.locator('.review-list__row--inquiryType dd').textContent(), 'Renovation or remodelling')

  await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Back to edit' }).click()])
  t.equal(await page.inputValue('#contact-message'), 'Line 1\n<b>not bold</b>', 'values kept after Back to edit')
  t.equal(await page.isChecked('#contact-privacyConsent'), true)

  await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Review your inquiry' }).click()])
  await Promise.all([page.waitForURL(/\/en\/contact\/success\?ref=/), page.getByRole('button', { name: 'Send' }).click()])
  const ref = await reference(page)
  t.match(ref, /^Q-\d{8}-[0-9A-Z]{6}$/)
  t.equal(stored(ref)?.locale, 'en')
  t.equal(stored(ref)?.message, 'Line 1\n<b>not bold</b>')
  t.match(await page.locator('h1').textContent(), /.+/)
  await page.reload()
  t.equal(await reference(page), ref, 'a reload of the success page sends nothing again')
})

t.test('without JavaScript: a reload of the review sends it again (same review), Back returns to the form with the values', async (t) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  t.teardown(() => context.close())
  const page = await context.newPage()
  await page.goto(server.origin + '/en/contact')
  await fillValid(page, 'en')
  await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Review your inquiry' }).click()])
  t.equal(await page.locator('.review-list__row--name dd').textContent(), 'Jane Smith')
  const before = countStored()

  // Headless Chromium repeats the POST without asking (a headed one asks first): step=review again.
  const reloaded = await page.reload()
  t.equal(reloaded?.request().method(), 'POST', 'the reload repeats the POST')
  t.equal(reloaded?.status(), 200)
  t.equal(await page.locator('.review-list__row--name dd').textContent(), 'Jane Smith', 'the review again, values kept')
  t.equal(await page.locator('.review-list__row--message dd').textContent(), 'Line 1\n<b>not bold</b>')
  t.equal(countStored(), before, 'a review sends nothing')

  // Back: the form page (a GET, no-store, so fetched again with a new token); Chromium puts back what was typed.
  const back = await page.goBack()
  t.equal(back?.request().method(), 'GET')
  t.equal(await page.locator('#contact-review-title').count(), 0, 'the form, not the review')
  t.equal(await page.inputValue('#contact-name'), 'Jane Smith', 'values kept after Back')
  t.equal(await page.inputValue('#contact-email'), 'taro@example.com')
  t.equal(await page.inputValue('#contact-emailConfirm'), 'taro@example.com')
  t.equal(await page.inputValue('#contact-phone'), '０３ー１２３４ー５６７８', 'as typed')
  t.equal(await page.inputValue('#contact-inquiryType'), 'renovation')
  t.equal(await page.inputValue('#contact-message'), 'Line 1\n<b>not bold</b>')
  t.equal(await page.isChecked('#contact-privacyConsent'), true)

  await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Review your inquiry' }).click()])
  await Promise.all([page.waitForURL(/\/en\/contact\/success\?ref=/), page.getByRole('button', { name: 'Send' }).click()])
  t.equal(stored(await reference(page))?.name, 'Jane Smith', 'the form restored by Back sends')
})

t.test('without JavaScript: Back from the review to a form that answered a POST (errors) keeps the values', async (t) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  t.teardown(() => context.close())
  const page = await context.newPage()
  await page.goto(server.origin + '/en/contact')
  await fillValid(page, 'en')
  await page.fill('#contact-emailConfirm', 'other@example.com')
  const invalid = await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Review your inquiry' }).click()])
  t.equal(invalid[0]?.status(), 422)
  await page.fill('#contact-emailConfirm', 'taro@example.com')
  await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Review your inquiry' }).click()])
  t.equal(await page.locator('.review-list__row--name dd').textContent(), 'Jane Smith', 'the review')

  // The page before the review answered a POST: Back shows it from the browser's own history cache.
  await page.goBack()
  t.equal(await page.locator('#contact-review-title').count(), 0, 'the form, not the review')
  t.equal(await page.inputValue('#contact-name'), 'Jane Smith', 'values kept after Back')
  t.equal(await page.inputValue('#contact-message'), 'Line 1\n<b>not bold</b>')
  await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Review your inquiry' }).click()])
  await Promise.all([page.waitForURL(/\/en\/contact\/success\?ref=/), page.getByRole('button', { name: 'Send' }).click()])
  t.equal(stored(await reference(page))?.name, 'Jane Smith', 'and it sends')
})

t.test('with JavaScript: an invisible character in a one-line field is refused in the browser, kept in the message', async (t) => {
  const context = await browser.newContext()
  t.teardown(() => context.close())
  const page = await context.newPage()
  const problems: string[] = []
  page.on('pageerror', (err) => problems.push(err.message))
  await page.goto(server.origin + '/en/contact')
  await hydrateForm(page)
  await fillValid(page, 'en')
  await page.fill('#contact-name', 'Jane\u200BSmith')
  await page.fill('#contact-message', 'see\u200Bhere')
  await page.focus('#contact-name')
  await page.keyboard.press('Tab')
  await t.resolves(page.waitForSelector('#contact-name-error:has-text("invisible characters (such as zero-width spaces)")'), 'the message of the page\'s language, at once')
  const before = countStored()
  await page.getByRole('button', { name: 'Review your inquiry' }).click()
  await page.locator('.error-summary').waitFor()
  t.equal(await page.locator('#contact-message-error').count(), 0, 'the message may hold it')
  await page.fill('#contact-name', 'Jane Smith')
  await page.getByRole('button', { name: 'Review your inquiry' }).click()
  await page.locator('#contact-review-title').waitFor()
  await page.getByRole('button', { name: 'Send' }).click()
  await page.waitForURL(/\/en\/contact\/success\?ref=/)
  t.equal(stored(await reference(page))?.message, 'see\u200Bhere', 'stored as typed')
  t.equal(countStored(), before + 1)
  t.same(problems, [])
})
