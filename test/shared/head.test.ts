import t from 'tap'
import { buildHead, buildTitle, titleCase } from '../../shared/head'
import { computeAlternates } from '../../shared/alternates'
import { shareImage } from '../../shared/images'

t.test('titleCase turns a path segment into a title', async (t) => {
  t.equal(titleCase('term-of-service'), 'Term Of Service')
  t.equal(titleCase('about'), 'About')
  t.equal(titleCase('news_2026'), 'News 2026')
  t.equal(titleCase(''), '')
})

t.test('buildTitle follows the spec rule', async (t) => {
  const siteName = 'ACME'
  t.equal(buildTitle({ siteName, path: '/', isIndex: true, title: 'Home' }), 'ACME', 'index: site name alone')
  t.equal(buildTitle({ siteName, path: '/about', isIndex: false, title: 'Company' }), 'Company | ACME')
  t.equal(buildTitle({ siteName, path: '/term-of-service', isIndex: false }), 'Term Of Service | ACME', 'no title: last segment title-cased')
  t.equal(buildTitle({ siteName, path: '/news/new-office', isIndex: false, title: '  ' }), 'New Office | ACME', 'blank title counts as absent')
  t.equal(buildTitle({ siteName, path: '/about', isIndex: false, title: 'Company', development: true }), 'sample')
})

t.test('computeAlternates: ja unprefixed, en prefixed, x-default the unprefixed URL', async (t) => {
  const ja = computeAlternates('/about', 'ja', 'https://x.test')
  t.equal(ja.canonical, 'https://x.test/about')
  t.same(ja.links, [
    { hreflang: 'ja', href: 'https://x.test/about' },
    { hreflang: 'en', href: 'https://x.test/en/about' },
    { hreflang: 'x-default', href: 'https://x.test/about' },
  ])
  const en = computeAlternates('/', 'en', 'https://x.test/')
  t.equal(en.canonical, 'https://x.test/en', 'trailing slash of SITE_URL is not doubled; no slash after /en')
  t.equal(en.byLocale.ja, 'https://x.test/')
  const enOnly = computeAlternates('/news/x', 'en', 'https://x.test', ['en'])
  t.same(enOnly.links.map((l) => l.hreflang), ['en', 'x-default'])
  t.equal(enOnly.xDefault, 'https://x.test/en/news/x', 'x-default falls back to an existing translation')
})

t.test('buildHead: description fallback, og tags, errors without canonical', async (t) => {
  const alternates = computeAlternates('/about', 'en', 'https://x.test')
  const head = buildHead({ locale: 'en', title: 'Company | ACME', defaultDescription: 'Default', siteName: 'ACME', alternates })
  t.equal(head.description, 'Default')
  t.equal(head.ogDescription, 'Default')
  t.equal(head.ogLocale, 'en_US')
  t.same(head.ogLocaleAlternates, ['ja_JP'])
  t.equal(head.canonical, 'https://x.test/en/about')
  t.equal(head.noindex, false)
  const err = buildHead({ locale: 'ja', title: 'x', description: 'd', defaultDescription: 'D', siteName: 'ACME', alternates, isError: true })
  t.equal(err.canonical, null)
  t.same(err.alternates, [])
  t.equal(err.noindex, true)
  t.equal(err.description, 'd')
})

t.test('shareImage: the widest JPEG variant up to 1200 px that exists for the source', async (t) => {
  const image = { hash: 'abc', name: 'cover', alt: 'A', width: 1600, height: 900 }
  t.same(shareImage(image), { path: '/media/abc/cover-1200.jpg', width: 1200, height: 675, alt: 'A' })
  t.same(shareImage({ ...image, width: 1000, height: 500 }), { path: '/media/abc/cover-800.jpg', width: 800, height: 400, alt: 'A' }, 'a narrower source has no 1200 variant')
  t.same(shareImage({ ...image, width: 300, height: 200 }), { path: '/media/abc/cover-300.jpg', width: 300, height: 200, alt: 'A' }, 'a tiny source is offered as it is')
  t.same(shareImage({ ...image, width: 1200, height: 800 }).path, '/media/abc/cover-1200.jpg')
})
