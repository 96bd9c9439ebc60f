import t from 'tap'
import { CACHE_LIMIT, PAYLOAD_TTL_MS } from '../../client/payload-loader'
import { payloadPagePath, payloadUrl } from '../../shared/payload-url'
import { head, link, ORIGIN, setup, state } from './navigator-fixture'

t.test('any failure loads the document (links) or reloads it under the guard (Back/Forward)', async (t) => {
  const answers: Record<string, () => Response> = {
    network: () => {
      throw new TypeError('Failed to fetch')
    },
    html: () => new Response('<p>oops</p>', { status: 200, headers: { 'content-type': 'text/html' } }),
    server: () => Response.json({ message: 'no' }, { status: 500 }),
    build: () => Response.json({ state: state('/x', { buildId: 'b2' }), head: head('x') }),
    language: () => Response.json({ state: state('/x', { locale: 'ja' }), head: head('x') }),
    empty: () => Response.json(null),
    chunk: () => Response.json({ state: state('/x', { routeId: '/broken-chunk' }), head: head('x') }),
  }
  for (const [name, answer] of Object.entries(answers)) {
    const s = setup('/en', { answer })
    t.ok(await s.click('/en/x'), name)
    t.same(s.log, ['busy', 'idle', `load ${ORIGIN}/en/x`], `${name}: a document load`)
  }
  let fail = false
  const s = setup('/en', { answer: (url) => (fail ? Response.error() : Response.json({ state: state('/x'), head: head(url) })) })
  await s.click('/en/x')
  fail = true
  s.tick(PAYLOAD_TTL_MS)
  s.log.length = 0
  s.router.go(-1)
  await s.settle()
  t.same(s.log, ['busy', 'idle', 'reload (payload failed)'], 'Back: the reload guard decides')
  const missing = setup('/en', { answer: () => Response.json({ state: state('/nope', { error: { statusCode: 404, statusMessage: 'Not Found' } }), head: head('404') }, { status: 404 }) })
  await missing.click('/en/nope')
  t.ok(missing.log.includes('render /nope /en/nope'), 'a missing page shows its 404 page in place')
})

t.test('prefetched payloads are used for a minute; failures are not kept; the cache is bounded', async (t) => {
  let fail = true
  const s = setup('/en', { answer: (url) => (fail ? Response.error() : Response.json({ state: state('/about'), head: head(url) })) })
  s.navigator.prefetch(link('/en/about'))
  await s.settle()
  fail = false
  s.navigator.prefetch(link('/en/about'))
  s.navigator.prefetch(link('/en/about'))
  s.navigator.prefetch(link('/en'))
  await s.settle()
  t.equal(s.fetched.length, 2, 'a failure is asked again; a payload in flight or kept is not; the page on screen never')
  s.tick(PAYLOAD_TTL_MS - 1)
  await s.click('/en/about')
  t.equal(s.fetched.length, 2, 'the click used the prefetched payload')
  s.navigator.prefetch(link('/en/news'))
  await s.settle()
  s.tick(PAYLOAD_TTL_MS)
  s.navigator.prefetch(link('/en/news'))
  await s.settle()
  t.same(s.fetched.slice(2), ['/_payload/b1/en/news.json', '/_payload/b1/en/news.json'], 'after a minute it is loaded again')
  for (let i = 0; i < CACHE_LIMIT; i++) s.navigator.prefetch(link(`/en/news/${i}`))
  s.navigator.prefetch(link('/en/news'))
  await s.settle()
  t.equal(s.fetched.at(-1), '/_payload/b1/en/news.json', 'the oldest payload was dropped to keep the limit')
})

t.test('payload URLs: one spelling for the server and the browser', async (t) => {
  t.equal(payloadUrl('abc', '/'), '/_payload/abc/index.json')
  t.equal(payloadUrl('abc', '/en', '?x=1'), '/_payload/abc/en.json?x=1')
  t.equal(payloadUrl('abc', '/en/news/first'), '/_payload/abc/en/news/first.json')
  for (const path of ['/', '/en', '/en/news', '/news/x']) t.equal(payloadPagePath(payloadUrl('abc', path), 'abc'), path, `${path} round trip`)
  t.equal(payloadPagePath('/_payload/abc/news', 'abc'), null)
  t.equal(payloadPagePath('/_payload/abc/.json', 'abc'), null)
  t.equal(payloadPagePath('/_payload/abc/news/.json', 'abc'), null)
  t.equal(payloadPagePath('/_payload/abc/en//news.json', 'abc'), null)
})
