import t from 'tap'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { build, headTags, SITE } from '../helper'

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => name === 'url' || name === 'xhtml:link' })

interface Entry {
  loc: string
  links: Record<string, string>
}

async function sitemap(app: Awaited<ReturnType<typeof build>>, url: string): Promise<Entry[]> {
  const res = await app.inject(url)
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`)
  if (!/^application\/xml/.test(String(res.headers['content-type']))) throw new Error(`${url}: ${res.headers['content-type']}`)
  if (XMLValidator.validate(res.body) !== true) throw new Error(`${url}: invalid XML`)
  const doc = parser.parse(res.body)
  if (!doc.urlset || doc.sitemapindex) throw new Error(`${url}: not a urlset`)
  if (doc.urlset.xmlns !== 'http://www.sitemaps.org/schemas/sitemap/0.9') throw new Error('wrong namespace')
  return (doc.urlset.url as any[]).map((u) => ({
    loc: u.loc,
    links: Object.fromEntries((u['xhtml:link'] as any[]).map((l) => [l.hreflang, l.href])),
  }))
}

t.test('/sitemap.xml covers both languages, every canonical URL once, with reciprocal alternates', async (t) => {
  const app = await build(t)
  const entries = await sitemap(app, '/sitemap.xml')
  const locs = entries.map((e) => e.loc)
  t.equal(new Set(locs).size, locs.length, 'each URL once')
  for (const path of ['/', '/about', '/service', '/greeting', '/news', '/contact', '/privacy-policy', '/term-of-service', '/construction-project']) {
    t.ok(locs.includes(SITE + path), `ja ${path}`)
    t.ok(locs.includes(SITE + (path === '/' ? '/en' : '/en' + path)), `en ${path}`)
  }
  t.ok(locs.includes(SITE + '/news/2026-04-new-office'), 'news details join')
  t.ok(locs.includes(SITE + '/en/construction-project/minato-office-tower'), 'project details join')
  t.ok(locs.includes(SITE + '/news/2026-01-new-year'), 'a Japanese-only article is listed in Japanese')
  t.notOk(locs.includes(SITE + '/en/news/2026-01-new-year'), '...and not in English')
  t.notOk(locs.some((l) => l.includes('/contact/success')), 'success page stays out')
  t.notOk(locs.some((l) => l.startsWith(SITE + '/ja')), 'no /ja duplicates: Japanese is canonical unprefixed')
  const byLoc = new Map(entries.map((e) => [e.loc, e]))
  for (const e of entries) {
    t.ok(e.loc.startsWith(SITE), `${e.loc} absolute`)
    t.ok(Object.values(e.links).includes(e.loc), `${e.loc} lists itself`)
    t.ok(e.links['x-default'], `${e.loc} x-default`)
    t.equal(e.links['x-default'], e.links.ja ?? e.links.en, `${e.loc} x-default is the unprefixed URL`)
    for (const [lang, href] of Object.entries(e.links)) {
      if (lang === 'x-default') continue
      const other = byLoc.get(href)
      t.ok(other, `${e.loc}: alternate ${href} is itself an entry`)
      t.same(other?.links, e.links, `${e.loc}: alternates reciprocal with ${href}`)
    }
  }
})

t.test('prefixed sitemaps list their own language', async (t) => {
  const app = await build(t)
  const all = await sitemap(app, '/sitemap.xml')
  const ja = await sitemap(app, '/ja/sitemap.xml')
  const en = await sitemap(app, '/en/sitemap.xml')
  t.ok(en.every((e) => e.loc.startsWith(SITE + '/en')), 'en only')
  t.ok(ja.every((e) => !e.loc.startsWith(SITE + '/en')), 'ja only')
  t.equal(ja.length + en.length, all.length, 'together they are the whole sitemap')
})

t.test('every sitemap entry matches the head tags of its page (one source of alternates)', async (t) => {
  const app = await build(t)
  for (const e of await sitemap(app, '/sitemap.xml')) {
    const path = e.loc.slice(SITE.length)
    const res = await app.inject({ url: path, headers: { 'user-agent': 'Googlebot' } })
    t.equal(res.statusCode, 200, `${path} exists`)
    const head = headTags(res.body)
    t.equal(head.canonical, e.loc, `${path} canonical is self`)
    t.same(head.hreflang, e.links, `${path} hreflang = sitemap alternates`)
  }
})

t.test('robots.txt names the sitemap', async (t) => {
  const app = await build(t)
  const res = await app.inject('/robots.txt')
  t.equal(res.statusCode, 200)
  t.match(res.headers['content-type'], /text\/plain/)
  t.match(res.body, `Sitemap: ${SITE}/sitemap.xml`)
  t.match(res.body, /Disallow: \/_locale\//)
})
