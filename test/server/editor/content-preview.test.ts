import t from 'tap'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { h1 } from '../../helper'
import { LOCAL, postForm } from '../staff/web-helper'
import { editorApp, newsForm } from './preview-helper'

const PREVIEW = '/admin/content/news/2026-12-year-end/preview'

t.test('the form as typed -> the public page at the item URL, drafts shown, nothing written', async (t) => {
  const { app, dir, editor } = await editorApp(t)
  const res = await postForm(app, `${PREVIEW}?locale=ja`, editor.headers, { _csrf: editor.csrf, ...newsForm() })
  t.equal(res.statusCode, 200)
  t.equal(h1(res.body)?.trim(), '年末年始の営業について', 'the article page, its title as typed')
  t.match(res.body, '<strong>休業</strong>', 'the Markdown body drawn by the site renderer')
  t.match(res.body, /<html lang="ja"/)
  t.match(res.body, /rel="canonical" href="https:\/\/www\.example\.test\/news\/2026-12-year-end"/, 'at its public URL')
  // Never stored, never indexed, framed by the staff area only, no script runs in it.
  t.equal(res.headers['cache-control'], 'no-store')
  t.match(res.headers['x-robots-tag'], 'noindex')
  t.equal(res.headers['x-frame-options'], 'SAMEORIGIN')
  t.match(res.headers['content-security-policy'], "frame-ancestors 'self'")
  t.match(res.headers['content-security-policy'], "script-src 'none'")
  t.notMatch(res.body, /<script(?! type="application\/(?:ld\+)?json")/, 'no script (none may run): only the page data')
  t.notMatch(res.body, 'modulepreload')
  t.notOk(existsSync(join(dir, 'news/2026-12-year-end.ja.md')), 'no file written')
  t.equal((await app.inject({ url: '/news/2026-12-year-end' })).statusCode, 404, 'not on the site')
})

t.test('in either language; a language not written is the site’s 404 page', async (t) => {
  const { app, editor } = await editorApp(t)
  const both = newsForm({ 'has.en': '1', 'en.title': 'Year-end holidays', 'en.date': '2026-12-20', 'en.category': 'notice', 'en.excerpt': 'Our year-end days.', 'en.body': 'Closed.' })
  const en = await postForm(app, `${PREVIEW}?locale=en`, editor.headers, { _csrf: editor.csrf, ...both })
  t.equal(en.statusCode, 200)
  t.equal(h1(en.body)?.trim(), 'Year-end holidays')
  t.match(en.body, /<html lang="en"/)
  const missing = await postForm(app, `${PREVIEW}?locale=en`, editor.headers, { _csrf: editor.csrf, ...newsForm() })
  t.equal(missing.statusCode, 404)
})

t.test('an existing article edited: the preview shows the edit, the site still the saved text', async (t) => {
  const { app, dir, editor } = await editorApp(t)
  const before = readFileSync(join(dir, 'news/2026-04-new-office.ja.md'), 'utf8')
  const form = newsForm({ 'ja.title': '本社を移転します（改訂）', 'ja.date': '2026-04-01', 'ja.draft': '' })
  const res = await postForm(app, '/admin/content/news/2026-04-new-office/preview', editor.headers, { _csrf: editor.csrf, ...form })
  t.equal(res.statusCode, 200)
  t.equal(h1(res.body)?.trim(), '本社を移転します（改訂）')
  t.equal(h1((await app.inject({ url: '/news/2026-04-new-office' })).body)?.trim(), '本社を移転しました')
  t.equal(readFileSync(join(dir, 'news/2026-04-new-office.ja.md'), 'utf8'), before)
})

t.test('a tree with problems: 422 with the problems in words, in the staff member’s language', async (t) => {
  const { app, editor } = await editorApp(t)
  const res = await postForm(app, PREVIEW, editor.headers, { _csrf: editor.csrf, ...newsForm({ 'ja.date': '2026-02-30' }) })
  t.equal(res.statusCode, 422)
  t.match(res.body, 'data-preview-problems')
  t.match(res.body, 'サイトに次の問題が生じます')
  t.match(res.body, /news\/2026-12-year-end\.ja\.md: date/)
  t.equal(res.headers['cache-control'], 'no-store')
})

t.test('hostile text is shown inert', async (t) => {
  const { app, editor } = await editorApp(t)
  const res = await postForm(app, PREVIEW, editor.headers, { _csrf: editor.csrf, ...newsForm({ 'ja.title': '<script>alert(1)</script>', 'ja.body': '<img src=x onerror=alert(1)> [x](javascript:alert(1))' }) })
  t.equal(res.statusCode, 200)
  t.notMatch(res.body, '<script>alert(1)')
  t.notMatch(res.body, '<img src=x')
  t.notMatch(res.body, 'href="javascript:')
})

t.test('editors and admins only, with the session token', async (t) => {
  const { app, editor, responder } = await editorApp(t)
  t.equal((await postForm(app, PREVIEW, responder.headers, { _csrf: responder.csrf, ...newsForm() })).statusCode, 403, 'a responder')
  t.equal((await postForm(app, PREVIEW, editor.headers, newsForm())).statusCode, 403, 'no token')
  const nobody = await postForm(app, PREVIEW, LOCAL, newsForm())
  t.equal(nobody.statusCode, 303, 'nobody: to the sign-in page')
  t.match(nobody.headers.location, /^\/admin\/sign-in\?next=/)
  t.equal((await postForm(app, '/admin/content/bogus/x/preview', editor.headers, { _csrf: editor.csrf })).statusCode, 404, 'no such kind')
  t.equal((await app.inject({ url: PREVIEW, headers: editor.headers })).statusCode, 405, 'a POST only')
})
