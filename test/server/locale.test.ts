import t from 'tap'
import { build, headTags, pageState, SITE } from '../helper'

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36'

t.test('the bare root: redirect table (cookie x Accept-Language)', async (t) => {
  const app = await build(t)
  const cases: { cookie?: string; al?: string; status: number; location?: string; setCookie?: string }[] = [
    { status: 200, setCookie: 'ja' },
    { al: 'ja,en;q=0.8', status: 200, setCookie: 'ja' },
    { al: 'en-US,en;q=0.9', status: 302, location: '/en', setCookie: 'en' },
    { al: 'fr-FR, en;q=0.5', status: 302, location: '/en', setCookie: 'en' },
    { al: 'fr, de', status: 200, setCookie: 'ja' },
    { cookie: 'en', status: 302, location: '/en' },
    { cookie: 'en', al: 'ja', status: 302, location: '/en' },
    { cookie: 'ja', al: 'en', status: 200 },
    { cookie: 'fr', al: 'en', status: 302, location: '/en', setCookie: 'en' },
    { cookie: '%3Cscript%3E', al: 'ja', status: 200, setCookie: 'ja' },
  ]
  for (const c of cases) {
    const headers: Record<string, string> = { 'user-agent': CHROME }
    if (c.cookie) headers.cookie = `i18n_redirected=${c.cookie}`
    if (c.al) headers['accept-language'] = c.al
    const res = await app.inject({ url: '/', headers })
    const name = `cookie=${c.cookie ?? '-'} al=${c.al ?? '-'}`
    t.equal(res.statusCode, c.status, `${name}: status`)
    t.equal(res.headers.location, c.location, `${name}: location`)
    t.equal(res.headers.vary, 'Cookie, Accept-Language', `${name}: vary`)
    const cookie = String(res.headers['set-cookie'] ?? '')
    if (c.setCookie) t.match(cookie, new RegExp(`^i18n_redirected=${c.setCookie};`), `${name}: cookie written`)
    else t.equal(cookie, '', `${name}: nothing written`)
    t.notMatch(cookie, /fr|script/, `${name}: an unsupported value is never reflected`)
  }
})

t.test('only the bare root negotiates; every other path renders its prefix', async (t) => {
  const app = await build(t)
  const headers = { 'user-agent': CHROME, cookie: 'i18n_redirected=en', 'accept-language': 'en' }
  for (const [url, lang] of [['/about', 'ja'], ['/ja', 'ja'], ['/ja/about', 'ja'], ['/en/about', 'en'], ['/news', 'ja']] as const) {
    const res = await app.inject({ url, headers })
    t.equal(res.statusCode, 200, `${url} not redirected`)
    t.match(res.body, new RegExp(`<html lang="${lang}"`), `${url} in ${lang}`)
    t.notOk(res.headers['set-cookie'], `${url} writes no cookie`)
  }
})

t.test('crawlers are never redirected and get no cookie', async (t) => {
  const app = await build(t)
  for (const ua of ['Mozilla/5.0 (compatible; Googlebot/2.1)', 'Chrome-Lighthouse', 'facebookexternalhit/1.1']) {
    const res = await app.inject({ url: '/', headers: { 'user-agent': ua, 'accept-language': 'en', cookie: 'i18n_redirected=en' } })
    t.equal(res.statusCode, 200, ua)
    t.notOk(res.headers['set-cookie'], ua)
    t.equal(res.headers.vary, 'Cookie, Accept-Language')
  }
})

t.test('the root redirect can be switched off', async (t) => {
  const app = await build(t, { rootRedirect: false })
  const res = await app.inject({ url: '/', headers: { 'user-agent': CHROME, 'accept-language': 'en' } })
  t.equal(res.statusCode, 200)
  t.match(res.body, /<html lang="ja"/)
  t.notOk(res.headers['set-cookie'])
})

