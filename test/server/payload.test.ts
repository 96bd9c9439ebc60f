import t from 'tap'
import { build, headTags, pageState, SITE } from '../helper'
import { payloadPagePath, payloadUrl } from '../../shared/payload-url'
import { isFullLoadPath, routes } from '../../shared/routes'

async function buildId(app: Awaited<ReturnType<typeof build>>): Promise<string> {
  return (await app.inject({ url: '/_build/latest.json' })).json().id
}

t.test('payload URLs name page paths', async (t) => {
  t.equal(payloadPagePath('/_payload/abc/index.json', 'abc'), '/')
  t.equal(payloadPagePath('/_payload/abc/en.json', 'abc'), '/en')
  t.equal(payloadPagePath('/_payload/abc/en/news.json', 'abc'), '/en/news')
  t.equal(payloadPagePath('/_payload/abc/news/x.json', 'abc'), '/news/x')
  t.equal(payloadPagePath('/_payload/abc/news', 'abc'), null)
  t.equal(payloadPagePath('/_payload/abc/.json', 'abc'), null)
  t.equal(payloadPagePath('/_payload/abc/news/.json', 'abc'), null)
  t.equal(payloadUrl('abc', '/'), '/_payload/abc/index.json')
  t.equal(payloadUrl('abc', '/en', '?x=1'), '/_payload/abc/en.json?x=1')
})

t.test('the payload carries the same state and head as the page, in both languages', async (t) => {
  const app = await build(t)
  const id = await buildId(app)
  for (const [page, json] of [
    ['/', 'index'],
    ['/en', 'en'],
    ['/ja', 'ja'],
    ['/news', 'news'],
    ['/en/news', 'en/news'],
    ['/en/news/2026-04-new-office', 'en/news/2026-04-new-office'],
    ['/construction-project/minato-office-tower', 'construction-project/minato-office-tower'],
  ] as const) {
    const html = await app.inject({ url: page, headers: { 'user-agent': 'Googlebot' } })
    const res = await app.inject({ url: `/_payload/${id}/${json}.json` })
    t.equal(res.statusCode, 200, `${page} status`)
    t.match(res.headers['content-type'], /^application\/json/)
    t.equal(res.headers['cache-control'], 'public, max-age=60', `${page} cache-control`)
    t.match(res.headers.etag, /^"[^"]+\.json"$/, `${page} etag (strong; no coding asked, none sent)`)
    const body = res.json()
    t.same(body.state, pageState(html.body), `${page} state`)
    const head = headTags(html.body)
    t.equal(body.head.title, head.title, `${page} title`)
    t.equal(body.head.canonical, head.canonical, `${page} canonical`)
    t.equal(body.head.lang, head.lang, `${page} lang`)
    t.same(Object.fromEntries(body.head.alternates.map((a: any) => [a.hreflang, a.href])), head.hreflang, `${page} hreflang`)
  }
  const en = (await app.inject({ url: `/_payload/${id}/en/news.json` })).json()
  t.equal(en.state.locale, 'en')
  t.equal(en.state.basename, '/en')
  t.equal(en.head.canonical, `${SITE}/en/news`)
})

t.test('the query string is the page query; ETag revalidation answers 304', async (t) => {
  const app = await build(t)
  const id = await buildId(app)
  const res = await app.inject({ url: `/_payload/${id}/news.json?page=2` })
  t.equal(res.statusCode, 200)
  const body = res.json()
  t.equal(body.state.routeId, 'news')
  t.equal(body.head.canonical, `${SITE}/news?page=2`)
  t.same(body.state, pageState((await app.inject({ url: '/news?page=2', headers: { 'user-agent': 'Googlebot' } })).body))
  const first = (await app.inject({ url: `/_payload/${id}/news.json` })).headers.etag as string
  t.not(first, res.headers.etag, 'another page, another validator')
  const again = await app.inject({ url: `/_payload/${id}/news.json`, headers: { 'if-none-match': first } })
  t.equal(again.statusCode, 304)
})

t.test('a page that does not exist gives the 404 error state', async (t) => {
  const app = await build(t)
  const id = await buildId(app)
  for (const [json, locale] of [
    ['no-such-page', 'ja'],
    ['en/no-such-page', 'en'],
    ['news/no-such-article', 'ja'],
  ] as const) {
    const res = await app.inject({ url: `/_payload/${id}/${json}.json` })
    t.equal(res.statusCode, 404, json)
    t.equal(res.headers['cache-control'], 'no-cache')
    t.notOk(res.headers.etag)
    const body = res.json()
    t.equal(body.state.error.statusCode, 404)
    t.equal(body.state.routeId, null)
    t.equal(body.state.locale, locale)
    t.equal(body.head.canonical, null)
    t.equal(body.head.noindex, true)
  }
})

t.test('an unknown build id or a full-load route answers a JSON 404 without a state', async (t) => {
  const app = await build(t)
  const id = await buildId(app)
  for (const url of [
    '/_payload/0000000000000000/index.json',
    '/_payload/nope/en/news.json',
    `/_payload/${id}/contact.json`,
    `/_payload/${id}/en/contact.json`,
    `/_payload/${id}/contact/success.json?ref=ABC`,
    `/_payload/${id}/en/contact/success.json`,
    `/_payload/${id}/news`,
    `/_payload/${id}/news/.json`,
  ]) {
    const res = await app.inject({ url })
    t.equal(res.statusCode, 404, url)
    t.match(res.headers['content-type'], /^application\/json/, url)
    t.equal(res.json().statusCode, 404, url)
    t.notOk(res.json().state, `${url}: no state`)
  }
})

t.test('links to full-load routes carry no data-nav; others do', async (t) => {
  for (const r of routes) t.equal(isFullLoadPath(r.path), !!(r.fullLoad || r.perVisitor), r.id)
  t.equal(isFullLoadPath('/contact?x=1'), true)
  t.equal(isFullLoadPath('/contact/success?ref=A'), true)
  t.equal(isFullLoadPath('/news?page=2'), false)
  const app = await build(t)
  const html = (await app.inject({ url: '/en' })).body
  t.match(html, /<a href="\/en\/news" data-nav=""/)
  t.notMatch(html, /<a href="\/en\/contact"[^>]*data-nav/)
  t.match(html, /<a href="\/en\/contact"/)
})
