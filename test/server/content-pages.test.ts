import t from 'tap'
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { build, headTags, pageState, SITE, testConfig } from '../helper'

t.test('home: hero, services, the latest three news, featured projects, company summary, contact call to action', async (t) => {
  const app = await build(t)
  const html = (await app.inject('/en')).body
  const section = (id: string) => new RegExp(`<section[^>]*aria-labelledby="${id}"[\\s\\S]*?</section>`).exec(html)?.[0] ?? ''
  const hero = section('page-title')
  t.match(hero, /<h1 class="hero__title" id="page-title">Building for a hundred years\.<\/h1>/, 'hero: the tagline')
  t.match(hero, 'A general contractor in Tokyo.', 'hero: the description')
  t.match(hero, /href="\/en\/contact"/, 'hero: contact button')
  const services = section('home-services')
  t.match(services, /<a href="\/en\/service#services-heading"[^>]*>Services heading<\/a>/, 'services link to their section of the service page')
  t.match(services, "The fixture&#x27;s service summary.", 'with their summary')
  const news = section('home-news')
  t.same([...news.matchAll(/href="\/en\/news\/([^"]+)"/g)].map((m) => m[1]), ['2026-04-new-office', '2025-12-article-02', '2025-11-article-03'], 'the latest three articles, newest first')
  const projects = section('home-projects')
  t.same([...projects.matchAll(/href="\/en\/construction-project\/([^"]+)"/g)].map((m) => m[1]), ['minato-office-tower'], 'featured projects only')
  t.notMatch(projects, /fetchpriority/i, 'home project images are not the page\'s main picture')
  const company = section('home-company')
  t.match(company, 'Founded 1962')
  t.match(company, /href="\/en\/about"/)
  const contact = section('home-contact')
  t.match(contact, /href="tel:\+81/, 'a phone link')
  t.match(contact, /href="\/en\/contact"/, 'and the form')
})

t.test('a project in one language only: 404 in the other, alternates and sitemap list what exists', async (t) => {
  const app = await build(t)
  t.equal((await app.inject('/en/construction-project/kawasaki-bridge')).statusCode, 404)
  const ja = await app.inject('/construction-project/kawasaki-bridge')
  t.equal(ja.statusCode, 200)
  t.same(headTags(ja.body).hreflang, { ja: SITE + '/construction-project/kawasaki-bridge', 'x-default': SITE + '/construction-project/kawasaki-bridge' })
  t.notMatch((await app.inject('/en/construction-project')).body, /kawasaki-bridge/, 'not listed in English')
  t.notMatch((await app.inject('/en/sitemap.xml')).body, /kawasaki-bridge/, 'not in the English sitemap')
  t.match((await app.inject('/sitemap.xml')).body, `<loc>${SITE}/construction-project/kawasaki-bridge</loc>`)
})

t.test('news list: 10 per page, ?page=N, category filter, bad values are 404', async (t) => {
  const app = await build(t)
  const first = await app.inject('/news')
  t.equal(first.statusCode, 200)
  const data = pageState(first.body).data
  t.equal(data.items.length, 10)
  t.same([data.page, data.pages, data.total], [1, 2, 13])
  t.match(first.body, /<nav class="pagination"/)
  t.match(first.body, /href="\/news\?page=2"/)
  const second = await app.inject('/news?page=2')
  t.equal(pageState(second.body).data.items.length, 3)
  t.equal(headTags(second.body).canonical, SITE + '/news?page=2', 'page 2 canonicalises to itself')
  t.equal(headTags(second.body).hreflang.en, SITE + '/en/news?page=2')
  t.equal(headTags((await app.inject('/news?page=1')).body).canonical, SITE + '/news', 'page 1 has no query')
  const en2 = await app.inject('/en/news?page=2')
  t.equal(pageState(en2.body).data.items.length, 2, 'English has 12 articles: 2 on page 2')
  const award = await app.inject('/en/news?category=award')
  t.equal(award.statusCode, 200)
  t.ok(pageState(award.body).data.items.every((i: any) => i.category === 'award'))
  t.match(award.body, /<option value="award" selected="">Award<\/option>/)
  for (const url of ['/news?page=3', '/news?page=0', '/news?page=-1', '/news?page=01', '/news?page=abc', '/news?page=1.5', '/news?page=1&page=2', '/news?category=castle', '/en/news?page=99999999']) {
    t.equal((await app.inject(url)).statusCode, 404, url)
  }
  t.equal((await app.inject('/news?sort=asc')).statusCode, 200, 'a parameter the page does not use is ignored (test/server/request-edges.test.ts)')
})

t.test('news article: date per locale, category, cover, newer/older links', async (t) => {
  const app = await build(t)
  const ja = (await app.inject('/news/2026-04-new-office')).body
  t.match(ja, /<time dateTime="2026-04-01">2026年4月1日<\/time>/)
  const en = (await app.inject('/en/news/2026-04-new-office')).body
  t.match(en, /<time dateTime="2026-04-01">1 April 2026<\/time>/)
  t.match(en, /<span class="badge">Notice<\/span>/)
  t.match(en, /<img [^>]*width="1600" height="1200"[^>]*alt="Cover image"[^>]*loading="eager"[^>]*fetchPriority="high"/i, 'cover is the LCP image')
  t.match(en, /class="pager__older"[^>]*href="\/en\/news\/2025-12-article-02"|href="\/en\/news\/2025-12-article-02"[^>]*class="pager__older"/)
  t.notMatch(en, /pager__newer/, 'the newest has no newer link')
})

t.test('projects: card grid with images, category filter, facts table, gallery links', async (t) => {
  const app = await build(t)
  const list = await app.inject('/en/construction-project')
  t.equal(pageState(list.body).data.items.length, 2)
  t.match(list.body, /loading="lazy"/, 'card images are lazy')
  t.match(list.body, /sizes="\(min-width: 64em\) 22rem/)
  const civil = await app.inject('/construction-project?category=civil')
  t.same(pageState(civil.body).data.items.map((i: any) => i.slug), ['kawasaki-bridge'])
  t.equal((await app.inject('/construction-project?page=2')).statusCode, 404)
  const detail = (await app.inject('/en/construction-project/minato-office-tower')).body
  t.match(detail, /<caption>Project data<\/caption>/)
  t.match(detail, /<th scope="row">Total floor area<\/th><td>12,345.67 m²<\/td>/)
  t.match(detail, /<th scope="row">Construction period<\/th><td>Apr 2023 – Mar 2025<\/td>/)
  const ja = (await app.inject('/construction-project/minato-office-tower')).body
  t.match(ja, /<td>12,345.67㎡<\/td>/)
  t.match(ja, /<td>2023年4月〜2025年3月<\/td>/)
  const gallery = /<section class="gallery"[\s\S]*?<\/section>/.exec(detail)?.[0] ?? ''
  t.match(gallery, /<a href="\/media\/[0-9a-f]{16}\/cover-1600\.jpg" class="gallery__link">/, 'opens the large image without JavaScript')
  t.match(gallery, /<a href="\/media\/[0-9a-f]{16}\/small-400\.jpg"/, 'a small source links to its own size')
})

t.test('the project list: the first card\'s image is the main picture, the others load lazily', async (t) => {
  const app = await build(t)
  const html = (await app.inject('/en/construction-project')).body
  const images = [...html.matchAll(/<picture class="card__image">[\s\S]*?(<img [^>]*>)/g)].map((m) => m[1]!)
  t.ok(images.length >= 2, 'several cards')
  t.match(images[0], /loading="eager"/)
  t.match(images[0], /fetchPriority="high"|fetchpriority="high"/)
  for (const img of images.slice(1)) t.match(img, /loading="lazy"/)
})

t.test('image variants: AVIF, WebP, JPEG, immutable, cached on disk, unknown ones 404', async (t) => {
  const config = testConfig()
  const app = await build(t, config)
  const html = (await app.inject('/en/news/2026-04-new-office')).body
  const m = /\/media\/([0-9a-f]{16})\/cover-800\.avif/.exec(html)
  t.ok(m, 'srcset names the variants')
  const hash = m![1]!
  for (const [file, type] of [['cover-800.avif', 'image/avif'], ['cover-480.webp', 'image/webp'], ['cover-1600.jpg', 'image/jpeg']] as const) {
    const res = await app.inject(`/media/${hash}/${file}`)
    t.equal(res.statusCode, 200, file)
    t.equal(res.headers['content-type'], type)
    t.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable')
    t.ok(res.rawPayload.length > 100, `${file} has bytes`)
  }
  const cached = join(config.dataDir, 'media', `${hash}-800.avif`)
  t.ok(existsSync(cached), 'written to the cache')
  // The next request reads the file instead of encoding again: marked bytes come back as they are.
  writeFileSync(cached, 'from the disk cache')
  t.equal((await app.inject(`/media/${hash}/cover-800.avif`)).body, 'from the disk cache', 'served from the disk cache')
  for (const url of [`/media/${hash}/cover-801.jpg`, `/media/${hash}/cover-3200.jpg`, `/media/${hash}/cover-800.gif`, '/media/0000000000000000/cover-800.jpg', `/media/${hash}/..%2F..%2Fetc-800.jpg`]) {
    t.equal((await app.inject(url)).statusCode, 404, url)
  }
})

t.test('Atom feeds are valid and linked from the head', async (t) => {
  const app = await build(t)
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (n) => n === 'entry' || n === 'link' })
  for (const [url, lang, count] of [['/news/feed.xml', 'ja', 13], ['/en/news/feed.xml', 'en', 12], ['/ja/news/feed.xml', 'ja', 13]] as const) {
    const res = await app.inject(url)
    t.equal(res.statusCode, 200, url)
    t.match(res.headers['content-type'], /^application\/atom\+xml/)
    t.equal(XMLValidator.validate(res.body), true, `${url} is well-formed`)
    const feed = parser.parse(res.body).feed
    t.equal(feed.xmlns, 'http://www.w3.org/2005/Atom')
    t.equal(feed['xml:lang'], lang)
    t.equal(feed.entry.length, count)
    t.match(feed.entry[0].link[0].href, new RegExp(`^${SITE}${lang === 'en' ? '/en' : ''}/news/`))
    t.ok(feed.entry.every((e: any) => e.id && e.title && e.updated), 'entries complete')
  }
  t.match((await app.inject('/en/news')).body, `<link rel="alternate" type="application/atom+xml" title="Soei Construction Co., Ltd. news" href="${SITE}/en/news/feed.xml">`)
})

t.test('JSON-LD: Organization on home and about, NewsArticle on articles, BreadcrumbList with breadcrumbs', async (t) => {
  const app = await build(t)
  const ld = async (url: string) => {
    const html = (await app.inject(url)).body
    return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!))
  }
  const home = await ld('/en')
  t.same(home.map((d) => d['@type']), ['Organization'])
  t.equal(home[0].name, 'Soei Construction Co., Ltd.')
  t.same(home[0].sameAs, ['https://x.com/soei_test'])
  t.same((await ld('/about')).map((d) => d['@type']), ['Organization', 'BreadcrumbList'])
  const article = await ld('/en/news/2026-04-new-office')
  t.same(article.map((d) => d['@type']), ['NewsArticle', 'BreadcrumbList'])
  t.equal(article[0].headline, 'We have moved our head office')
  t.equal(article[0].datePublished, '2026-04-01')
  t.equal(article[0].mainEntityOfPage, SITE + '/en/news/2026-04-new-office')
  t.same(article[1].itemListElement.map((i: any) => [i.position, i.name, i.item]), [
    [1, 'Home', SITE + '/en'],
    [2, 'News', SITE + '/en/news'],
    [3, 'We have moved our head office', SITE + '/en/news/2026-04-new-office'],
  ])
  t.same((await ld('/ja/contact')).map((d) => d['@type']), ['BreadcrumbList'])
  t.same(await ld('/nope'), [], 'no structured data on error pages')
})

