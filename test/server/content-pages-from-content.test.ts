import t from 'tap'
import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build, FIXTURE_CONTENT, h1, headTags, pageState, SITE } from '../helper'
import { problemsAfter } from './content-helper'

// Pages written in content/pages/ at the path their front matter names, and the menus of site.yml:
// a page from content is served like a built-in page (three URL forms, head tags, breadcrumb,
// sitemap, language switch), and every mistake is one problem line naming file and field.

/** A page file: front matter fields (raw YAML values, undefined leaves one out) and a body. */
const page = (fields: Record<string, string | undefined>, body = 'Body.') =>
  `---\n${Object.entries(fields).flatMap(([k, v]) => (v === undefined ? [] : [`${k}: ${v}`])).join('\n')}\n---\n\n${body}\n`

/** The site file of the fixture with its `menus:` replaced (undefined: none, the defaults apply). */
function withMenus(dir: string, menus: string | undefined): void {
  const file = join(dir, 'site.yml')
  const site = readFileSync(file, 'utf8').replace(/^menus:\n(?: {2}.*\n)+/m, '')
  writeFileSync(file, menus === undefined ? site : `${site}menus:\n${menus}\n`)
}

const PAGES: Record<string, string> = {
  'recruit.ja.md': page({ title: '採用情報について', description: '新卒・キャリア採用のご案内です。', path: '/recruit', label: '採用情報' }, '## 募集職種\n\n[お問い合わせ](/contact)からご応募ください。\n\n![地図](images/small.svg)'),
  'recruit.en.md': page({ title: 'Working with us', description: 'Graduate and experienced hiring.', path: '/recruit', label: 'Careers' }),
  // /company exists in Japanese only: the English breadcrumb of /company/history skips it.
  'company.ja.md': page({ title: '会社案内', description: '会社案内です。', path: '/company' }),
  'history.ja.md': page({ title: '沿革', description: '創業からの歩みです。', path: '/company/history' }),
  'history.en.md': page({ title: 'History', description: 'Our history since 1962.', path: '/company/history' }),
  // Under a built-in page: its crumb is the built-in page's label.
  'awards.ja.md': page({ title: '受賞歴', description: '受賞歴です。', path: '/about/awards' }),
  'notice.ja.md': page({ title: '日本語だけのお知らせ', description: '日本語版のみです。', path: '/ja-only-notice' }),
}

const MENUS = `  header:
    - /about
    - /recruit
    - { path: /company/history, label: { ja: 私たちの歩み, en: Our story } }
  footer: [/recruit, /news, /contact]`

