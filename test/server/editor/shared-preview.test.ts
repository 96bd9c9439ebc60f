import t from 'tap'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { h1 } from '../../helper'
import { loadContent } from '../../../server/content/load'
import { clock, LOCAL, postForm, signIn } from '../staff/web-helper'
import { formOf, openItem, post } from './pages-helper'
import { editorApp } from './preview-helper'

const HOUR = 3_600_000
const LINK_PAGE = '/admin/content/news/2026-12-draft/preview-link'

/** A saved draft with a cover no published item shows (its own image file). */
async function withDraft(dir: string, app: Awaited<ReturnType<typeof editorApp>>['app']) {
  writeFileSync(join(dir, 'images/draft-only.svg'), readFileSync(join(dir, 'images/small.svg'), 'utf8').replace('</svg>', '<!-- draft --></svg>'))
  const text = ['---', 'title: 下書きの記事', 'date: "2026-12-20"', 'category: notice', 'excerpt: 下書きの概要。', 'cover: images/draft-only.svg', 'coverAlt: 下書きの表紙', 'draft: true', '---', '', '下書きの本文です。', ''].join('\n')
  writeFileSync(join(dir, 'news/2026-12-draft.ja.md'), text)
  const reloaded = await app.reloadContent('test')
  if (!reloaded.ok) throw new Error(reloaded.problems.join('\n'))
}

/** The link a POST of the link page made, as the page shows it. */
const madeLink = (html: string) => /id="preview-link-url"[^>]*value="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&') ?? ''

/** The path of a link made by `staff` on an item's link page. */
async function linkPath(app: Awaited<ReturnType<typeof editorApp>>['app'], staff: { headers: Record<string, string>; csrf: string }, page: string, locale: string, ttl: string) {
  const made = await postForm(app, page, staff.headers, { _csrf: staff.csrf, locale, ttl })
  return new URL(madeLink(made.body)).pathname
}

/** site_preview_link_pages_total by result, read from the app's own registry. */
async function linkPages(app: Awaited<ReturnType<typeof editorApp>>['app']) {
  const metric = await app.metrics!.registry.getSingleMetric('site_preview_link_pages_total')!.get()
  return Object.fromEntries(metric.values.map((v) => [v.labels.result, v.value]))
}

t.test('a signed link shows the saved draft to anyone until it expires; then 410', async (t) => {
  const { app, dir, editor, editorAccount, time } = await editorApp(t)
  await withDraft(dir, app)
  const page = await app.inject({ url: LINK_PAGE, headers: editor.headers })
  t.equal(page.statusCode, 200)
  t.match(page.body, 'data-form="preview-link"')
  const made = await postForm(app, LINK_PAGE, editor.headers, { _csrf: editor.csrf, locale: 'ja', ttl: 'hour' })
  t.equal(made.statusCode, 200)
  const link = madeLink(made.body)
  t.match(link, /^https:\/\/www\.example\.test\/admin\/preview\/news\.2026-12-draft\.ja\.[0-9a-f]{24}\.[0-9a-z]+\.[\w-]+$/)
  const audit = await app.staffStore.listAudit({ action: 'content.preview-link', limit: 10 })
  t.same(
    audit.map((a) => [a.accountId, a.target]),
    [[editorAccount.account.id, 'news/2026-12-draft ja hour']],
    'audited',
  )

  const path = new URL(link).pathname
  const shown = await app.inject({ url: path, headers: LOCAL }) // nobody signed in
  t.equal(shown.statusCode, 200)
  t.equal(h1(shown.body)?.trim(), '下書きの記事')
  t.match(shown.body, '下書きの本文です。')
  t.equal(shown.headers['cache-control'], 'no-store')
  t.match(shown.headers['x-robots-tag'], 'noindex')
  t.match(shown.headers['content-security-policy'], "frame-ancestors 'none'")
  t.equal((await app.inject({ url: '/news/2026-12-draft' })).statusCode, 404, 'the draft is not on the site')

  // The draft's own cover: served while the preview is fresh (it is no image of the site's content).
  const media = [...shown.body.matchAll(/\/media\/[0-9a-f]+\/draft-only-\d+\.(?:webp|avif|jpg)/g)].map((m) => m[0])
  t.ok(media.length > 0, 'the cover is drawn')
  t.equal((await app.inject({ url: media[0]! })).statusCode, 200, 'the draft cover is served after the preview')

  time.advance(HOUR - 1)
  t.equal((await app.inject({ url: path, headers: LOCAL })).statusCode, 200, 'a moment before expiry')
  time.advance(1)
  const expired = await app.inject({ url: path, headers: LOCAL })
  t.equal(expired.statusCode, 410)
  t.match(expired.body, 'data-preview-link-problem="expired"')
  t.match(expired.body, '有効期限が切れています')
  t.equal(expired.headers['cache-control'], 'no-store')
  // The last preview drew it a millisecond before the link expired: an hour after that, no longer served.
  time.advance(HOUR)
  t.equal((await app.inject({ url: media[0]! })).statusCode, 404, 'the draft cover no longer served an hour after the last preview')
})