t.test('link previews: og:image of the cover on articles and projects, og:type article on news', async (t) => {
  const app = await build(t)
  const meta = (html: string, key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1]
  const article = (await app.inject('/en/news/2026-04-new-office')).body
  t.equal(meta(article, 'og:type'), 'article')
  const image = meta(article, 'og:image')
  t.match(image, new RegExp(`^${SITE}/media/[0-9a-f]{16}/cover-1200\\.jpg$`), 'the 1200 px JPEG, absolute')
  t.equal(meta(article, 'og:image:width'), '1200')
  t.ok(Number(meta(article, 'og:image:height')) > 0, 'with its height')
  t.ok(meta(article, 'og:image:alt'), 'and its alt text')
  t.equal(meta(article, 'twitter:card'), 'summary_large_image')
  const res = await app.inject(image!.slice(SITE.length))
  t.equal(res.statusCode, 200, 'the previewed image exists')
  const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(article)![1]!)
  t.same(ld.image, [image], 'NewsArticle names the same image')
  const project = (await app.inject('/construction-project/minato-office-tower')).body
  t.equal(meta(project, 'og:type'), 'website')
  t.match(meta(project, 'og:image'), /\/media\/[0-9a-f]{16}\/[a-z0-9-]+-1200\.jpg$/)
  const about = (await app.inject('/en/about')).body
  t.equal(meta(about, 'og:image'), undefined, 'no picture, no og:image')
  t.equal(meta(about, 'twitter:card'), undefined)
})

t.test('sitemap entries carry lastmod for articles and projects', async (t) => {
  const app = await build(t)
  const xml = (await app.inject('/sitemap.xml')).body
  t.match(xml, new RegExp(`<loc>${SITE}/news/2026-04-new-office</loc><lastmod>2026-04-01</lastmod>`))
  t.match(xml, new RegExp(`<loc>${SITE}/en/construction-project/minato-office-tower</loc><lastmod>2025-03-31</lastmod>`))
})
