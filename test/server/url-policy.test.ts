import t from 'tap'
import { request } from 'node:http'
import { connect, type AddressInfo } from 'node:net'
import { build, h1, headTags, SITE } from '../helper'
import { pathSpelling, sameSiteTarget } from '../../shared/url-policy'
import { switchLocation } from '../../shared/alternates'

/** Paths an attacker would try to turn a redirect or a rendered link into a trip to another host. */
const HOSTILE = [
  '//evil.example',
  '///evil.example',
  '////evil.example/x',
  '/\\evil.example',
  '/\\\\evil.example',
  '\\\\evil.example',
  '/\\/evil.example',
  '//\\evil.example',
  '/%2F/evil.example',
  '/%2f%2fevil.example',
  '/%5Cevil.example',
  '/%5c%5cevil.example',
  '/%2F%5Cevil.example',
  '/%252F%252Fevil.example',
  '/\tevil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n//evil.example',
  '/%09/evil.example',
  '/%0A/evil.example',
  '/%00/evil.example',
  '/\u0000//evil.example',
  '/./evil.example/..//evil.example',
  '/.//evil.example',
  '/..//evil.example',
  '/a/../..//evil.example',
  '/%2E%2E//evil.example',
  '/%2e/%2e%2e//evil.example',
  '/en//evil.example',
  '/ja//evil.example',
  '/en/%2F/evil.example',
  '/en/%2Fevil.example',
  '/ja/\\evil.example',
  '/en/..//evil.example',
  '/en/en//evil.example',
  'https://evil.example/',
  'http:evil.example',
  'javascript:alert(1)',
  'evil.example',
  ' //evil.example',
  '/ //evil.example',
  '/\u3000//evil.example',
  '/\u00a0/evil.example',
  '/\u0085/evil.example',
  '/\u007f/evil.example',
  '/news/%2F%2Fevil.example/',
  '/@evil.example',
  '//evil.example@site.example',
  '/%40evil.example/',
  '/\\/\\/evil.example/',
]

/** Where a browser goes for a Location, read against the site's own URL. */
function staysOnSite(location: string): boolean {
  if (/[\u0000-\u001f\u007f\\]/.test(location) || location.startsWith('//')) return false
  const plain = (() => {
    try {
      return decodeURIComponent(location.split('?')[0]!)
    } catch {
      return location
    }
  })()
  if (plain.startsWith('//') || plain.includes('\\')) return false
  return new URL(location, `${SITE}/about`).origin === SITE
}

t.test(`the one rule: ${HOSTILE.length} hostile targets are refused or stay on the site`, async (t) => {
  t.ok(HOSTILE.length >= 40)
  for (const shape of HOSTILE) {
    const out = sameSiteTarget(shape)
    if (out !== null) t.ok(staysOnSite(out), `${JSON.stringify(shape)} -> ${out}`)
    for (const code of ['ja', 'en'] as const) {
      const switched = switchLocation(shape, code)
      if (switched !== null) t.ok(staysOnSite(switched), `switch ${code} ${JSON.stringify(shape)} -> ${switched}`)
    }
  }
  t.equal(sameSiteTarget('/en/news?page=2'), '/en/news?page=2', 'ordinary targets pass unchanged')
  t.equal(sameSiteTarget('/about#team'), '/about', 'only path and query are kept')
  t.equal(switchLocation('/en/news?category=press', 'ja'), '/news?category=press')
})

/** One request sent byte for byte as written (inject and http.request would tidy the path first). */
async function raw(port: number, path: string): Promise<{ status: number; location: string | undefined }> {
  const socket = connect(port, '127.0.0.1')
  socket.write(`GET ${path} HTTP/1.1\r\nHost: www.example.test\r\nConnection: close\r\n\r\n`, 'latin1')
  let text = ''
  for await (const chunk of socket) text += chunk.toString('latin1')
  const head = text.slice(0, text.indexOf('\r\n\r\n'))
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), location: /\r\nlocation: ([^\r]*)/i.exec(head)?.[1] }
}

