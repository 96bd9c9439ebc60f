import t from 'tap'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { h1 } from '../../helper'
import { loadContent } from '../../../server/content/load'
import { LOCAL, postForm } from '../staff/web-helper'
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

t.test('a signed link shows the saved draft to anyone until it expires; then 410', async (t) => {
  const { app, dir, editor, editorAccount, time } = await editorApp(t)
  await withDraft(dir, app)
  const page = await app.inject({ url: LINK_PAGE, headers: editor.headers })
  t.equal(page.statusCode, 200)
  t.match(page.body, 'data-form="preview-link"')
  const made = await postForm(app, LINK_PAGE, editor.headers, { _csrf: editor.csrf, locale: 'ja', ttl: 'hour' })
  t.equal(made.statusCode, 200)
  const link = madeLink(made.body)
  t.match(link, /^https:\/\/www\.example\.test\/admin\/preview\/news\.2026-12-draft\.ja\.[0-9a-z]+\.[\w-]+$/)
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
