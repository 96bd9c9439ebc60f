// The staff area's door before any account: only over HTTPS (directly or through a trusted proxy) or
// on a loopback host, else 403 with a page saying why; STAFF_AREA=false: 404; the staff headers on
// every /admin answer; never in the sitemaps or a content page.
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { build, SITE, testConfig } from '../../helper'
import { entries } from './web-helper'

const SIGN_IN = '/admin/sign-in'
/** STAFF_AREA=false. */
const staffOff = { staff: { ...testConfig().staff, area: false } }

interface Arrival {
  host: string
  remoteAddress: string
  forwardedProto?: string
  forwardedFor?: string
}
const get = (app: FastifyInstance, a: Arrival, url = SIGN_IN, lang?: string) =>
  app.inject({
    url,
    remoteAddress: a.remoteAddress,
    headers: {
      host: a.host,
      ...(a.forwardedProto ? { 'x-forwarded-proto': a.forwardedProto } : {}),
      ...(a.forwardedFor ? { 'x-forwarded-for': a.forwardedFor } : {}),
      ...(lang ? { 'accept-language': lang } : {}),
    },
  })

const isSignIn = (body: string) => /<form[^>]*action="\/admin\/sign-in"/.test(body)

t.test('plain HTTP from another machine: 403, a page in the staff member\'s language saying why', async (t) => {
  const app = await build(t)
  const remote = { host: 'www.example.test', remoteAddress: '203.0.113.9' }
  const ja = await get(app, remote)
  t.equal(ja.statusCode, 403)
  t.notOk(isSignIn(ja.body), 'no sign-in form')
  t.match(ja.body, /<html lang="ja">/)
  t.match(ja.body, 'HTTPS でのみ利用できます')
  t.match(ja.body, /<title>HTTPS でのみ利用できます \| 管理画面<\/title>/)
  t.match(ja.body, 'data-reason="insecure"')
  const browserOnly = await get(app, remote, SIGN_IN, 'en-GB,en;q=0.9')
  t.match(browserOnly.body, /<html lang="ja">/, 'Japanese by default: Accept-Language is not a choice')
  const en = await get(app, remote, `${SIGN_IN}?lang=en`)
  t.equal(en.statusCode, 403)
  t.match(en.body, /<html lang="en">/)
  t.match(en.body, 'Only available over HTTPS')
  t.match(en.body, /<title>Only available over HTTPS \| Staff<\/title>/)
  for (const url of ['/admin', '/admin/nothing-here', '/admin/enrol/x']) t.equal((await get(app, remote, url)).statusCode, 403, `${url}: refused before anything else`)
  const post = await app.inject({ method: 'POST', url: SIGN_IN, remoteAddress: remote.remoteAddress, headers: { host: remote.host }, payload: 'email=a' })
  t.equal(post.statusCode, 403, 'a POST too')
  const refused = await app.staffStore.listAudit({ action: 'request.refused' })
  t.ok(entries(refused) >= 6, 'every refusal audited (counted in a row of repeats: one address, one hour)')
  t.same(
    [refused[0]!.address, refused[0]!.target, refused[0]!.outcome, refused[0]!.accountId],
    ['203.0.113.9', 'path:/admin/sign-in insecure', 'refused', null],
    'with the address and the path',
  )
})

t.test('a loopback name is not enough: the peer and the client must be loopback too', async (t) => {
  const app = await build(t)
  t.equal((await get(app, { host: 'localhost:3000', remoteAddress: '203.0.113.9' })).statusCode, 403, 'Host: localhost from another machine')
  t.equal((await get(app, { host: 'localhost.example.test', remoteAddress: '127.0.0.1' })).statusCode, 403, 'a name that only starts like localhost')
  t.equal((await get(app, { host: 'www.example.test', remoteAddress: '127.0.0.1' })).statusCode, 403, 'the public name over plain HTTP on loopback')
  t.equal((await get(app, { host: 'localhost', remoteAddress: '127.0.0.1', forwardedProto: 'https' })).statusCode, 200, 'loopback ignores a forwarded header it does not trust')
  t.equal((await get(app, { host: 'www.example.test', remoteAddress: '203.0.113.9', forwardedProto: 'https' })).statusCode, 403, 'X-Forwarded-Proto from an untrusted peer is not HTTPS')
})

t.test('loopback hosts over plain HTTP: served', async (t) => {
  const app = await build(t)
  for (const [host, remoteAddress] of [['localhost:3000', '127.0.0.1'], ['127.0.0.1:3000', '127.0.0.1'], ['[::1]:3000', '::1'], ['localhost', '::ffff:127.0.0.1']]) {
    const res = await get(app, { host: host!, remoteAddress: remoteAddress! })
    t.equal(res.statusCode, 200, `${host} from ${remoteAddress}`)
    t.ok(isSignIn(res.body), 'the sign-in page')
  }
})

