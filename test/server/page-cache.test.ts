import t from 'tap'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { build, FIXTURE_CONTENT, pageState } from '../helper'
import { PageTemplates, split } from '../../server/render/page-templates'
import { loadContent } from '../../server/content/load'
import { preferredCoding } from '../../server/render/page-cache'

t.test('a cached page is byte-identical to a fresh render, with the same headers and ETag', async (t) => {
  const cached = await build(t)
  const fresh = await build(t, { pageCache: false })
  for (const url of ['/en/news', '/construction-project/minato-office-tower', '/about', '/en']) {
    const first = await cached.inject(url)
    const second = await cached.inject(url)
    const uncached = await fresh.inject(url)
    t.equal(first.body, uncached.body, `${url}: first (streamed) render = uncached render`)
    t.equal(second.body, uncached.body, `${url}: cache hit = uncached render`)
    t.match(first.headers.etag, /^"[A-Za-z0-9_-]{27}"$/, `${url}: strong ETag`)
    t.equal(second.headers.etag, first.headers.etag, `${url}: same ETag on a hit`)
    t.equal(uncached.headers.etag, first.headers.etag, `${url}: same ETag without the cache`)
    for (const header of ['content-type', 'cache-control', 'content-security-policy', 'x-content-type-options', 'vary', 'content-encoding']) {
      t.equal(second.headers[header], uncached.headers[header], `${url}: ${header}`)
    }
    const brFresh = await fresh.inject({ url, headers: { 'accept-encoding': 'br' } })
    const brCached = await cached.inject({ url, headers: { 'accept-encoding': 'br' } })
    for (const header of ['vary', 'content-encoding', 'etag']) t.equal(brCached.headers[header], brFresh.headers[header], `${url} (br): ${header}`)
  }
  t.not((await cached.inject('/en/news')).headers.etag, (await cached.inject('/news')).headers.etag, 'each page its own validator')
})

t.test('If-None-Match answers 304 without a body', async (t) => {
  const app = await build(t)
  const { etag } = (await app.inject('/en/about')).headers
  const res = await app.inject({ url: '/en/about', headers: { 'if-none-match': String(etag) } })
  t.equal(res.statusCode, 304)
  t.equal(res.body, '')
  t.equal((await app.inject({ url: '/en/about', headers: { 'if-none-match': '"other"' } })).statusCode, 200)
  t.equal((await app.inject({ url: '/en/about', headers: { 'if-none-match': `"other", W/${etag}` } })).statusCode, 304, 'weak comparison for GET')
})

