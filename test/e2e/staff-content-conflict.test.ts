// Two editors on one article in Chromium (two browser contexts, two accounts made by the built CLI): the
// second sees "also editing: <the first>"; the first saves; the second saves another change and gets the
// conflict page with both versions field by field; "keep mine" goes through the confirmation dialog and
// the file holds their text; on the revisions page one of them compares the two saves (the changed words
// marked) and restores the first through the confirmation dialog; the public page serves it. Axe on the
// conflict and revisions pages in both themes; one walk in Japanese, one in English. (The preview, a
// signed link and a one-editor restore are staff-content-preview.test.ts's.) Then a file broken by hand:
// its page (409) names it, and its text is fixed through the dialog. STAFF_SCREENSHOTS=<folder> keeps
// pictures of the conflict, revisions and broken-file pages at 390, 1024, 1366 and 1920 px.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import type { Test } from 'tap'
import type { Page } from 'playwright-core'
import { axeInBothThemes, contentCopy, hydrated, openStaffSuite, screenshots } from './staff-helpers'

const contentDir = contentCopy(t, 'conflict-e2e-content-')
const { SITE_URL, enrolledPage } = await openStaffSuite(t, 'staff-conflict-e2e-', { CONTENT_DIR: contentDir })


/** Clicks a button that asks first, and confirms in the dialog. */
async function confirmed(page: Page, button: string) {
  await page.click(button)
  await page.click('dialog.confirm-dialog[open] .button--primary')
}

interface Walk {
  lang: 'ja' | 'en'
  slug: string
  /** The public page of the article in that language. */
  publicPath: string
  accounts: [string, string][]
  titles: [string, string]
  /** The two words that differ between the titles (what the comparison marks). */
  words: [string, string]
  also: string
}

async function walk(t: Test, w: Walk) {
  const item = `${SITE_URL}/admin/content/news/${w.slug}`
  const file = join(contentDir, 'news', `${w.slug}.${w.lang}.md`)
  const title = `#f-${w.lang}-title`
  const options = { locale: w.lang === 'ja' ? 'ja-JP' : 'en-US', viewport: { width: 1366, height: 900 } }
  const first = await enrolledPage(t, w.accounts[0]![0], 'editor', w.accounts[0]![1], options)
  const second = await enrolledPage(t, w.accounts[1]![0], 'editor', w.accounts[1]![1], options)
  // Enrolled from a browser in that language: the account keeps it.
  for (const { page } of [first, second]) t.equal(await page.getAttribute('html', 'lang'), w.lang)

  await first.page.goto(item)
  await hydrated(first.page)
  await second.page.goto(item)
  await hydrated(second.page)
  t.match(await second.page.textContent('[data-presence]'), `${w.also}${w.accounts[0]![1]}`, 'the second sees the first (drawn by the server)')

  await first.page.fill(title, w.titles[0])
  await confirmed(first.page, '#content-editor .form-actions button[type="submit"]')
  await first.page.waitForSelector('[data-notice="saved"]')
  t.match(readFileSync(file, 'utf8'), w.titles[0])

  await second.page.fill(title, w.titles[1])
  await confirmed(second.page, '#content-editor .form-actions button[type="submit"]')
  await second.page.waitForSelector('[data-conflict]')
  await hydrated(second.page)
  const row = second.page.locator(`[data-differs="${w.lang}.title"] td`)
  t.same(await row.allTextContents(), [w.titles[0], w.titles[1]], 'theirs and mine, field by field')
  const differs = await second.page.locator('[data-differs]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-differs')))
  t.same(differs, [`${w.lang}.title`], 'only the field that differs (not the bodies, sent with \\r\\n)')
  t.match(readFileSync(file, 'utf8'), w.titles[0], 'nothing saved over theirs yet')
  await axeInBothThemes(t, second.page, `the conflict page (${w.lang})`)
  await screenshots(second.page, `conflict-${w.lang}`)

  // Keep mine: the dialog asks first; cancelling saves nothing.
  await second.page.click('button[name="keep"][value="mine"]')
  await second.page.click('dialog.confirm-dialog[open] .button--secondary')
  await second.page.waitForSelector('dialog.confirm-dialog[open]', { state: 'detached' })
  t.equal(await second.page.locator('[data-conflict]').count(), 1, 'cancelled: still the conflict page')
  t.match(readFileSync(file, 'utf8'), w.titles[0])
  await confirmed(second.page, 'button[name="keep"][value="mine"]')
  await second.page.waitForSelector('[data-notice="saved"]')
  t.match(readFileSync(file, 'utf8'), w.titles[1], 'the file holds their text')

  // The revisions: the two saves compared (the changed words marked), the first restored.
  await second.page.goto(`${item}/revisions`)
  await hydrated(second.page)
  const seqs = await second.page.locator('table[data-revisions] tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-revision')!))
  t.equal(seqs.length, 2)
  await second.page.check(`input[name="older"][value="${seqs[1]}"]`)
  await second.page.check(`input[name="newer"][value="${seqs[0]}"]`)
  await Promise.all([second.page.waitForURL(/older=/), second.page.click('button[form="revision-compare"]')])
  await hydrated(second.page)
  t.match(await second.page.locator(`[data-field="${w.lang}.title"] del`).textContent(), w.words[0])
  t.match(await second.page.locator(`[data-field="${w.lang}.title"] ins`).textContent(), w.words[1])
  await axeInBothThemes(t, second.page, `the revisions page (${w.lang})`)
  await screenshots(second.page, `revisions-${w.lang}`)

  await confirmed(second.page, `tr[data-revision="${seqs[1]}"] form[data-op="restore"] button`)
  await second.page.waitForSelector('[data-notice="restored"]')
  t.match(readFileSync(file, 'utf8'), w.titles[0], 'the first version restored')
  const served = await fetch(`${SITE_URL}${w.publicPath}`).then((r) => r.text())
  t.match(served, w.titles[0], 'the public page serves the restored text')
  t.notMatch(served, w.titles[1])
  t.same(first.problems, [], 'no console error or warning (first)')
  // The conflict page is answered 409, which Chromium reports in the console: that one, nothing else.
  const conflictStatus = (p: string) => /status of 409 \(Conflict\)/.test(p)
  t.equal(second.problems.filter(conflictStatus).length, 1, 'the one 409: the conflict page')
  t.same(second.problems.filter((p) => !conflictStatus(p)), [], 'no other console error or warning (second)')
}

