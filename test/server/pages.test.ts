import t from 'tap'
import { build, h1, headTags, pageState, SITE } from '../helper'

/** Every page of the route table (locale-less path -> expected layout markers). */
const PAGES: { path: string; id: string; check?: (html: string) => void }[] = [
  { path: '/', id: 'home' },
  { path: '/about', id: 'about' },
  { path: '/service', id: 'service' },
  { path: '/greeting', id: 'greeting' },
  { path: '/news', id: 'news' },
  { path: '/news/2026-04-new-office', id: 'newsDetail' },
  { path: '/contact', id: 'contact' },
  { path: '/contact/success', id: 'contactSuccess' },
  { path: '/privacy-policy', id: 'privacy' },
  { path: '/term-of-service', id: 'terms' },
  { path: '/construction-project', id: 'projects' },
  { path: '/construction-project/minato-office-tower', id: 'projectDetail' },
]

const FORMS = [
  { prefix: '', locale: 'ja' },
  { prefix: '/ja', locale: 'ja' },
  { prefix: '/en', locale: 'en' },
] as const

const SITE_NAME = { ja: '蒼栄建設株式会社', en: 'Soei Construction Co., Ltd.' }

t.test('every route answers in its three locale forms with its own head tags', async (t) => {
  const app = await build(t)
  for (const page of PAGES) {
    for (const form of FORMS) {
      const url = page.path === '/' ? form.prefix || '/' : form.prefix + page.path
      const res = await app.inject({ url, headers: { 'user-agent': 'Googlebot' } })
      t.equal(res.statusCode, 200, `${url} status`)
      const html = res.body
      const head = headTags(html)
      const state = pageState(html)
      t.equal(head.lang, form.locale, `${url} lang`)
      t.equal(state.routeId, page.id, `${url} route`)
      t.equal(state.locale, form.locale, `${url} state locale`)
      const siteName = SITE_NAME[form.locale]
      if (page.id === 'home') t.equal(head.title, siteName, `${url} index title is the site name alone`)
      else t.match(head.title, new RegExp(`^.+ \\| ${siteName.replace(/\./g, '\\.')}$`), `${url} title: page | site`)
      t.ok(h1(html)?.trim(), `${url} has its h1`)
      const canonicalPath = form.locale === 'ja' ? page.path : page.path === '/' ? '/en' : '/en' + page.path
      if (page.id === 'contactSuccess') {
        t.equal(head.robots, 'noindex', `${url} noindex`)
      } else {
        t.equal(head.canonical, SITE + canonicalPath, `${url} canonical`)
        t.same(head.hreflang, {
          ja: SITE + page.path,
          en: SITE + (page.path === '/' ? '/en' : '/en' + page.path),
          'x-default': SITE + page.path,
        }, `${url} hreflang`)
        t.equal(head.robots, undefined, `${url} indexable`)
      }
      t.equal(head.ogLocale, form.locale === 'ja' ? 'ja_JP' : 'en_US', `${url} og:locale`)
      t.same(head.ogLocaleAlternates, [form.locale === 'ja' ? 'en_US' : 'ja_JP'], `${url} og:locale:alternate`)
      t.equal(head.ogTitle, head.title, `${url} og:title`)
      t.ok(head.description && head.description === head.ogDescription, `${url} description and og:description`)
      t.match(html, /data-toast-region/, `${url} toast region`)
      t.notOk(res.headers['set-cookie'], `${url} sets no cookie`)
      // Only the bare root negotiates (and varies); every other page is the same for everyone.
      if (url !== '/') t.notMatch(String(res.headers.vary ?? ''), /cookie/i, `${url} does not vary by cookie`)
    }
  }
})

t.test('layouts of the spec', async (t) => {
  const app = await build(t)
  const get = async (url: string) => (await app.inject(url)).body
  const home = await get('/ja')
  t.notMatch(home, /class="breadcrumb"/, 'breadcrumb hidden on home')
  t.match(await get('/about'), /class="breadcrumb"/, 'breadcrumb shown elsewhere')
  t.match(await get('/service'), /class="layout layout--default bg--white"/, 'service: white background')
  t.match(await get('/en/greeting'), /bg--translucent/, 'greeting: half-transparent white')
  t.match(await get('/news/2026-04-new-office'), /data-width="wide"/, 'news detail: wide centred')
  t.match(await get('/en/construction-project/minato-office-tower'), /data-width="wide"/, 'project detail: wide centred')
  t.match(await get('/contact/success'), /data-width="narrow"/, 'success: narrow centred')
  t.match(await get('/about'), /data-width="default"/, 'others: default width')
})

t.test('breadcrumbs come from the route table, detail pages end with their own title', async (t) => {
  const app = await build(t)
  const html = (await app.inject('/en/news/2026-04-new-office')).body
  const crumbs = /<nav class="breadcrumb"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? ''
  t.match(crumbs, /href="\/en"[^>]*>Home</)
  t.match(crumbs, /href="\/en\/news"[^>]*>News</)
  t.match(crumbs, /aria-current="page">We have moved our head office</)
})

t.test('the HTML ships its state as non-executable JSON and escapes markup', async (t) => {
  const app = await build(t)
  const res = await app.inject('/en/%3Cscript%3Ealert(1)%3C%2Fscript%3E')
  t.equal(res.statusCode, 404)
  t.notMatch(res.body, /<script>alert/, 'the requested path is never reflected as markup')
  t.equal(pageState(res.body).error.statusMessage, 'Page not found: /en/%3Cscript%3Ealert(1)%3C%2Fscript%3E')
})

t.test('a page in one language only: its other-language URL is a 404, alternates list what exists', async (t) => {
  const app = await build(t)
  const ja = await app.inject('/news/2026-01-new-year')
  t.equal(ja.statusCode, 200)
  t.same(headTags(ja.body).hreflang, { ja: SITE + '/news/2026-01-new-year', 'x-default': SITE + '/news/2026-01-new-year' })
  t.same(pageState(ja.body).switchTargets, { ja: '/news/2026-01-new-year', en: '/en/news' }, 'switch goes to the English list')
  const en = await app.inject('/en/news/2026-01-new-year')
  t.equal(en.statusCode, 404)
})

t.test('NODE_ENV=development titles every page "sample"', async (t) => {
  const app = await build(t, { nodeEnv: 'development' })
  t.equal(headTags((await app.inject('/about')).body).title, 'sample')
  t.equal(headTags((await app.inject('/en')).body).title, 'sample')
})
