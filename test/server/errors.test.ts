import t from 'tap'
import { build, h1, headTags, logCollector, pageState } from '../helper'
import { loadContent } from '../../server/content/load'
import { FIXTURE_CONTENT } from '../helper'

t.test('unknown paths: 404 error page in the path language', async (t) => {
  const app = await build(t)
  const cases = [
    { url: '/nope', lang: 'ja', title: 'ページが見つかりません', description: 'お探しのページは存在しないか、URLに誤りがあります。', back: '戻る', home: '/' },
    { url: '/ja/nope/deeper', lang: 'ja', title: 'ページが見つかりません', description: 'お探しのページは存在しないか、URLに誤りがあります。', back: '戻る', home: '/ja' },
    { url: '/en/nope', lang: 'en', title: 'Not Found', description: 'The page does not exist or the URL has an error.', back: 'Back', home: '/en' },
  ]
  for (const c of cases) {
    const res = await app.inject(c.url)
    t.equal(res.statusCode, 404, `${c.url} status`)
    t.match(res.headers['content-type'], /text\/html/)
    const head = headTags(res.body)
    t.equal(head.lang, c.lang)
    t.equal(head.robots, 'noindex', 'error pages are noindex')
    t.equal(head.canonical, undefined, 'and have no canonical')
    t.equal(h1(res.body), c.title)
    t.match(res.body, c.description)
    t.match(res.body, `Page not found: ${c.url}`)
    t.match(res.body, /class="error-page__code"[^>]*>404</)
    t.match(res.body, new RegExp(`href="${c.home}"[^>]*>${c.back}</a>`), 'Back goes to the localised index')
    t.match(res.body, /data-layout="error"/, 'error layout')
    t.notMatch(res.body, /class="breadcrumb"/)
    t.match(res.body, /href="\/_locale\//, 'keeps a working language switch')
    t.equal(pageState(res.body).error.statusCode, 404)
  }
})

t.test('detail routes: an invalid or unknown slug answers 404 "Page Not Found: {path}"', async (t) => {
  const app = await build(t)
  for (const url of ['/news/bad.slug', '/en/news/%E3%81%82', '/construction-project/no-such-project', '/en/construction-project/a%20b', '/news/does-not-exist']) {
    const res = await app.inject(url)
    t.equal(res.statusCode, 404, url)
    t.match(res.body, `Page Not Found: ${url}`, `${url} message`)
  }
  const en = await app.inject('/en/news/bad.slug')
  t.equal(h1(en.body), 'Not Found')
})

t.test('a thrown error in a page renders the 500 page, is logged with the request id, and the server stays up', async (t) => {
  const loaded = await loadContent(FIXTURE_CONTENT)
  loaded.content.listNews = () => {
    throw new Error('database on fire')
  }
  const content = loaded
  const log = logCollector()
  const app = await build(t, { logLevel: 'info' }, { content, logStream: log.stream })
  const res = await app.inject({ url: '/en/news', headers: { 'x-request-id': 'req-123' } })
  t.equal(res.statusCode, 500)
  t.equal(res.headers['cache-control'], 'no-store', 'a failure is never kept by a shared cache')
  t.equal(h1(res.body), 'Internal Server Error')
  t.match(res.body, 'An internal server error occurred.')
  t.notMatch(res.body, /database on fire/, 'no internal detail leaks')
  const errors = log.lines.filter((l) => l.level >= 50)
  t.equal(errors.length, 1, 'logged once')
  t.equal(errors[0]?.reqId, 'req-123', 'with the request id')
  t.match(errors[0]?.err?.message, /database on fire/, 'with the error')
  t.match(errors[0]?.err?.stack, /^Error: database on fire\n\s+at /, 'with its stack')
  t.match(errors[0]?.err?.stack, /errors\.test\.ts/, 'the stack points at where it was thrown')
  const ok = await app.inject('/en/about')
  t.equal(ok.statusCode, 200, 'next request is served')
})

t.test('a render error inside a component also gives the 500 page', async (t) => {
  const loaded = await loadContent(FIXTURE_CONTENT)
  const real = loaded.content.getProject('minato-office-tower', 'ja')!
  // A value React cannot render (an object as a child) makes the component throw while rendering.
  loaded.content.getProject = () => ({ ...real, location: { toString: () => 'x' } as unknown as string })
  const app = await build(t, {}, { content: loaded })
  const res = await app.inject('/construction-project/x')
  t.equal(res.statusCode, 500)
  t.match(res.body, /サーバー内部エラー/)
})

t.test('JSON errors only for the API and for requests that ask for JSON, in the request language', async (t) => {
  const app = await build(t)
  const post = await app.inject({ method: 'POST', url: '/about', headers: { 'accept-language': 'en', accept: 'application/json' } })
  t.equal(post.statusCode, 404)
  t.same(post.json(), { statusCode: 404, message: 'Not Found' })
  const ja = await app.inject({ method: 'DELETE', url: '/api/nothing' })
  t.same(ja.json(), { statusCode: 404, message: 'ページが見つかりません' })
  const page = await app.inject({ method: 'POST', url: '/en/about', headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } })
  t.equal(page.statusCode, 404, 'a browser posting to a page gets the 404 page')
  t.match(page.headers['content-type'], /text\/html/)
  t.equal(h1(page.body), 'Not Found')
  const asset = await app.inject('/assets/missing.js')
  t.equal(asset.statusCode, 404)
  t.match(asset.headers['content-type'], /text\/html/, 'a missing file is a page like any other unknown path')
})

t.test('a status outside the spec table shows only the code and the status message', async (t) => {
  const { createPageRenderer } = await import('../../server/render/render-page')
  const { loadManifest } = await import('../../server/render/manifest')
  const { content } = await loadContent(FIXTURE_CONTENT)
  const render = createPageRenderer({ manifest: loadManifest('dist'), content, development: false, onMissingMessage: () => {} })
  const page = await render({ pathname: '/en/about', search: new URLSearchParams(), origin: 'https://x.test', bot: true, onError: () => {} }, { statusCode: 410, statusMessage: 'Gone' })
  const chunks: Buffer[] = []
  for await (const chunk of page.body as AsyncIterable<Buffer>) chunks.push(Buffer.from(chunk))
  const html = Buffer.concat(chunks).toString('utf8')
  t.equal(page.statusCode, 410)
  t.equal(h1(html), '410 Gone')
  t.notMatch(html, /error-page__description/, 'no description')
  t.match(html, /<title>Gone \| Soei Construction Co\., Ltd\.<\/title>/)
  t.match(html, />Back</)
})