t.test('HTTPS through a trusted proxy: served; the proxy on loopback does not make a remote client local', async (t) => {
  const app = await build(t, { trustProxy: '10.0.0.2' })
  const proxied = await get(app, { host: 'www.example.test', remoteAddress: '10.0.0.2', forwardedProto: 'https', forwardedFor: '198.51.100.7' })
  t.equal(proxied.statusCode, 200)
  t.ok(isSignIn(proxied.body))
  t.equal((await get(app, { host: 'www.example.test', remoteAddress: '10.0.0.2', forwardedProto: 'http', forwardedFor: '198.51.100.7' })).statusCode, 403, 'plain HTTP at the proxy')
  const local = await build(t, { trustProxy: 'loopback' })
  t.equal(
    (await get(local, { host: 'localhost', remoteAddress: '127.0.0.1', forwardedProto: 'http', forwardedFor: '198.51.100.7' })).statusCode,
    403,
    'a local proxy forwarding a remote client over HTTP',
  )
  t.equal((await get(local, { host: 'www.example.test', remoteAddress: '127.0.0.1', forwardedProto: 'https', forwardedFor: '198.51.100.7' })).statusCode, 200, 'the same proxy over HTTPS')
})

/** The staff CSP's directives, each as a set of sources. */
function directives(policy: string): Map<string, Set<string>> {
  return new Map(policy.split(';').map((part) => part.trim().split(/\s+/)).filter((p) => p[0]).map(([name, ...sources]) => [name!, new Set(sources)]))
}

t.test('every /admin answer: no-store, noindex, a CSP at least as strict as the public one', async (t) => {
  const app = await build(t)
  const publicPolicy = directives(String((await app.inject('/')).headers['content-security-policy']))
  t.ok(publicPolicy.size > 5, 'the public policy')
  const local = { host: 'localhost', remoteAddress: '127.0.0.1' }
  const answers = [
    ['sign-in', await get(app, local)],
    ['home without a session (to sign-in)', await get(app, local, '/admin')],
    ['unknown staff path', await get(app, local, '/admin/nothing/here')],
    ['refused by the gate', await get(app, { host: 'www.example.test', remoteAddress: '203.0.113.9' })],
    ['a method the area does not answer', await app.inject({ method: 'DELETE', url: '/admin', headers: { host: 'localhost' } })],
    ['an unusual method', await app.inject({ method: 'PROPFIND' as 'GET', url: '/admin/x', headers: { host: 'localhost' } })],
    ['a query', await get(app, local, `${SIGN_IN}?lang=en&x=%ZZ`)],
  ] as const
  const statuses = new Set<number>()
  for (const [what, res] of answers) {
    statuses.add(res.statusCode)
    t.equal(res.headers['cache-control'], 'no-store', `${what} (${res.statusCode}): no-store`)
    t.match(res.headers['x-robots-tag'], /\bnoindex\b/, `${what}: noindex`)
    t.notOk(res.headers.etag, `${what}: no validator (never from the page cache)`)
    const policy = directives(String(res.headers['content-security-policy']))
    t.same(policy.get('default-src'), new Set(["'none'"]), `${what}: nothing by default`)
    for (const [name, sources] of publicPolicy) {
      const own = policy.get(name) ?? policy.get('default-src')!
      const wider = [...own].filter((s) => !sources.has(s) && s !== "'none'")
      t.same(wider, [], `${what}: ${name} allows nothing the public policy does not`)
    }
  }
  t.same([...statuses].sort(), [200, 303, 403, 404, 405], 'answers of every kind were checked')
})

t.test('STAFF_AREA=false: every /admin path is a 404, the sign-in page included', async (t) => {
  const app = await build(t, staffOff)
  for (const [method, url] of [['GET', '/admin'], ['GET', SIGN_IN], ['POST', SIGN_IN], ['GET', '/admin/enrol/abc'], ['DELETE', '/admin']] as const) {
    const res = await app.inject({ method, url, headers: { host: 'localhost' }, ...(method === 'POST' ? { payload: 'email=a', headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' } } : {}) })
    t.equal(res.statusCode, 404, `${method} ${url}`)
    t.notOk(isSignIn(res.body), 'no sign-in form')
    t.equal(res.headers['cache-control'], 'no-store')
  }
  t.equal((await app.inject('/')).statusCode, 200, 'the public site is unchanged')
  const on = await build(t)
  t.equal((await on.inject({ url: SIGN_IN, headers: { host: 'localhost' } })).statusCode, 200, 'on by default')
})

t.test('never in the sitemaps or the public pages', async (t) => {
  const app = await build(t)
  for (const url of ['/sitemap.xml', '/ja/sitemap.xml', '/en/sitemap.xml']) {
    const res = await app.inject(url)
    t.equal(res.statusCode, 200)
    t.notMatch(res.body, '/admin', `${url} lists no staff path`)
    t.match(res.body, SITE, 'a sitemap with the site in it')
  }
  const prefixed = await app.inject({ url: '/en/admin/sign-in', headers: { host: 'localhost' } })
  t.equal(prefixed.statusCode, 404, 'no staff page under a language prefix')
  t.notOk(isSignIn(prefixed.body))
  const home = await app.inject('/')
  t.notMatch(home.body, /staff-entry|staff-styles/, 'a public page loads nothing of the staff bundle')
})