t.test('no redirect the server makes leaves the site, whatever the path holds', async (t) => {
  const app = await build(t)
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as AddressInfo
  for (const shape of HOSTILE.filter((s) => s.startsWith('/'))) {
    const urls = [shape, `${shape}/`, `${shape}?a=1`, ...['ja', 'en', 'xx'].map((code) => `/_locale/${code}?to=${encodeURIComponent(shape)}`)]
    for (const url of urls) {
      const res = await raw(port, url)
      if (res.location !== undefined) t.ok(staysOnSite(res.location), `${JSON.stringify(url)} -> ${res.status} ${res.location}`)
      else t.ok(res.status >= 200 && res.status < 500, `${JSON.stringify(url)} answers ${res.status}, not a server error`)
    }
  }
})

t.test('the language switch checks the final Location, not its input', async (t) => {
  const app = await build(t)
  for (const to of ['/en//evil.example', '/ja//evil.example', '/en/%2F/evil.example', '/en/\\evil.example']) {
    const ja = await app.inject(`/_locale/ja?to=${encodeURIComponent(to)}`)
    t.equal(ja.statusCode, 302)
    t.equal(ja.headers.location, '/', `${to}: the Japanese home`)
    const en = await app.inject(`/_locale/en?to=${encodeURIComponent(to)}`)
    t.ok(staysOnSite(String(en.headers.location)), `${to} in English -> ${en.headers.location}`)
  }
  const page = await app.inject('/_locale/en?to=%2Fnews%3Fpage%3D2')
  t.equal(page.headers.location, '/en/news?page=2', 'ordinary switches are unchanged')
})

