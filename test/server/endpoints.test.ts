import t from 'tap'
import { request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { build } from '../helper'
import { loadManifest } from '../../server/render/manifest'
import { catalog } from '../../server/i18n/catalog'
import { createTranslator, flattenKeys } from '../../shared/i18n/messages'
import type { Locale } from '../../shared/i18n/locales'

const manifest = loadManifest('dist')

t.test('GET /_i18n/{buildId}/{locale}/messages.json', async (t) => {
  const app = await build(t)
  for (const locale of ['ja', 'en']) {
    const res = await app.inject(`/_i18n/${manifest.id}/${locale}/messages.json`)
    t.equal(res.statusCode, 200)
    t.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable')
    const body = res.json()
    t.same(Object.keys(body), [locale], 'an object of locale code to message tree')
    t.ok(body[locale].units.nav.about && body[locale].titles.errors['404'].title)
    // Parsed ahead of time (the browser has no ICU parser): formatting them gives the server's text.
    t.ok(Array.isArray(body[locale].units.nav.about), 'messages arrive parsed, not as ICU strings')
    const code = locale as Locale
    const fromStrings = createTranslator(code, catalog[code])
    const fromParsed = createTranslator(code, body[locale])
    for (const key of flattenKeys(catalog[code])) t.equal(fromParsed(key), fromStrings(key), `${locale} ${key}`)
    t.equal(fromParsed('units.site.copyright', { year: 2026, name: 'ACME' }), fromStrings('units.site.copyright', { year: 2026, name: 'ACME' }))
  }
  for (const url of [`/_i18n/not-the-build/ja/messages.json`, `/_i18n/${manifest.id}/fr/messages.json`, `/_i18n/${manifest.id}/__proto__/messages.json`]) {
    const res = await app.inject(url)
    t.equal(res.statusCode, 404, url)
    t.match(res.headers['content-type'], /application\/json/)
    t.equal(res.json().statusCode, 404)
  }
})

t.test('GET /_build/latest.json', async (t) => {
  const app = await build(t)
  const res = await app.inject('/_build/latest.json')
  t.equal(res.statusCode, 200)
  t.equal(res.headers['cache-control'], 'no-cache')
  t.same(res.json(), { id: manifest.id, time: manifest.time })
  t.ok(!Number.isNaN(Date.parse(res.json().time)), 'ISO time')
})

t.test('health and readiness', async (t) => {
  const app = await build(t)
  t.same((await app.inject('/healthz')).json(), { status: 'ok' })
  const ready = await app.inject('/readyz')
  t.equal(ready.statusCode, 200)
  app.lifecycle.shuttingDown = true
  const closing = await app.inject('/readyz')
  t.equal(closing.statusCode, 503, '503 once shutdown begins')
  t.equal((await app.inject('/healthz')).statusCode, 200, 'still alive')
})

t.test('hashed assets are immutable; the page links them', async (t) => {
  const app = await build(t)
  const page = (await app.inject('/')).body
  t.match(page, `<script type="module" src="${manifest.js}" fetchpriority="low"></script>`)
  t.match(page, `<link rel="stylesheet" href="${manifest.css}">`)
  t.match(manifest.js, /^\/assets\/entry-[A-Z0-9]{8}\.js$/, 'content-hashed name')
  for (const url of [manifest.js, manifest.css]) {
    const res = await app.inject(url)
    t.equal(res.statusCode, 200, url)
    t.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable', url)
  }
  const icon = await app.inject('/favicon.svg')
  t.equal(icon.statusCode, 200)
  t.notMatch(String(icon.headers['cache-control']), /immutable/, 'unhashed files are not immutable')
  t.equal((await app.inject('/assets/../manifest.json')).statusCode, 404, 'no path traversal')
})

t.test('the HTML streams: the first chunk already holds every head tag', async (t) => {
  const app = await build(t)
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as AddressInfo
  const first = await new Promise<string>((resolve, reject) => {
    const req = request({ port, host: '127.0.0.1', path: '/en/about' }, (res) => {
      t.equal(res.headers['transfer-encoding'], 'chunked', 'sent as a stream')
      res.once('data', (chunk: Buffer) => {
        resolve(chunk.toString('utf8'))
        res.destroy()
      })
    })
    req.on('error', reject)
    req.end()
  })
  t.match(first, /^<!doctype html><html lang="en"><head>/)
  t.match(first, /<title>Company \| Soei Construction Co\., Ltd\.<\/title>/)
  t.match(first, /<link rel="canonical"/)
  t.match(first, /hreflang="x-default"/)
  t.match(first, /<\/head>/, 'the head is complete in the first chunk')
})

t.test('the contact page fetches its React code and messages ahead once idle (prefetch, not run); other pages do not', async (t) => {
  const app = await build(t)
  const chunks = manifest.chunks['shared/pages/contact/form-page.tsx'] ?? []
  const runtime = manifest.chunks['client/runtime.tsx'] ?? []
  t.ok(chunks.length > 0 && runtime.length > 0, 'the build manifest names the chunks')
  const links = (html: string, rel: string) => [...html.matchAll(new RegExp(`<link rel="${rel}" href="([^"]+)"[^>]*>`, 'g'))].map((m) => m[1]!)
  for (const url of ['/contact', '/en/contact']) {
    const res = await app.inject(url)
    t.equal(res.statusCode, 200)
    for (const file of manifest.preload) t.ok(links(res.body, 'modulepreload').includes(file), `${url} preloads the start-up script's import ${file}`)
    // Listed for the start-up script, which fetches them once the page has loaded and the browser is idle.
    const later = /<meta name="prefetch-when-idle" content="([^"]+)">/.exec(res.body)?.[1]?.split(' ') ?? []
    for (const file of [...runtime, ...chunks]) t.ok(later.includes(file), `${url} fetches ${file} ahead when idle`)
    t.ok(later.some((href) => /^\/_i18n\/[^/]+\/(ja|en)\/messages\.json$/.test(href)), `${url} and its messages`)
    t.same(links(res.body, 'prefetch'), [], 'nothing that competes with the first paint')
    t.notOk(links(res.body, 'modulepreload').some((f) => [...runtime, ...chunks].includes(f)), `${url} does not preload (compile) the React code`)
  }
  for (const url of ['/', '/en/about', '/en/news', '/nope']) {
    const body = (await app.inject(url)).body
    t.same(links(body, 'prefetch'), [], `${url} fetches nothing ahead`)
    t.notOk(body.includes('prefetch-when-idle'), `${url} lists nothing to fetch later`)
    t.notOk(body.includes('/_i18n/'), `${url} names no messages`)
  }
})