t.test('a forged or altered link: 404; a deleted item: 404', async (t) => {
  const { app, dir, editor } = await editorApp(t)
  await withDraft(dir, app)
  const made = await postForm(app, LINK_PAGE, editor.headers, { _csrf: editor.csrf, locale: 'ja', ttl: 'week' })
  const path = new URL(madeLink(made.body)).pathname
  const altered = path.replace('2026-12-draft', '2026-04-new-office')
  for (const url of [altered, '/admin/preview/x', `${path}x`, '/admin/preview/news.a.ja.zzzzzzzz.AAAA']) {
    const res = await app.inject({ url, headers: LOCAL })
    t.equal(res.statusCode, 404, url)
    t.match(res.body, 'data-preview-link-problem="invalid"')
  }
  rmSync(join(dir, 'news/2026-12-draft.ja.md'))
  const gone = await app.inject({ url: path, headers: LOCAL })
  t.equal(gone.statusCode, 404)
  t.match(gone.body, 'data-preview-link-problem="gone"')
})

t.test('the link page: editors only, an item that exists, a language it has', async (t) => {
  const { app, dir, editor, responder } = await editorApp(t)
  await withDraft(dir, app)
  t.equal((await app.inject({ url: LINK_PAGE, headers: responder.headers })).statusCode, 403)
  t.equal((await app.inject({ url: '/admin/content/news/no-such-item/preview-link', headers: editor.headers })).statusCode, 404)
  // English is not written: the link is made for the language the item has.
  const made = await postForm(app, LINK_PAGE, editor.headers, { _csrf: editor.csrf, locale: 'en', ttl: 'forever' })
  t.match(madeLink(made.body), /\.ja\.[0-9a-z]+\./)
  t.equal((await postForm(app, LINK_PAGE, editor.headers, { locale: 'ja', ttl: 'day' })).statusCode, 403, 'no token')
})

t.test('a link shows its own item only: no other draft or scheduled article, nor their images', async (t) => {
  const { app, dir, editor } = await editorApp(t)
  await withDraft(dir, app)
  writeFileSync(join(dir, 'images/other-draft.svg'), readFileSync(join(dir, 'images/small.svg'), 'utf8').replace('</svg>', '<!-- other --></svg>'))
  const other = (slug: string, title: string, extra: string) =>
    writeFileSync(join(dir, `news/${slug}.ja.md`), ['---', `title: ${title}`, extra, 'category: notice', `excerpt: ${title}の概要。`, 'cover: images/other-draft.svg', 'coverAlt: 別の表紙', '---', '', `${title}の本文。`, ''].join('\n'))
  other('2026-12-other-draft', 'ほかの下書き', 'date: "2026-12-19"\ndraft: true')
  other('2027-01-scheduled', '予約中の記事', 'date: "2027-01-05 09:00"')
  t.ok((await app.reloadContent('test')).ok)
  const made = await postForm(app, LINK_PAGE, editor.headers, { _csrf: editor.csrf, locale: 'ja', ttl: 'day' })
  const shown = await app.inject({ url: new URL(madeLink(made.body)).pathname, headers: LOCAL })
  t.equal(shown.statusCode, 200)
  t.equal(h1(shown.body)?.trim(), '下書きの記事', 'the linked draft')
  t.notMatch(shown.body, 'ほかの下書き', 'no other draft (its next/previous links)')
  t.notMatch(shown.body, '予約中の記事', 'no scheduled article')
  t.notMatch(shown.body, '2026-12-other-draft')
  const hashOf = async (file: string) => [...(await loadContent(dir, { drafts: true })).images.byHash.values()].find((s) => s.path.endsWith(file))!.hash
  t.ok(app.contentPreview.image(await hashOf('draft-only.svg')), "the linked draft's cover is served")
  t.equal(app.contentPreview.image(await hashOf('other-draft.svg')), undefined, "another draft's image is not opened by the link")
})

t.test("a link shows the saved state it was made for: the item saved again since, 410 in the link's language", async (t) => {
  const { app, dir, editor, editorAccount } = await editorApp(t)
  const ITEM = '/admin/content/news/2026-04-new-office'
  const path = await linkPath(app, editor, `${ITEM}/preview-link`, 'en', 'week')
  t.match(path, /^\/admin\/preview\/news\.2026-04-new-office\.en\.[0-9a-f]{24}\.[0-9a-z]+\.[\w-]+$/, 'the state is in the signed part')
  t.equal(h1((await app.inject({ url: path, headers: LOCAL })).body)?.trim(), 'We have moved our head office')

  // A later draft edit through the editor: the English version made a draft with a title not meant for the link's holder.
  const staff = { who: editorAccount, ...editor }
  const { form, base } = formOf(await openItem(app, staff, 'news', '2026-04-new-office'))
  t.equal((await post(app, staff, ITEM, { ...form, base, 'en.title': 'A later draft, not shared', 'en.draft': '1', confirmed: '1' })).statusCode, 303)
  const stale = await app.inject({ url: path, headers: LOCAL }) // nobody signed in, no language cookie: Japanese but for the link's
  t.equal(stale.statusCode, 410)
  t.match(stale.body, 'data-preview-link-problem="stale"')
  t.match(stale.body, 'This preview link is out of date', "in the link's language")
  t.match(stale.body, 'Ask whoever shared it for a new link.')
  t.notMatch(stale.body, 'A later draft, not shared')
  t.equal(stale.headers['cache-control'], 'no-store')

  // A new link shows the new state; a hand edit of the file since (no editor, no reload) makes it out of date too.
  const fresh = await linkPath(app, editor, `${ITEM}/preview-link`, 'en', 'week')
  t.equal(h1((await app.inject({ url: fresh, headers: LOCAL })).body)?.trim(), 'A later draft, not shared')
  const file = join(dir, 'news/2026-04-new-office.en.md')
  writeFileSync(file, readFileSync(file, 'utf8').replace('A later draft, not shared', 'Edited by hand'))
  t.equal((await app.inject({ url: fresh, headers: LOCAL })).statusCode, 410)
})