t.test('the 404 page of a hostile path renders language links that stay on the site', async (t) => {
  const app = await build(t)
  const redirected = await app.inject('/en/en//evil.example')
  t.equal(redirected.headers.location, '/en/en/evil.example', 'the double slash is another spelling')
  for (const url of ['/en/en/evil.example', '/en/en/%2F%2Fevil.example', '/en/ja/%5Cevil.example', '/ja/en/%2F/evil.example']) {
    const res = await app.inject(url)
    t.equal(res.statusCode, 404, url)
    const links = [...res.body.matchAll(/href="(\/_locale\/[^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'))
    t.ok(links.length > 0, 'the switch is there')
    for (const link of links) {
      const followed = await app.inject(link)
      t.ok(staysOnSite(String(followed.headers.location)), `${link} -> ${followed.headers.location}`)
    }
    t.match(res.body, /href="\/(en|ja)?"[^>]*>(Back|戻る)</, 'Back goes to the localised home')
  }
})

t.test('one spelling per page: other spellings are redirected to the normal one', async (t) => {
  const app = await build(t)
  const cases: [string, number, string][] = [
    ['/%61bout', 301, '/about'],
    ['/%61%62out', 301, '/about'],
    ['/en/%61bout?x=1', 301, '/en/about?x=1'],
    ['/en//about', 301, '/en/about'],
    ['//about', 301, '/about'],
    ['/news/%e3%81%82', 301, '/news/%E3%81%82'],
    ['/about/', 308, '/about'],
  ]
  for (const [url, status, location] of cases) {
    const res = await app.inject(url)
    t.equal(res.statusCode, status, `${url} status`)
    t.equal(res.headers.location, location, `${url} location`)
  }
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as AddressInfo
  // Dot segments as sent on the wire (inject would resolve them itself).
  for (const [url, location] of [['/news/../about', '/about'], ['/en/./news', '/en/news'], ['/en/%2e%2e/about', '/about']]) {
    const res = await raw(port, url!)
    t.equal(res.status, 301, `${url} status`)
    t.equal(res.location, location, `${url} location`)
  }
  const normal = await app.inject('/about')
  t.equal(normal.statusCode, 200)
  t.equal(headTags(normal.body).canonical, `${SITE}/about`)
  t.same(pathSpelling('/about'), { kind: 'normal' })
  t.same(pathSpelling('/news/%E3%81%82'), { kind: 'normal' }, 'upper-case percent-encoding is the normal form')
})

t.test('a malformed URL gets the translated HTML 400 page in the path language', async (t) => {
  const app = await build(t)
  const cases = [
    { url: '/en/%E0%A4%A', lang: 'en', title: 'Bad Request', home: '/en', back: 'Back' },
    { url: '/%E0%A4%A', lang: 'ja', title: '不正なリクエスト', home: '/', back: '戻る' },
    { url: '/ja/news/%zz', lang: 'ja', title: '不正なリクエスト', home: '/ja', back: '戻る' },
  ]
  for (const c of cases) {
    const res = await app.inject({ url: c.url, headers: { accept: 'text/html' } })
    t.equal(res.statusCode, 400, `${c.url} status`)
    t.match(res.headers['content-type'], /text\/html/, `${c.url} is HTML`)
    t.equal(headTags(res.body).lang, c.lang)
    t.equal(headTags(res.body).robots, 'noindex')
    t.equal(h1(res.body), c.title)
    t.match(res.body, new RegExp(`href="${c.home}"[^>]*>${c.back}</a>`), 'Back goes to the localised home')
    t.ok(res.headers['content-security-policy'], 'security headers')
    t.equal(res.headers['x-content-type-options'], 'nosniff')
    t.notMatch(res.body, /FST_ERR|at .*\.js:\d+/, 'no framework code or stack')
  }
  const json = await app.inject({ url: '/en/%E0%A4%A', headers: { accept: 'application/json' } })
  t.equal(json.statusCode, 400)
  t.same(json.json(), { statusCode: 400, message: 'Bad Request' }, 'JSON only for who asks for it, still translated')
  const api = await app.inject({ url: '/api/%E0%A4%A' })
  t.match(api.headers['content-type'], /application\/json/, 'the API answers JSON')
})

t.test('an over-long URL answers 414 before any work, as a page', async (t) => {
  const app = await build(t)
  const res = await app.inject(`/en/about?${'a'.repeat(5000)}`)
  t.equal(res.statusCode, 414)
  t.match(res.headers['content-type'], /text\/html/)
  t.equal(h1(res.body), 'URI Too Long')
  t.notMatch(res.body, /aaaaaaaaaa/, 'the URL is not echoed')
  const fine = await app.inject(`/en/about?${'a'.repeat(3000)}`)
  t.equal(fine.statusCode, 200, 'a long but reasonable URL is served')
})

t.test('errors Fastify raises before a route runs are pages for visitors too', async (t) => {
  const app = await build(t)
  const badType = await app.inject({ method: 'POST', url: '/en/about', headers: { 'content-type': 'application/x-unknown', accept: 'text/html' }, payload: 'x' })
  t.match(badType.headers['content-type'], /text\/html/, `unsupported body type: ${badType.statusCode}`)
  t.equal(headTags(badType.body).lang, 'en')
  const badJson = await app.inject({ method: 'POST', url: '/en/about', headers: { 'content-type': 'application/json', accept: 'text/html' }, payload: '{"a":' })
  t.equal(badJson.statusCode, 400, 'a body that does not parse')
  t.match(badJson.headers['content-type'], /text\/html/)
  const big = await app.inject({ method: 'POST', url: '/about', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ a: 'x'.repeat(2_000_000) }) })
  t.equal(big.statusCode, 413, 'a body over the limit')
  t.match(big.headers['content-type'], /text\/html/)
  t.equal(h1(big.body), 'リクエストが大きすぎます')
})

t.test('headers too large for Node get a small HTML page, not JSON', async (t) => {
  const app = await build(t)
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as { port: number }
  const res = await new Promise<{ status: number; type: string; body: string; csp: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/en/about', headers: { 'x-big': 'x'.repeat(20_000) } }, (r) => {
      let body = ''
      r.on('data', (d) => (body += d))
      r.on('end', () => resolve({ status: r.statusCode!, type: String(r.headers['content-type']), body, csp: String(r.headers['content-security-policy']) }))
    })
    req.on('error', reject)
    req.end()
  })
  t.equal(res.status, 431)
  t.match(res.type, /text\/html/)
  t.match(res.body, /Cookie/)
  t.match(res.csp, /default-src 'none'/)
})