t.test('each content-coding has its own strong ETag, and the suffix names the coding sent', async (t) => {
  const cached = await build(t)
  const fresh = await build(t, { pageCache: false })
  const suffix: Record<string, string> = { br: '-br"', gzip: '-gz"', none: '"' }
  for (const [name, app] of [['cached', cached], ['fresh', fresh]] as const) {
    const tags = new Set<string>()
    for (const accept of ['br', 'gzip', 'gzip, deflate, br', 'br;q=0, gzip', 'identity', '']) {
      // Twice: the first answer renders (and fills the cache), the second is a hit on the cached app.
      for (const url of ['/en/about', '/en/about']) {
        const res = await app.inject({ url, headers: { 'accept-encoding': accept } })
        const coding = res.headers['content-encoding'] ?? 'none'
        const etag = String(res.headers.etag)
        t.ok(etag.endsWith(suffix[String(coding)]!) && (coding !== 'none' || !/-(br|gz)"$/.test(etag)), `${name} '${accept}': ${coding} body, ETag ${etag}`)
        tags.add(etag)
        const again = await app.inject({ url, headers: { 'accept-encoding': accept, 'if-none-match': etag } })
        t.equal(again.statusCode, 304, `${name} '${accept}': 304 for its own tag`)
      }
    }
    t.equal(tags.size, 3, `${name}: three validators, one per coding`)
  }
})

t.test('hits are served compressed from memory, in the encoding the client takes', async (t) => {
  const app = await build(t)
  const plain = (await app.inject('/en/news')).body
  const br = await app.inject({ url: '/en/news', headers: { 'accept-encoding': 'gzip, br' } })
  t.equal(br.headers['content-encoding'], 'br')
  t.match(String(br.headers.vary), /accept-encoding/i)
  t.equal(brotliDecompressSync(br.rawPayload).toString('utf8'), plain)
  const gz = await app.inject({ url: '/en/news', headers: { 'accept-encoding': 'gzip, br;q=0' } })
  t.equal(gz.headers['content-encoding'], 'gzip')
  t.equal(gunzipSync(gz.rawPayload).toString('utf8'), plain)
  const none = await app.inject({ url: '/en/news', headers: { 'accept-encoding': 'identity' } })
  t.notOk(none.headers['content-encoding'])
  t.equal(none.body, plain)
})

t.test('a miss storm renders the page once', async (t) => {
  // After start-up (feeds read the site once per language when the app is built), content.site()
  // is read only while rendering (never while resolving), so counting from there counts renders.
  const counting = async (pageCache: boolean) => {
    const loaded = await loadContent(FIXTURE_CONTENT)
    let reads = 0
    const site = loaded.content.site
    loaded.content.site = (locale) => {
      reads++
      return site(locale)
    }
    const app = await build(t, { pageCache }, { content: loaded })
    await app.ready()
    reads = 0
    const res = await Promise.all(Array.from({ length: 20 }, () => app.inject('/en/news?page=2')))
    t.ok(res.every((r) => r.statusCode === 200 && r.body === res[0]!.body), 'all 20 get the same page')
    return reads
  }
  const once = await counting(true)
  const every = await counting(false)
  t.ok(once > 0, 'rendered')
  t.equal(every, once * 20, `without the cache every visitor renders (${once} vs ${every})`)
})

t.test('error pages, form pages and unknown queries never fill the cache with new keys', async (t) => {
  const app = await build(t)
  const a = await app.inject('/about?utm_source=x')
  const b = await app.inject('/about')
  t.equal(a.headers.etag, b.headers.etag, 'an ignored query is the same page')
  const missing = await app.inject('/nope-1')
  t.notOk(missing.headers.etag, '404 pages carry no ETag and are not cached')
})

t.test('Accept-Encoding: the cache chooses the coding exactly as the compressor does', async (t) => {
  const cases: [string | undefined, string | null][] = [
    ['gzip, br', 'br'],
    ['br;q=0.5', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0', null],
    ['gzip', 'gzip'],
    ['*', 'gzip'],
    ['x-gzip', 'gzip'],
    ['identity', null],
    [undefined, null],
  ]
  for (const [header, coding] of cases) t.equal(preferredCoding(header), coding, String(header))
  // A cached page (second request) and a fresh render (first) get the same coding for every header.
  const app = await build(t)
  const pages = ['/about', '/en/about', '/news', '/en/news', '/service', '/en/service', '/greeting', '/en/greeting', '/construction-project']
  for (const [i, [header]] of cases.entries()) {
    const url = pages[i]!
    const headers = header === undefined ? {} : { 'accept-encoding': header }
    const first = await app.inject({ url, headers })
    const second = await app.inject({ url, headers })
    t.equal(second.headers['content-encoding'], first.headers['content-encoding'], `${header}: same coding rendered and cached`)
  }
})

t.test('a page showing one visitor\'s data is never cached', async (t) => {
  const app = await build(t)
  const a = await app.inject('/contact/success?ref=Q-20261122-AAAAAA')
  const b = await app.inject('/contact/success?ref=Q-20261122-BBBBBB')
  t.match(a.body, 'Q-20261122-AAAAAA')
  t.match(b.body, 'Q-20261122-BBBBBB')
  t.notMatch(b.body, 'Q-20261122-AAAAAA')
  t.notOk(b.headers.etag)
})

t.test('Cache-Control: browsers revalidate, a CDN may keep content pages; the negotiating root stays private', async (t) => {
  const app = await build(t)
  for (const url of ['/about', '/en/news', '/construction-project/minato-office-tower']) {
    const res = await app.inject(url)
    t.equal(res.headers['cache-control'], 'public, max-age=0, s-maxage=60, must-revalidate', url)
    t.notOk(res.headers['set-cookie'], `${url}: no cookie, so shareable`)
  }
  t.equal((await app.inject({ url: '/', headers: { 'user-agent': 'Mozilla/5.0' } })).headers['cache-control'], 'private, no-cache')
  t.equal((await app.inject('/en/contact')).headers['cache-control'], 'no-store', 'the form with its token is never stored')
})

t.test('the contact form is rendered once as a template; every visitor gets a token of their own', async (t) => {
  const setup = async (pageCache: boolean) => {
    const loaded = await loadContent(FIXTURE_CONTENT)
    const counter = { reads: 0 }
    const site = loaded.content.site
    loaded.content.site = (locale) => {
      counter.reads++
      return site(locale)
    }
    const app = await build(t, { pageCache }, { content: loaded })
    await app.ready()
    counter.reads = 0
    return { app, counter }
  }
  const tokenOf = (body: string) => /name="_token" value="([^"]+)"/.exec(body)?.[1]
  const single = await setup(true)
  await single.app.inject('/en/contact')
  const perRender = single.counter.reads
  t.ok(perRender > 0)

  const { app, counter } = await setup(true)
  const res = await Promise.all(Array.from({ length: 20 }, () => app.inject('/en/contact')))
  t.equal(counter.reads, perRender, '20 visitors at once: one render')
  const tokens = res.map((r) => tokenOf(r.body)!)
  t.ok(res.every((r) => r.statusCode === 200 && r.headers['cache-control'] === 'no-store' && !r.headers.etag), '200, no-store, no ETag')
  t.equal(new Set(tokens).size, 20, 'twenty different tokens')
  res.forEach((r, i) => t.equal(pageState(r.body).data.token, tokens[i], `visitor ${i}: the same token in the form and in the page state`))
  t.ok(res.every((r, i) => r.body.split(tokens[i]!).join('TOKEN') === res[0]!.body.split(tokens[0]!).join('TOKEN')), 'otherwise byte-identical')
  t.notMatch(res[0]!.body, 'tpl-slot', 'no placeholder left')
  t.equal(tokenOf((await app.inject('/contact')).body)?.split('.').length, 4, 'the Japanese page too')
  t.equal(counter.reads, perRender * 2, 'one render per language page')

  const uncached = await setup(false)
  const plain = await Promise.all(Array.from({ length: 3 }, () => uncached.app.inject('/en/contact')))
  t.equal(uncached.counter.reads, perRender * 3, 'without the page cache every visitor renders')
  t.equal(plain[0]!.body.split(tokenOf(plain[0]!.body)!).join('TOKEN'), res[0]!.body.split(tokens[0]!).join('TOKEN'), 'the same page either way')
})

t.test('templates: split at every placeholder, filled only with values that need no escaping', async (t) => {
  const parts = split(Buffer.from('<input value="SLOT"><script>{"t":"SLOT"}</script>'), 'SLOT')!
  t.equal(parts.length, 3)
  t.equal(PageTemplates.fill(parts, 'v1.abc_-9').toString(), '<input value="v1.abc_-9"><script>{"t":"v1.abc_-9"}</script>')
  t.equal(split(Buffer.from('no slot here'), 'SLOT'), null, 'a page without the placeholder is no template')
  t.throws(() => PageTemplates.fill(parts, '"><script>'), /escaping/, 'markup is refused')
})

t.test('languages never mix: each locale form of a path is its own entry', async (t) => {
  const app = await build(t)
  const lang = (html: string) => /<html lang="([a-z]+)"/.exec(html)?.[1]
  for (const round of [1, 2]) {
    // Same path in every order, twice: the second round is served from the cache.
    for (const [url, expected] of [['/en/news', 'en'], ['/news', 'ja'], ['/ja/news', 'ja'], ['/en/about', 'en'], ['/about', 'ja']] as const) {
      const res = await app.inject(url)
      t.equal(lang(res.body), expected, `round ${round}: ${url} is ${expected}`)
      t.equal(pageState(res.body).locale, expected, `round ${round}: ${url} state`)
    }
  }
  const [ja, en] = await Promise.all([app.inject('/about'), app.inject('/en/about')])
  t.not(ja.headers.etag, en.headers.etag, 'different validators')
  // The negotiating root redirects per visitor: never cached, never a shared answer.
  const english = await app.inject({ url: '/', headers: { 'accept-language': 'en-US,en;q=0.9', 'user-agent': 'Mozilla/5.0' } })
  t.equal(english.statusCode, 302)
  t.equal(english.headers['cache-control'], 'private, no-cache')
  t.notOk(english.headers.etag)
  const japanese = await app.inject({ url: '/', headers: { 'accept-language': 'ja', 'user-agent': 'Mozilla/5.0' } })
  t.equal(japanese.statusCode, 200, 'the next visitor is not sent to English by what the first got')
  t.equal(lang(japanese.body), 'ja')
})