t.test('cookie attributes: 365 days, path /, Lax; Secure over HTTPS; None;Secure cross-site', async (t) => {
  const plain = await build(t)
  const res = await plain.inject({ url: '/', headers: { 'user-agent': CHROME, 'accept-language': 'en' } })
  const cookie = String(res.headers['set-cookie'])
  t.match(cookie, /Max-Age=31536000/)
  t.match(cookie, /Path=\//)
  t.match(cookie, /SameSite=Lax/)
  t.notMatch(cookie, /Secure/, 'not Secure over plain HTTP')
  t.notMatch(cookie, /HttpOnly/, 'readable by the client runtime')

  const spoofed = await plain.inject({ url: '/', headers: { 'user-agent': CHROME, 'accept-language': 'en', 'x-forwarded-proto': 'https' } })
  t.notMatch(String(spoofed.headers['set-cookie']), /Secure/, 'X-Forwarded-Proto is ignored unless the proxy is trusted')

  const proxied = await build(t, { trustProxy: true })
  const https = await proxied.inject({ url: '/', headers: { 'user-agent': CHROME, 'accept-language': 'en', 'x-forwarded-proto': 'https' } })
  t.match(String(https.headers['set-cookie']), /; Secure/, 'Secure behind a trusted HTTPS proxy')

  const cross = await build(t, { localeCookieCrossSite: true })
  const crossRes = await cross.inject({ url: '/', headers: { 'user-agent': CHROME, 'accept-language': 'en' } })
  t.match(String(crossRes.headers['set-cookie']), /SameSite=None/)
  t.match(String(crossRes.headers['set-cookie']), /; Secure/)
})

t.test('the language switch endpoint writes the cookie and keeps the page', async (t) => {
  const app = await build(t)
  const cases: [string, number, string, string | null][] = [
    ['/_locale/en?to=%2Fabout', 302, '/en/about', 'en'],
    ['/_locale/en?to=%2Fen%2Fabout', 302, '/en/about', 'en'],
    ['/_locale/ja?to=%2Fen%2Fnews%2F2026-04-new-office', 302, '/news/2026-04-new-office', 'ja'],
    ['/_locale/ja?to=%2Fen', 302, '/', 'ja'],
    ['/_locale/en?to=%2F', 302, '/en', 'en'],
    ['/_locale/fr?to=%2Fabout', 302, '/about', null],
    ['/_locale/%3Cscript%3E?to=%2Fabout', 302, '/about', null],
    ['/_locale/en?to=%2F%2Fevil.example%2Fx', 302, '/en', 'en'],
    ['/_locale/en?to=https%3A%2F%2Fevil.example', 302, '/en', 'en'],
    ['/_locale/en?to=%2F%5Cevil.example', 302, '/en', 'en'],
    ['/_locale/en', 302, '/en', 'en'],
    // A list's page and category travel with the switch; the query is kept as a query, never as a host.
    ['/_locale/ja?to=%2Fen%2Fnews%3Fpage%3D2', 302, '/news?page=2', 'ja'],
    ['/_locale/en?to=%2Fconstruction-project%3Fcategory%3Doffice', 302, '/en/construction-project?category=office', 'en'],
    ['/_locale/en?to=%2Fnews%3Fpage%3D2%22%3E%3Cx', 302, '/en/news?page=2%22%3E%3Cx', 'en'], // a query is kept, percent-encoded
    ['/_locale/en?to=%2Fnews%3Fa%3D%2F%2Fevil.example', 302, '/en/news?a=//evil.example', 'en'], // slashes in a query lead nowhere
  ]
  for (const [url, status, location, cookie] of cases) {
    const res = await app.inject(url)
    t.equal(res.statusCode, status, `${url} status`)
    t.equal(res.headers.location, location, `${url} location`)
    t.equal(res.headers['cache-control'], 'no-store', `${url} not cached`)
    const set = res.headers['set-cookie']
    if (cookie) t.match(String(set), new RegExp(`^i18n_redirected=${cookie};.*SameSite=Lax`), `${url} cookie`)
    else t.notOk(set, `${url} writes nothing`)
  }
})

t.test('the switch links of a page go to the same page in the other language', async (t) => {
  const app = await build(t)
  const en = (await app.inject('/en/construction-project')).body
  t.match(en, /href="\/_locale\/ja\?to=%2Fconstruction-project"[^>]*hrefLang="ja"[^>]*lang="ja"[^>]*>日本語</)
  const ja = (await app.inject('/ja/about')).body
  t.match(ja, /href="\/_locale\/en\?to=%2Fen%2Fabout"/)
})

t.test('in production, absolute URLs never come from the Host header', async (t) => {
  const app = await build(t, { siteUrl: '', nodeEnv: 'production' })
  const headers = { host: 'evil.example' }
  const page = await app.inject({ url: '/about', headers })
  t.notMatch(page.body, /evil\.example/, 'not in canonical, hreflang or JSON-LD')
  t.match(headTags(page.body).canonical, /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\/about$/, 'the address the server listens on')
  t.notMatch((await app.inject({ url: '/sitemap.xml', headers })).body, /evil\.example/, 'nor in the sitemap (cached an hour)')
  t.notMatch((await app.inject({ url: '/news/feed.xml', headers })).body, /evil\.example/, 'nor in the feed')
})

t.test('without SITE_URL in development, absolute URLs use X-Forwarded-Host/Proto only from a trusted proxy', async (t) => {
  const headers = { host: 'real.test', 'x-forwarded-host': 'evil.test', 'x-forwarded-proto': 'https' }
  const direct = await build(t, { siteUrl: '' })
  const page = (await direct.inject({ url: '/about', headers })).body
  t.equal(headTags(page).canonical, 'http://real.test/about', 'the forwarded headers are ignored')
  t.match((await direct.inject({ url: '/sitemap.xml', headers })).body, /<loc>http:\/\/real\.test\/about<\/loc>/)
  const proxied = await build(t, { siteUrl: '', trustProxy: true })
  t.equal(headTags((await proxied.inject({ url: '/about', headers })).body).canonical, 'https://evil.test/about', 'a trusted proxy names the host')
  t.match((await proxied.inject({ url: '/sitemap.xml', headers })).body, /<loc>https:\/\/evil\.test\/about<\/loc>/)
})

t.test('the switch and the hreflang links agree, canonical query included', async (t) => {
  const app = await build(t)
  for (const url of ['/en/news?page=2', '/news?page=2', '/en/construction-project?category=office', '/about']) {
    const body = (await app.inject(url)).body
    const { hreflang } = headTags(body)
    const { switchTargets } = pageState(body)
    for (const code of ['ja', 'en'] as const) t.equal(SITE + switchTargets[code], hreflang[code], `${url}: switch to ${code} = its hreflang`)
  }
})

t.test('trailing slash policy: one URL per page', async (t) => {
  const app = await build(t)
  const slashCases: [string, string][] = [['/about/', '/about'], ['/en/', '/en'], ['/en/news/?page=2', '/en/news?page=2'], ['/ja//', '/ja']]
  for (const [url, location] of slashCases) {
    const res = await app.inject(url)
    t.equal(res.statusCode, 308, `${url}`)
    t.equal(res.headers.location, location, `${url} -> ${location}`)
  }
  t.equal((await app.inject('/')).statusCode, 200, 'the root keeps its slash')
  const doubled = await app.inject('//evil.example/')
  t.equal(doubled.statusCode, 301, 'more than a trailing slash differs: another spelling of the path')
  t.equal(doubled.headers.location, '/evil.example', 'on this site')
})
