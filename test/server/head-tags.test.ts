import t from 'tap'
import { build, pageState } from '../helper'
import { contactApp, formFields, freshToken, postForm } from './contact/helper'
import { contactDocumentTitle } from '../../shared/pages/contact/page-data'
import { createTranslator } from '../../shared/i18n/messages'
import type { Locale } from '../../shared/i18n/locales'
import { catalog } from '../../server/i18n/catalog'
import { serializeHeadTag } from '../../server/render/document'

/** One page of every kind, as unprefixed (Japanese) paths; each is also checked under /en. */
const PAGES = [
  '/', // home
  '/about', // a content page
  '/news?page=2', // a list page past the first
  '/news/2026-04-new-office', // an article: og:image, og:type article, NewsArticle
  '/construction-project', // project list
  '/construction-project/minato-office-tower', // a project
  '/contact', // the form
  '/contact/success', // noindex, per visitor
  '/no-such-page', // the 404 error page
]

/** A tag that changes from page to page (shared/head-tags.ts), not one of the fixed tags every page has. */
const PAGE_TAG = /^<(title>|meta name="(description|robots|twitter:[^"]+)"|meta property="og:|link rel="(canonical|alternate)"|script type="application\/ld\+json")/

/** The head's markup, and its elements in order: a title or a script with its text, a comment, any other tag alone. */
function headElements(html: string): { head: string; elements: string[] } {
  const head = html.slice(html.indexOf('<head>') + '<head>'.length, html.indexOf('</head>'))
  return { head, elements: head.match(/<(title|script)\b[^>]*>[\s\S]*?<\/\1>|<!--[\s\S]*?-->|<[^>]+>/g) ?? [] }
}

t.test('every kind of page has its page tags together, the title first, and no comment in the head', async (t) => {
  const app = await build(t)
  for (const page of PAGES.flatMap((p) => [p, p === '/' ? '/en' : `/en${p}`])) {
    const { head, elements } = headElements((await app.inject({ url: page, headers: { 'user-agent': 'Googlebot' } })).body)
    t.equal(elements.join(''), head, `${page}: the head is elements only`)
    const at = elements.flatMap((element, i) => (PAGE_TAG.test(element) ? [i] : []))
    t.ok(at.length > 5, `${page}: ${at.length} page tags`)
    t.equal(at.at(-1)! - at[0]! + 1, at.length, `${page}: no fixed tag among the page tags`)
    t.match(elements[at[0]!], /^<title>/, `${page}: the title first`)
    t.equal(head.split('<!--').length, 1, `${page}: no comment in the head`)
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