/** A copy of the fixture content with the pages above and the menus, served. */
async function siteWithPages(t: Parameters<typeof build>[0]) {
  const dir = mkdtempSync(join(tmpdir(), 'content-pages-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  cpSync(FIXTURE_CONTENT, dir, { recursive: true })
  for (const [name, text] of Object.entries(PAGES)) writeFileSync(join(dir, 'pages', name), text)
  withMenus(dir, MENUS)
  return build(t, { contentDir: dir })
}

const crumbs = (html: string) =>
  [...(/<nav class="breadcrumb"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '').matchAll(/<li>(?:<a href="([^"]+)"[^>]*>|<span aria-current="page">)([^<]*)</g)].map((m) => [m[2], m[1] ?? null])
const links = (html: string, list: RegExp) => [...(list.exec(html)?.[0] ?? '').matchAll(/<a href="([^"]+)"[^>]*>([^<]*)<\/a>/g)].map((m) => [m[2], m[1]])
// The desktop header's list comes first in the document (the menu's copy follows it).
const headerLinks = (html: string) => links(html, /<ul class="site-nav">[\s\S]*?<\/ul>/)
const footerLinks = (html: string) => links(html, /<ul class="site-footer__links">[\s\S]*?<\/ul>/)
const jsonLd = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!))

t.test('a page from content exists at /x, /ja/x and /en/x with head tags, breadcrumb and language switch', async (t) => {
  const app = await siteWithPages(t)
  for (const [url, lang, title] of [['/recruit', 'ja', '採用情報について'], ['/ja/recruit', 'ja', '採用情報について'], ['/en/recruit', 'en', 'Working with us']] as const) {
    const res = await app.inject(url)
    t.equal(res.statusCode, 200, `${url} status`)
    t.equal(h1(res.body), title, `${url} h1`)
    const head = headTags(res.body)
    t.equal(head.lang, lang)
    t.match(head.title, new RegExp(`^${title} \\| `), `${url} title`)
    t.equal(head.canonical, lang === 'ja' ? `${SITE}/recruit` : `${SITE}/en/recruit`, `${url} canonical`)
    t.same(head.hreflang, { ja: `${SITE}/recruit`, en: `${SITE}/en/recruit`, 'x-default': `${SITE}/recruit` }, `${url} hreflang`)
    t.equal(head.description, lang === 'ja' ? '新卒・キャリア採用のご案内です。' : 'Graduate and experienced hiring.')
    t.equal(head.robots, undefined, 'indexed')
    const state = pageState(res.body)
    t.equal(state.routeId, 'contentPage')
    t.same(state.switchTargets, { ja: '/recruit', en: '/en/recruit' }, `${url} language switch`)
    t.same(crumbs(res.body), lang === 'ja' ? [['ホーム', url.startsWith('/ja') ? '/ja' : '/'], ['採用情報について', null]] : [['Home', '/en'], ['Working with us', null]])
  }
  const ja = (await app.inject('/recruit')).body
  t.match(ja, /<h2 id="募集職種"[^>]*>募集職種<\/h2>/, 'the Markdown body')
  t.match(ja, /<picture class="prose__picture"><source type="image\/avif" srcset="\/media\/[0-9a-f]{16}\/small-\d+\.avif/, 'an image of the body in its variants')
  t.match(ja, /<img src="\/media\/[0-9a-f]{16}\/small-\d+\.jpg"[^>]*alt="地図" loading="lazy"/)
  t.same(jsonLd((await app.inject('/en/recruit')).body).at(-1).itemListElement.map((i: any) => [i.position, i.name, i.item]), [
    [1, 'Home', `${SITE}/en`],
    [2, 'Working with us', `${SITE}/en/recruit`],
  ])
})

t.test('nested paths get a breadcrumb per level that is a page; one-language pages exist only there', async (t) => {
  const app = await siteWithPages(t)
  const ja = (await app.inject('/company/history')).body
  t.same(crumbs(ja), [['ホーム', '/'], ['会社案内', '/company'], ['沿革', null]], 'ja: /company is a page')
  t.same(jsonLd(ja).at(-1).itemListElement.map((i: any) => i.item), [`${SITE}/`, `${SITE}/company`, `${SITE}/company/history`])
  t.same(crumbs((await app.inject('/about/awards')).body), [['ホーム', '/'], ['会社概要', '/about'], ['受賞歴', null]], 'a built-in parent page')
  const en = (await app.inject('/en/company/history')).body
  t.same(crumbs(en), [['Home', '/en'], ['History', null]], 'en: no page at /en/company, no crumb for it')
  t.equal((await app.inject('/en/company')).statusCode, 404, 'a page written in Japanese only is a 404 in English')
  t.match((await app.inject('/en/company')).body, 'Page not found: /en/company', 'like any unknown path')
  const notice = await app.inject('/ja-only-notice')
  t.same(headTags(notice.body).hreflang, { ja: `${SITE}/ja-only-notice`, 'x-default': `${SITE}/ja-only-notice` }, 'hreflang lists the existing language')
  t.same(pageState(notice.body).switchTargets, { ja: '/ja-only-notice', en: '/en' }, 'the switch to English falls back to home')
  t.equal((await app.inject('/company/history/1990s')).statusCode, 404, 'below a page is nothing')
})

t.test('pages, sitemaps and menus carry the pages from content', async (t) => {
  const app = await siteWithPages(t)
  for (const url of ['/recruit', '/en/recruit', '/company/history']) {
    const res = await app.inject(url)
    t.equal(res.statusCode, 200, url)
    t.equal(pageState(res.body).routeId, 'contentPage', `${url}: the content page route`)
    t.equal(headTags(res.body).canonical, `${SITE}${url}`, `${url}: canonical`)
  }

  const all = (await app.inject('/sitemap.xml')).body
  for (const loc of ['/recruit', '/en/recruit', '/company', '/company/history', '/en/company/history', '/ja-only-notice']) t.match(all, `<loc>${SITE}${loc}</loc>`, `sitemap: ${loc}`)
  const en = (await app.inject('/en/sitemap.xml')).body
  t.notMatch(en, `<loc>${SITE}/en/company</loc>`, 'not listed in a language it is not written in')
  t.match(en, `<loc>${SITE}/en/recruit</loc><xhtml:link rel="alternate" hreflang="ja" href="${SITE}/recruit"/>`)

  const ja = (await app.inject('/recruit')).body
  t.same(headerLinks(ja), [['会社概要', '/about'], ['採用情報', '/recruit'], ['私たちの歩み', '/company/history']], 'header: site.yml order, labels in Japanese')
  t.match(ja, /<a href="\/recruit" aria-current="page">採用情報<\/a>/, 'the current page is marked, on a plain link')
  t.same(footerLinks(ja), [['採用情報', '/recruit'], ['お知らせ', '/news'], ['お問い合わせ', '/contact']], 'footer')
  const enHome = (await app.inject('/en')).body
  t.same(headerLinks(enHome).slice(0, 3), [['Company', '/en/about'], ['Careers', '/en/recruit'], ['Our story', '/en/company/history']], 'header in English')
  t.same(footerLinks(enHome), [['Careers', '/en/recruit'], ['News', '/en/news'], ['Contact', '/en/contact']], 'footer in English')
  t.same(pageState(enHome).menus.footer, [{ path: '/recruit', label: 'Careers' }, { path: '/news', label: 'News' }, { path: '/contact', label: 'Contact' }], 'the page state carries the menus')
})

t.test('without menus: in site.yml, the header and footer list today\'s pages', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'content-menus-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  cpSync(FIXTURE_CONTENT, dir, { recursive: true })
  withMenus(dir, undefined)
  const app = await build(t, { contentDir: dir })
  const html = (await app.inject('/en/about')).body
  t.same(headerLinks(html).map((l) => l[1]), ['/en/about', '/en/service', '/en/greeting', '/en/construction-project', '/en/news'])
  t.same(footerLinks(html).map((l) => l[1]), ['/en/about', '/en/service', '/en/greeting', '/en/construction-project', '/en/news', '/en/contact', '/en/privacy-policy', '/en/term-of-service'])
})

const OK = { title: 'Careers', description: 'Work with us.' }
/** The problem lines after writing these page files (name -> text; null deletes) and menus. */
const problems = (t: Parameters<typeof problemsAfter>[0], files: Record<string, string | null>, menus?: string) =>
  problemsAfter(t, (dir) => {
    for (const [name, text] of Object.entries(files)) {
      if (text === null) unlinkSync(join(dir, 'pages', name))
      else writeFileSync(join(dir, 'pages', name), text)
    }
    if (menus !== undefined) withMenus(dir, menus)
  })

t.test('page files: a path is required, must be free, and the same in both languages', async (t) => {
  t.same(await problems(t, { 'recruit.ja.md': page({ ...OK, path: '/recruit' }), 'recruit.en.md': page({ ...OK, path: '/recruit' }) }), [], 'a valid page')
  t.same(await problems(t, { 'recruit.ja.md': page(OK) }), [
    'pages/recruit.ja.md: path: is required: a page other than the built-in about, service, greeting, privacy-policy, term-of-service must say at which address it is shown (like path: /recruit)',
  ])
  const taken: [string, string][] = [
    ['/news/x', 'the built-in page /news/:slug'],
    ['/news/x/y', 'the built-in pages under /news/'],
    ['/contact', 'the built-in page /contact'],
    ['/contact/form', 'the built-in pages under /contact/'],
    ['/construction-project/a', 'the built-in page /construction-project/:slug'],
    ['/about', 'the built-in page /about'],
    ['/api/x', "the site's API (/api/…)"],
    ['/admin', 'the staff area (/admin/…)'],
    ['/admin/x', 'the staff area (/admin/…)'],
    ['/_x', "the site's own addresses starting with /_ (/_locale, /_i18n, /_build…)"],
    ['/assets', "the site's scripts and styles (/assets/…)"],
    ['/media/a', 'the content images (/media/…)'],
    ['/healthz', 'the health check (/healthz)'],
    ['/readyz', 'the readiness check (/readyz)'],
    ['/sitemap-extra', 'the sitemaps (/sitemap.xml)'],
    ['/en/recruit', 'the language prefix /en'],
  ]
  for (const [path, what] of taken) {
    t.same(await problems(t, { 'x.ja.md': page({ ...OK, path }) }), [`pages/x.ja.md: path: ${path} collides with ${what}`], path)
  }
  // No address of the site serves /feed (the news feeds are /news/feed.xml): a page may have it.
  t.same(await problems(t, { 'feed.ja.md': page({ ...OK, path: '/feed' }), 'feed.en.md': page({ ...OK, path: '/feed' }) }), [], '/feed is free')
  t.same(await problems(t, { 'x.ja.md': page({ ...OK, path: 'recruit' }) }), [
    'pages/x.ja.md: path: must be an address like /recruit or /company/history: /, then letters a-z and A-Z, 0-9, _ and -, parts separated by / (got recruit)',
  ])
  t.same(await problems(t, { 'recruit.ja.md': page({ ...OK, path: '/recruit' }), 'recruit.en.md': page({ ...OK, path: '/careers' }) }), [
    'pages/recruit.ja.md: path: must be the same in every language: pages/recruit.en.md says /careers (got /recruit)',
  ])
  t.same(await problems(t, { 'a.ja.md': page({ ...OK, path: '/recruit' }), 'b.ja.md': page({ ...OK, path: '/recruit' }) }), ['pages/b.ja.md: path: /recruit is already the path of pages/a.ja.md'])
  t.same(await problems(t, { 'about.ja.md': page({ ...OK, path: '/company' }) }), [
    'pages/about.ja.md: path: must be /about, the fixed address of the built-in about page, or be left out (got /company)',
  ])
  t.same(await problems(t, { 'about.ja.md': page({ ...OK, path: '/about', label: '会社情報' }) }), [], 'a built-in page may state its own path and a label')
  t.same(await problems(t, { 'x.ja.md': page({ ...OK, path: '/x' }, '![Map](images/missing.svg)') }), ['pages/x.ja.md: image images/missing.svg does not exist'])
  t.same(await problems(t, { 'x.ja.md': page({ ...OK, path: '/x' }, '![Map](https://maps.example/x.png)') }), [
    'pages/x.ja.md: image https://maps.example/x.png: must be a file in images/ (letters a-z and A-Z, 0-9, /, _, . and - only) ending in .svg, .png, .jpg, .jpeg, .webp or .avif',
  ], 'no image from another site')
  t.same(await problems(t, { 'Recruit.ja.md': page({ ...OK, path: '/x' }) }), [
    'pages/Recruit.ja.md: file name must be <name>.ja.md or <name>.en.md, the name using only a-z, 0-9 and - (not first)',
  ])
  t.same(await problems(t, { 'greeting.en.md': null }), ['pages/greeting.en.md: file is missing'], 'the built-in pages stay required in both languages')
})

t.test('menus: every entry a page in both languages, once per menu', async (t) => {
  const recruit = { 'recruit.ja.md': page({ ...OK, path: '/recruit' }), 'recruit.en.md': page({ ...OK, path: '/recruit' }) }
  t.same(await problems(t, recruit, '  header: [/, /about, /recruit, { path: /news, label: { ja: ニュース, en: Updates } }]\n  footer: []'), [], 'valid menus')
  t.same(await problems(t, recruit, '  header: [/about, /careers]'), [
    'site.yml: menus.header[1]: /careers is not a page of the site: no built-in page has this address and no file in pages/ says path: /careers',
  ])
  t.same(await problems(t, { 'recruit.ja.md': page({ ...OK, path: '/recruit' }) }, '  header: [/about]\n  footer: [/about, /news, /recruit]'), [
    'site.yml: menus.footer[2]: /recruit has no page in en: pages/recruit.en.md is missing',
  ])
  t.same(await problems(t, recruit, '  header: [/about, /recruit, /about]'), ['site.yml: menus.header[2]: /about is already in this menu (menus.header[0])'])
  t.same(await problems(t, recruit, '  header: [/contact/success, /news/2026-04-new-office]'), [
    'site.yml: menus.header[0]: /contact/success is not a page of the site: no built-in page has this address and no file in pages/ says path: /contact/success',
    'site.yml: menus.header[1]: /news/2026-04-new-office is not a page of the site: no built-in page has this address and no file in pages/ says path: /news/2026-04-new-office',
  ], 'menus link pages, not articles or per-visitor pages')
  t.same(await problems(t, recruit, '  header:\n    - about\n    - { path: /recruit, label: { ja: 採用 } }'), [
    'site.yml: menus.header[0]: must be an address like /recruit or /company/history: /, then letters a-z and A-Z, 0-9, _ and -, parts separated by / (got about)',
    'site.yml: menus.header[1]: label.en: is required: the link\'s text in each language (label: { ja: …, en: … })',
  ])
  t.same(await problems(t, recruit, '  sidebar: [/about]'), ['site.yml: menus.sidebar: is not a known field'])
})

t.test('menus: an entry that is neither a path nor path + label is a problem line, not a crash', async (t) => {
  const recruit = { 'recruit.ja.md': page({ ...OK, path: '/recruit' }), 'recruit.en.md': page({ ...OK, path: '/recruit' }) }
  t.same(await problems(t, recruit, '  header:\n    - { label: { ja: 採用, en: Jobs } }\n    - 42'), [
    'site.yml: menus.header[0]: must be a path like /about, or { path: /recruit, label: { ja: 採用情報, en: Careers } } (got a group of fields without path)',
    'site.yml: menus.header[1]: must be a path like /about, or { path: /recruit, label: { ja: 採用情報, en: Careers } } (got 42)',
  ])
})
