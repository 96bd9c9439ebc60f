import t from 'tap'
import { build, pageState } from '../helper'
import { contactApp, formFields, freshToken, postForm } from './contact/helper'
import { headTags, PAGE_TAGS_END, PAGE_TAGS_START } from '../../shared/head-tags'
import { routes } from '../../shared/routes'
import { contactDocumentTitle } from '../../shared/pages/contact/page-data'
import { createTranslator } from '../../shared/i18n/messages'
import type { Locale } from '../../shared/i18n/locales'
import { catalog } from '../../server/i18n/catalog'
import { serializeHeadTag, serializePageTags } from '../../server/render/document'
import { payloadUrl } from '../../shared/payload-url'

/** One page of every kind, as unprefixed (Japanese) paths; each is also checked under /en. */
const PAGES = [
  '/', // home
  '/about', // a content page
  '/news?page=2', // a list page past the first
  '/news/2026-04-new-office', // an article: og:image, og:type article, NewsArticle
  '/construction-project', // project list
  '/construction-project/minato-office-tower', // a project
  '/contact', // the form (reached by full loads only)
  '/contact/success', // noindex, per visitor
  '/no-such-page', // the 404 error page
]

/** The head of a document split in two: the page tags (between the comments) and everything else. */
function splitHead(html: string): { pageTags: string; rest: string } {
  const head = html.slice(0, html.indexOf('</head>'))
  const start = head.indexOf(`<!--${PAGE_TAGS_START}-->`)
  const close = `<!--${PAGE_TAGS_END}-->`
  const end = head.indexOf(close)
  if (start < 0 || end < start) throw new Error('no page tags in the head')
  return { pageTags: head.slice(start, end + close.length), rest: head.slice(0, start) + head.slice(end + close.length) }
}

/**
 * The contact pages have no payload: only a full load shows them. Their head data comes from the same
 * place as every other page's, so while their payload is read here their routes let it through.
 */
async function payloadOf(app: Awaited<ReturnType<typeof build>>, buildId: string, url: URL) {
  const fullLoadOnly = routes.filter((r) => r.fullLoad || r.perVisitor).map((r) => [r, { fullLoad: r.fullLoad, perVisitor: r.perVisitor }] as const)
  for (const [route] of fullLoadOnly) Object.assign(route, { fullLoad: false, perVisitor: false })
  try {
    return await app.inject(payloadUrl(buildId, url.pathname, url.search))
  } finally {
    for (const [route, flags] of fullLoadOnly) Object.assign(route, flags)
  }
}

t.test('the payload head gives exactly the page tags of the document, for every kind of page', async (t) => {
  const app = await build(t)
  const buildId = (await app.inject('/_build/latest.json')).json().id as string
  for (const page of PAGES.flatMap((p) => [p, p === '/' ? '/en' : `/en${p}`])) {
    const url = new URL(page, 'http://site.test')
    const html = await app.inject({ url: page, headers: { 'user-agent': 'Googlebot' } })
    const payload = await payloadOf(app, buildId, url)
    t.equal(payload.statusCode, html.statusCode, `${page}: same status`)
    const { pageTags, rest } = splitHead(html.body)
    t.equal(serializePageTags(headTags(payload.json().head)), pageTags, `${page}: same page tags`)
    t.notMatch(rest, /<title|name="(description|robots|twitter:)|rel="(canonical|alternate)"|property="og:|ld\+json/, `${page}: no page tag outside them`)
    t.equal(rest.split('<!--').length, 1, `${page}: no other comment in the head`)
  }
})

t.test('the contact form title at each step is the one the page head carries', async (t) => {
  const { app } = await contactApp(t)
  const translators = { ja: createTranslator('ja', catalog.ja), en: createTranslator('en', catalog.en, { fallbackMessages: catalog.ja }) }
  const titleTag = (html: string) => {
    const state = pageState(html)
    const text = contactDocumentTitle(translators[state.locale as Locale], state.site.name, state.data.step, Object.keys(state.data.errors).length)
    return serializeHeadTag({ tag: 'title', attrs: {}, text })
  }
  for (const url of ['/contact', '/en/contact']) {
    const form = (await app.inject(url)).body
    t.match(form, titleTag(form), `${url}: the form`)
    const token = await freshToken(app, url)
    const review = (await postForm(app, url, { ...formFields({ _token: token }), step: 'review' })).body
    t.equal(pageState(review).data.step, 'review')
    t.match(review, titleTag(review), `${url}: the review step`)
    const invalid = (await postForm(app, url, { _token: token, step: 'review', name: 'A', email: 'a@example.com', emailConfirm: 'b@example.com', message: 'hello' })).body
    t.ok(Object.keys(pageState(invalid).data.errors).length > 0)
    t.match(invalid, titleTag(invalid), `${url}: errors listed`)
  }
})