t.test('every open of a link made here is audited: no account, the item, its language and expiry, never the signature', async (t) => {
  const { app, dir, editor, time } = await editorApp(t)
  await withDraft(dir, app)
  const target = `news/2026-12-draft ja until ${new Date(time.now() + HOUR).toISOString()}`
  const path = await linkPath(app, editor, LINK_PAGE, 'ja', 'hour')
  const signature = path.split('.').at(-1)!
  t.equal((await app.inject({ url: path, headers: LOCAL })).statusCode, 200)
  t.equal((await app.inject({ url: path, headers: editor.headers })).statusCode, 200, 'a signed-in editor opens it too')
  t.equal((await app.inject({ url: `${path}x`, headers: LOCAL })).statusCode, 404, 'a forged one: not audited')
  time.advance(HOUR)
  const expired = await app.inject({ url: path, headers: LOCAL })
  t.equal(expired.statusCode, 410)
  t.match(expired.body, '有効期限が切れています')
  const audit = await app.staffStore.listAudit({ action: 'content.preview-open', limit: 10 })
  t.same(
    audit.map((a) => [a.accountId, a.target, a.outcome]),
    [
      [null, target, 'refused'],
      [null, target, 'ok'],
      [null, target, 'ok'],
    ],
  )
  t.notMatch(JSON.stringify(audit), signature, 'no signature in the log')
})

t.test('a second open is answered from memory, its images still served; another state, day or site version is drawn again', async (t) => {
  const time = clock()
  const { app, dir, editor, editorAccount } = await editorApp(t, time, { metricsPort: 0 })
  await withDraft(dir, app)
  const path = await linkPath(app, editor, LINK_PAGE, 'ja', 'week')
  t.same(await linkPages(app), { hit: 0, miss: 0 })
  const first = await app.inject({ url: path, headers: LOCAL })
  t.equal(first.statusCode, 200)
  t.same(await linkPages(app), { hit: 0, miss: 1 }, 'drawn once')
  const media = /\/media\/[0-9a-f]+\/draft-only-\d+\.(?:webp|avif|jpg)/.exec(first.body)![0]

  time.advance(50 * 60_000)
  const second = await app.inject({ url: path, headers: LOCAL })
  t.equal(second.statusCode, 200)
  t.equal(second.body, first.body, 'the same page')
  t.equal(second.headers['cache-control'], 'no-store')
  t.same(await linkPages(app), { hit: 1, miss: 1 }, 'the tree not loaded again')
  time.advance(50 * 60_000)
  t.equal((await app.inject({ url: media })).statusCode, 200, 'its images served for an hour after the second open, as after a draw')

  // The site reloaded (another article published): drawn again, then kept.
  writeFileSync(join(dir, 'news/2026-11-another.ja.md'), ['---', 'title: 別の記事', 'date: "2026-11-20"', 'category: notice', 'excerpt: 別の記事の概要。', '---', '', '本文。', ''].join('\n'))
  t.ok((await app.reloadContent('test')).ok)
  for (let i = 0; i < 2; i++) t.equal((await app.inject({ url: path, headers: LOCAL })).statusCode, 200)
  t.same(await linkPages(app), { hit: 2, miss: 2 })
  // The item saved again: its link is out of date (nothing drawn, nothing kept answers it); a new link draws the new state.
  const file = join(dir, 'news/2026-12-draft.ja.md')
  writeFileSync(file, readFileSync(file, 'utf8').replace('下書きの記事', '書き直した下書き'))
  t.equal((await app.inject({ url: path, headers: LOCAL })).statusCode, 410)
  t.same(await linkPages(app), { hit: 2, miss: 2 })
  const fresh = await linkPath(app, await signIn(app, time, editorAccount), LINK_PAGE, 'ja', 'week') // signed in again: an hour and more idle
  t.equal(h1((await app.inject({ url: fresh, headers: LOCAL })).body)?.trim(), '書き直した下書き')
  t.same(await linkPages(app), { hit: 2, miss: 3 })
  // Another Japan day (a draft dated ahead is dated today): drawn again.
  time.advance(16 * HOUR)
  t.equal((await app.inject({ url: fresh, headers: LOCAL })).statusCode, 200)
  t.same(await linkPages(app), { hit: 2, miss: 4 })
})
