// Dialogs say what will happen, and the enrolment page speaks the newcomer's language, in Chromium. An
// enrolment link opened by an English browser is in English with a link to the Japanese page (and back),
// its authenticator key the same after a reload; enrolled with a passkey, the account keeps the language.
// The confirmation dialog shows the words the button carries (the account and what follows; a role
// change names the role just chosen; a schedule names the language and the time typed), and its button
// says the action, in Japanese and in English; without JavaScript the step says the same. No console
// error. With STAFF_SCREENSHOTS=<folder> the enrolment page, the dialogs and a step without JavaScript are
// saved at 390, 1024, 1366 and 1920 px wide in both languages.
import t from 'tap'
import type { Test } from 'tap'
import type { Page } from 'playwright-core'
import { contentCopy, enrolWithPassword, hydrated, openStaffSuite, screenshots } from './staff-helpers'
import { watchConsole } from './browser'

const contentDir = contentCopy(t, 'staff-dialogs-e2e-content-')
const { SITE_URL, browser, addAccount, enrolledPage } = await openStaffSuite(t, 'staff-dialogs-e2e-', { CONTENT_DIR: contentDir })

const secretShown = async (page: Page) => new URL((await page.textContent('[data-otpauth-uri]'))!).searchParams.get('secret')

t.test("the enrolment page in the browser's language, with the language links; the same key after a reload", async (t) => {
  const link = addAccount('newcomer@example.test', 'editor', 'Alex Newcomer')
  const heading = { en: 'Start using the staff area', ja: '管理画面の利用を始める' }
  for (const [locale, lang, other] of [['ja-JP', 'ja', 'en'], ['en-US', 'en', 'ja']] as const) {
    const context = await browser.newContext({ locale })
    t.teardown(() => context.close())
    const page = await context.newPage()
    const problems = watchConsole(page)
    await page.goto(link)
    await hydrated(page)
    t.equal(await page.getAttribute('html', 'lang'), lang, `${locale}: the page in ${lang}`)
    t.equal(await page.textContent('h1'), heading[lang])
    const key = await secretShown(page)
    await screenshots(page, `enrol-${lang}`)
    await page.reload()
    await hydrated(page)
    t.equal(await secretShown(page), key, `${lang}: the same key after a reload`)
    await Promise.all([page.waitForURL(`${link}?lang=${other}`), page.click(`.lang-switch a[data-locale="${other}"]`)])
    await hydrated(page)
    t.equal(await page.getAttribute('html', 'lang'), other, `the link to ${other}`)
    t.equal(await secretShown(page), key, `${other}: still the same key`)
    if (lang === 'en') {
      await page.click('.lang-switch a[data-locale="en"]')
      await hydrated(page)
      await enrolWithPassword(page)
      t.equal(await page.getAttribute('html', 'lang'), 'en', 'back to English: the recovery codes in English')
    }
    t.same(problems, [], `${lang}: no console error or warning`)
  }
})

/** Opens the dialog with `open`, checks it shows the words the button carries and its action's name; pictures it; cancels. */
async function dialogSays(t: Test, page: Page, button: string, open: () => Promise<void>, expected: { title: RegExp | string; action: string }, shot: string) {
  await open()
  const dialog = page.locator('dialog.confirm-dialog[open]')
  await dialog.waitFor()
  const carried = { title: await page.getAttribute(button, 'data-confirm-title'), text: await page.getAttribute(button, 'data-confirm-text') }
  const shown = { title: await dialog.locator('#confirm-title').textContent(), text: await dialog.locator('#confirm-text').textContent() }
  t.same(shown, carried, `${shot}: the dialog shows the button's words`)
  t.match(shown.title, expected.title, `${shot}: ${shown.title}`)
  t.ok(shown.text, `${shot}: and what follows: ${shown.text}`)
  t.equal(await dialog.locator('.confirm-dialog__actions button:last-child').textContent(), expected.action, `${shot}: the button names the action`)
  t.equal(await dialog.getAttribute('aria-describedby'), 'confirm-text', `${shot}: read out with the question`)
  await screenshots(page, shot)
  await page.keyboard.press('Escape')
  await page.waitForSelector('dialog.confirm-dialog[open]', { state: 'detached' })
}

t.test('the dialogs say what will happen, in Japanese and in English', async (t) => {
  addAccount('hanako@example.jp', 'editor', '山田 花子')
  const words = {
    ja: {
      disable: { title: '山田 花子（hanako@example.jp）のアカウントを無効にしますか？', action: '無効にする' },
      role: { title: '山田 花子（hanako@example.jp）の権限を「管理者」に変更しますか？', action: '権限を変更する' },
      schedule: { title: '「We have moved our head office」の英語版を 2027-01-04 09:30 に公開しますか？', action: '予約する' },
    },
    en: {
      disable: { title: 'Disable the account of 山田 花子 (hanako@example.jp)?', action: 'Disable' },
      role: { title: 'Change the role of 山田 花子 (hanako@example.jp) to Admin?', action: 'Change the role' },
      schedule: { title: 'Publish the English version of “We have moved our head office” at 2027-01-04 09:30?', action: 'Schedule' },
    },
  }
  for (const [locale, lang] of [['ja-JP', 'ja'], ['en-US', 'en']] as const) {
    const { context, page, problems } = await enrolledPage(t, `boss-${lang}@example.test`, 'admin', `Boss ${lang}`, { locale, viewport: { width: 1366, height: 900 } })
    t.equal(await page.getAttribute('html', 'lang'), lang, `enrolled with a ${locale} browser: the staff area in ${lang}`)
    await page.goto(`${SITE_URL}/admin/accounts`)
    await hydrated(page)
    const row = 'tr[data-account="hanako@example.jp"]'
    const disable = `${row} form[data-op="disable"] button`
    await dialogSays(t, page, disable, () => page.click(disable), words[lang].disable, `dialog-disable-${lang}`)
    const role = `${row} form[data-op="role"] button`
    await dialogSays(t, page, role, async () => {
      await page.selectOption(`${row} select[name="role"]`, 'admin')
      await page.click(role)
    }, words[lang].role, `dialog-role-${lang}`)

    await page.goto(`${SITE_URL}/admin/content/news/2026-04-new-office`)
    await hydrated(page)
    const apply = '[data-form="publish-en"] button[type="submit"]'
    await dialogSays(t, page, apply, async () => {
      await page.check('#publish-en-schedule')
      await page.fill('#publish-en-at', '2027-01-04T09:30')
      await page.click(apply)
    }, words[lang].schedule, `dialog-schedule-${lang}`)
    t.same(problems, [], `${lang}: no console error or warning`)

    // Without JavaScript the same form goes as it is, and the page answers with the step in the same words.
    const plain = await browser.newContext({ storageState: await context.storageState(), javaScriptEnabled: false, locale, viewport: { width: 1366, height: 900 } })
    t.teardown(() => plain.close())
    const noScript = await plain.newPage()
    await noScript.goto(`${SITE_URL}/admin/accounts`)
    const carried = await noScript.getAttribute(disable, 'data-confirm-text')
    await Promise.all([noScript.waitForLoadState(), noScript.click(disable)])
    await noScript.waitForSelector('[data-confirm="disable"]')
    t.equal(await noScript.textContent('#confirm-step-title'), words[lang].disable.title, `${lang}: the step without JavaScript asks the same`)
    t.equal(await noScript.textContent('#confirm-step-text'), carried, `${lang}: and says what follows the same`)
    await screenshots(noScript, `step-disable-${lang}`)
  }
})
