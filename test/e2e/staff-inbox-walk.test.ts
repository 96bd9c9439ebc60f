// A responder's day in the inbox, in Chromium, once in Japanese and once in English: signs in (a passkey),
// opens the inbox from the navigation, finds an inquiry by typing its name in half-width katakana
// (stored in kanji with hiragana furigana), opens it, assigns it to themself, answers it from the
// template through the confirmation dialog, and closes it as done. The reply reaches a real SMTP server
// from MAIL_FROM with Reply-To the company's address; the store holds the status, the assignee and the
// history; axe finds nothing on the list and the inquiry.
import { readFileSync } from 'node:fs'
import t from 'tap'
import type { Page } from 'playwright-core'
import { openDatabase } from '../../server/database'
import { addInquiry } from '../server/inbox/detail-helper'
import { startSmtp, waitFor } from '../server/contact/smtp'
import { axeInBothThemes, hydrated, openStaffSuite } from './staff-helpers'
import { sqliteStores } from '../server/stores'

/** The company's address in the content the suite's server serves (test/e2e/browser.ts: CONTENT_DIR). */
const COMPANY = /^email: (\S+)$/m.exec(readFileSync('test/fixtures/content/site.yml', 'utf8'))![1]!
const smtp = await startSmtp()
t.teardown(() => smtp.close())
const { SITE_URL, enrolledPage, dataDir } = await openStaffSuite(t, 'staff-inbox-walk-', {
  SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
  MAIL_FROM: 'noreply@example.test',
  CONTACT_TO: 'staff@example.test',
})
const seed = sqliteStores(openDatabase(dataDir))
t.teardown(() => seed.close())

/** Follows a link or submits a form, waits for the next page to be loaded and hydrated. */
async function go(page: Page, url: RegExp, action: () => Promise<unknown>) {
  await Promise.all([page.waitForURL(url), action()])
  await hydrated(page)
}

const walks = [
  { lang: 'ja', visitor: { name: '山田 太郎', nameKana: 'やまだ たろう', email: 'yamada@example.jp', message: '外壁の塗装について見積りをお願いします。' }, search: 'ﾔﾏﾀﾞ', answer: '来週月曜日に伺います。' },
  { lang: 'en', visitor: { name: 'Yamada Hanako', nameKana: 'ヤマダ ハナコ', email: 'hanako@example.com', message: 'Could you look at our roof?' }, search: 'やまだ はなこ', answer: 'We will visit on Monday.' },
] as const

for (const walk of walks) {
  t.test(`a responder: search → open → assign → reply → done (${walk.lang})`, async (t) => {
    const other = await addInquiry(seed, { name: '佐々木 次郎', nameKana: 'ささき じろう', email: `sasaki-${walk.lang}@example.jp` }, walk.lang, Date.now() - 60_000)
    const id = await addInquiry(seed, walk.visitor, walk.lang, Date.now())
    const { page, problems } = await enrolledPage(t, `responder-${walk.lang}@example.test`, 'responder', walk.lang === 'ja' ? '鈴木 花子' : 'Jane Doe', { locale: walk.lang === 'ja' ? 'ja-JP' : 'en-GB', viewport: { width: 1366, height: 900 } })
    await hydrated(page)
    t.equal(await page.getAttribute('html', 'lang'), walk.lang, 'the staff area in the account\'s language (its enrolment\'s, from the browser)')

    await go(page, /\/admin\/inquiries$/, () => page.click(`nav a[href="/admin/inquiries"]`))
    t.ok(await page.locator(`a[href="/admin/inquiries/${other}"]`).count(), 'the list shows every inquiry before a search')
    await page.fill('#inquiry-q', walk.search)
    await go(page, /\/admin\/inquiries\?q=/, () => page.press('#inquiry-q', 'Enter'))
    t.equal(new URL(page.url()).searchParams.get('q'), walk.search, 'the search is in the address (a view to bookmark)')
    t.equal(await page.locator(`a[href="/admin/inquiries/${id}"]`).count(), 1, `${walk.search} finds ${walk.visitor.name}`)
    t.equal(await page.locator(`a[href="/admin/inquiries/${other}"]`).count(), 0, 'and not the other inquiry')
    await axeInBothThemes(t, page, `the inbox with a search (${walk.lang})`)

    await go(page, new RegExp(`/admin/inquiries/${id}$`), () => page.click(`a[href="/admin/inquiries/${id}"]`))
    await go(page, /notice=changed$/, () => page.click('[data-form="assign-me"] button'))
    const body = await page.inputValue('#reply-body')
    t.match(body, id, 'the template quotes the reference')
    await page.fill('#reply-body', `${body}\n${walk.answer}`)
    await page.click('[data-form="reply"] button[type="submit"]')
    await page.waitForSelector('dialog.confirm-dialog[open]')
    await go(page, /notice=replied$/, () => page.click('dialog.confirm-dialog[open] .button--primary'))

    await page.selectOption('#triage-status', 'done')
    await go(page, /notice=changed$/, () => page.click('[data-form="triage"] button[type="submit"]'))
    await axeInBothThemes(t, page, `the answered inquiry (${walk.lang})`)

    await waitFor(() => smtp.mails.some((m) => m.to.includes(walk.visitor.email) && m.text.includes(walk.answer)), 30_000)
    const reply = smtp.mails.find((m) => m.to.includes(walk.visitor.email) && m.text.includes(walk.answer))!
    t.equal(reply.from, 'noreply@example.test', 'sent from MAIL_FROM')
    t.match(reply.headers['reply-to'], COMPANY, 'answers go to the company')
    t.match(reply.text, id, 'the reply carries the reference')

    const detail = (await seed.inbox.detail(id))!
    t.equal(detail.inquiry.status, 'done', 'done')
    t.equal(detail.inquiry.assigneeName, walk.lang === 'ja' ? '鈴木 花子' : 'Jane Doe', 'assigned to the responder')
    const kinds = detail.events.map((e) => e.kind)
    for (const kind of ['view', 'assign', 'reply', 'status']) t.ok(kinds.includes(kind as never), `the history has a ${kind} event`)
    const statuses = detail.events.filter((e) => e.kind === 'status').map((e) => e.data.to)
    t.same(statuses, ['waiting', 'done'], 'the reply moved it to waiting, then the responder closed it')
    await page.reload()
    await hydrated(page)
    t.match(await page.textContent('[data-history]'), walk.lang === 'ja' ? '鈴木 花子' : 'Jane Doe', 'the history names who did it')
    t.same(problems, [], 'no console error or warning')
  })
}