t.test('two editors in Japanese: presence, conflict, keep mine, compare, restore', (t) =>
  walk(t, {
    lang: 'ja',
    slug: '2026-04-new-office',
    publicPath: '/news/2026-04-new-office',
    accounts: [
      ['first@example.test', '先田 一郎'],
      ['second@example.test', '後藤 二葉'],
    ],
    titles: ['本社を品川に移転しました', '本社を横浜に移転しました'],
    words: ['品川', '横浜'],
    also: 'ほかに編集中: ',
  }),
)

t.test('two editors in English: the same walk', (t) =>
  walk(t, {
    lang: 'en',
    slug: '2025-12-article-02',
    publicPath: '/en/news/2025-12-article-02',
    accounts: [
      ['first-en@example.test', 'Ann First'],
      ['second-en@example.test', 'Ben Second'],
    ],
    titles: ['Our new office opens in Osaka', 'Our new office opens in Kobe'],
    words: ['Osaka', 'Kobe'],
    also: 'Also editing: ',
  }),
)

t.test('a file broken by hand: the page names it, its text fixed through the dialog', async (t) => {
  const file = join(contentDir, 'news', '2025-11-article-03.ja.md')
  const good = readFileSync(file, 'utf8')
  writeFileSync(file, good.replace(/^title: .*$/m, 'title: [閉じていない'))
  const { page, problems } = await enrolledPage(t, 'fixer@example.test', 'editor', '修理 三郎', { locale: 'ja-JP', viewport: { width: 1366, height: 900 } })
  const res = await page.goto(`${SITE_URL}/admin/content/news/2025-11-article-03`)
  t.equal(res?.status(), 409)
  await hydrated(page)
  t.match(await page.textContent('[data-unreadable="news/2025-11-article-03.ja.md"]'), 'YAML として読めません')
  await axeInBothThemes(t, page, 'the unreadable file page (ja)')
  await screenshots(page, 'unreadable-ja')
  await page.fill('#raw-0', good.replace(/^title: .*$/m, 'title: "直した記事"'))
  await confirmed(page, '[data-form="raw-save"] button[type="submit"]')
  await page.waitForSelector('[data-notice="saved"]')
  t.match(readFileSync(file, 'utf8'), 'title: "直した記事"')
  t.equal(problems.filter((p) => !/status of 409 \(Conflict\)/.test(p)).length, 0, 'no console error but the 409 itself')
})
