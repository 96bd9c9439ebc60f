// What the site answers to requests shaped by the world outside: campaign links with query parameters
// no page uses, clients that ask for JSON, and the client address that traces abuse in the request log.
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { build as buildApp, headTags, logCollector } from '../helper'

/** The app, without load shedding: a busy test machine must not turn a page into a 503 here. */
const build: typeof buildApp = (t, overrides = {}, deps) => buildApp(t, { maxEventLoopDelayMs: 0, ...overrides }, deps)

/** Page-cache misses so far, read from the app's own metrics server (one miss: one rendered cache entry). */
async function misses(app: FastifyInstance): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${app.metrics!.address!.port}/metrics`)).text()
  const line = text.split('\n').find((l) => l.startsWith('site_page_cache_lookups_total{result="miss"} '))
  return line ? Number(line.split(' ').at(-1)) : 0
}

t.test('campaign links: query parameters a page does not use are ignored (same page, canonical URL, cache entry)', async (t) => {
  const app = await build(t, { metricsPort: 0 })
  await app.ready()
  const pairs: [string, string][] = [
    ['/news', '/news?utm_source=newsletter'],
    ['/construction-project', '/construction-project?gclid=1'],
    ['/en/news', '/en/news?fbclid=x'],
    ['/about', '/about?utm_source=x'],
    ['/en/news?page=2', '/en/news?utm_source=mail&page=2&utm_medium=email'],
    ['/construction-project?category=civil', '/construction-project?category=civil&gclid=abc'],
    ['/news/2026-04-new-office', '/news/2026-04-new-office?utm_campaign=spring'],
  ]
  for (const [plain, tagged] of pairs) {
    const before = await misses(app)
    const a = await app.inject(plain)
    const b = await app.inject(tagged)
    t.equal(a.statusCode, 200, plain)
    t.equal(b.statusCode, 200, `${tagged}: the page, not a 404`)
    t.equal(headTags(b.body).canonical, headTags(a.body).canonical, `${tagged}: the same canonical URL`)
    t.equal(b.headers.etag, a.headers.etag, `${tagged}: the same ETag`)
    t.equal(b.body, a.body, `${tagged}: the same bytes`)
    t.equal((await misses(app)) - before, 1, `${tagged}: one cache entry for both URLs`)
  }
  // A bad value of a parameter the page does use keeps its answer, campaign parameters or not.
  for (const url of ['/news?page=abc', '/news?page=abc&utm_source=x', '/news?category=castle&gclid=1', '/construction-project?page=2&fbclid=x', '/news?page=1&page=2&utm_source=x']) {
    t.equal((await app.inject(url)).statusCode, 404, url)
  }
})

t.test('a page is HTML whatever Accept says; answers that depend on Accept say so; JSON errors are never stored', async (t) => {
  const app = await build(t)
  for (const url of ['/about', '/en/news', '/news?page=2', '/en', '/contact', '/no-such-page']) {
    const html = await app.inject(url)
    for (const accept of ['application/json', 'application/json, */*;q=0.1', 'image/webp']) {
      const res = await app.inject({ url, headers: { accept } })
      t.equal(res.statusCode, html.statusCode, `${url} (Accept: ${accept}): the page's own status`)
      t.match(res.headers['content-type'], /^text\/html/, `${url} (Accept: ${accept}): HTML`)
      if (url !== '/contact') t.equal(res.body, html.body, `${url} (Accept: ${accept}): the same page`)
    }
  }

  // Error answers outside the API are chosen by Accept (a POST nothing takes, a refused URL): Vary says so.
  const postJson = await app.inject({ method: 'POST', url: '/about', headers: { accept: 'application/json' } })
  t.equal(postJson.statusCode, 404)
  t.match(postJson.headers['content-type'], /^application\/json/)
  t.match(postJson.headers.vary, /\bAccept\b(?!-)/i, 'a JSON error chosen by Accept says Vary: Accept')
  t.equal(postJson.headers['cache-control'], 'no-store')
  const postHtml = await app.inject({ method: 'POST', url: '/about', headers: { accept: 'text/html' } })
  t.match(postHtml.headers['content-type'], /^text\/html/)
  t.match(postHtml.headers.vary, /\bAccept\b(?!-)/i, 'and so does the HTML one')
  const tooLong = await app.inject({ url: `/${'a'.repeat(5000)}`, headers: { accept: 'application/json' } })
  t.equal(tooLong.statusCode, 414)
  t.match(tooLong.headers.vary, /\bAccept\b(?!-)/i)
  t.equal(tooLong.headers['cache-control'], 'no-store')

  // Every JSON error answer is no-store: the API, unknown builds of messages, unknown image variants.
  for (const url of ['/api/nope', '/_i18n/no-such-build/ja/messages.json', '/_i18n/nope/xx/messages.json', '/media/0123abcd/nope-100.jpg']) {
    const res = await app.inject({ url, headers: { accept: 'application/json' } })
    t.equal(res.statusCode, 404, url)
    t.match(res.headers['content-type'], /^application\/json/, `${url}: JSON`)
    t.equal(res.headers['cache-control'], 'no-store', `${url}: no-store`)
  }
})

t.test('the request log line carries the client address (through the trusted proxy only)', async (t) => {
  const log = logCollector()
  const trusting = await build(t, { logLevel: 'info', trustProxy: '127.0.0.1' }, { logStream: log.stream })
  await trusting.inject({ url: '/about', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.7' } })
  await trusting.inject({ url: '/about', remoteAddress: '198.51.100.9', headers: { 'x-forwarded-for': '203.0.113.8' } })
  const other = logCollector()
  const direct = await build(t, { logLevel: 'info' }, { logStream: other.stream })
  await direct.inject({ url: '/en', remoteAddress: '192.0.2.44', headers: { 'x-forwarded-for': '203.0.113.9' } })
  const lines = [...log.lines, ...other.lines].filter((l) => l.msg === 'request')
  t.same(
    lines.map((l) => [l.url, l.ip]),
    [
      ['/about', '203.0.113.7'],
      ['/about', '198.51.100.9'],
      ['/en', '192.0.2.44'],
    ],
    'the visitor behind the trusted proxy; the peer itself when it is not trusted (its X-Forwarded-For is not believed)',
  )
})
