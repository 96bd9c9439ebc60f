// Live content reload: a new snapshot is loaded beside the old one and swapped in one step, only when
// valid. Through `app.inject` (reload under load, broken content, ETags) and through the built server
// as a real process (SIGHUP, CONTENT_WATCH).
import t from 'tap'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startBuiltServer } from '../../bench/built-server.mjs'
import { build, FIXTURE_CONTENT, logCollector, pageState } from '../helper'

/** A copy of the fixture content that a test may change, removed when it ends. */
function contentCopy(t: { teardown: (fn: () => unknown) => void }): string {
  const dir = mkdtempSync(join(tmpdir(), 'content-reload-'))
  cpSync(FIXTURE_CONTENT, dir, { recursive: true })
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

const ABOUT_EN = 'pages/about.en.md'
const edit = (dir: string, file: string, from: string | RegExp, to: string) => {
  const path = join(dir, file)
  const text = readFileSync(path, 'utf8')
  const next = text.replace(from, to)
  if (next === text) throw new Error(`nothing to replace in ${file}`)
  writeFileSync(path, next)
}
/** The page's h1 and the company name in its footer: both come from the content. */
const marks = (html: string) => ({
  h1: /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1]?.replace(/<[^>]+>/g, ''),
  company: /Soei Construction Co\., Ltd\.( v2)?/.exec(html)?.[0],
})

t.test('a reload swaps the whole content at once: under load every answer is wholly old or wholly new', async (t) => {
  const dir = contentCopy(t)
  const app = await build(t, { contentDir: dir })
  const before = await app.inject('/en/about')
  t.same(marks(before.body), { h1: 'Company', company: 'Soei Construction Co., Ltd.' })

  // Version 2 changes the page's title and the company name (site.yml: header, footer, JSON-LD).
  edit(dir, ABOUT_EN, 'title: Company', 'title: Company v2')
  edit(dir, 'site.yml', 'en: "Soei Construction Co., Ltd."', 'en: "Soei Construction Co., Ltd. v2"')

  const seen: { h1?: string | undefined; company?: string | undefined; etag: string }[] = []
  let loading = true
  // Three clients, each yielding to the event loop between requests (a cached page is answered without
  // any I/O, and the reload's file reads must get their turn).
  const client = async () => {
    while (loading) {
      const res = await app.inject('/en/about')
      seen.push({ ...marks(res.body), etag: String(res.headers.etag) })
      await new Promise((r) => setImmediate(r))
    }
  }
  const loads = [client(), client(), client()]
  // Reload back and forth while pages are served.
  for (let i = 0; i < 4; i++) {
    t.ok((await app.reloadContent('test')).ok, `reload ${i + 1}`)
    if (i % 2 === 0) {
      edit(dir, ABOUT_EN, 'title: Company v2', 'title: Company')
      edit(dir, 'site.yml', 'Soei Construction Co., Ltd. v2', 'Soei Construction Co., Ltd.')
    } else {
      edit(dir, ABOUT_EN, 'title: Company', 'title: Company v2')
      edit(dir, 'site.yml', 'en: "Soei Construction Co., Ltd."', 'en: "Soei Construction Co., Ltd. v2"')
    }
  }
  loading = false
  await Promise.all(loads)
  const old = seen.filter((s) => s.h1 === 'Company' && s.company === 'Soei Construction Co., Ltd.')
  const fresh = seen.filter((s) => s.h1 === 'Company v2' && s.company === 'Soei Construction Co., Ltd. v2')
  t.ok(seen.length > 20, `${seen.length} pages served during the reloads`)
  t.equal(old.length + fresh.length, seen.length, 'no page mixes the old and the new content')
  t.ok(fresh.length > 0, 'the new content was served')
  t.equal(new Set(old.map((s) => s.etag)).size, 1, 'one ETag for the old content')
  t.equal(new Set(fresh.map((s) => s.etag)).size, 1, 'one ETag for the new')
  t.not(old[0]?.etag, fresh[0]?.etag, 'the ETag changes with the content')
})

t.test('a reload after an edit: pages, their state, sitemap and feed all show it; the old ETag is not fresh any more', async (t) => {
  const dir = contentCopy(t)
  const app = await build(t, { contentDir: dir })
  const first = await app.inject('/en/about')
  edit(dir, ABOUT_EN, 'title: Company', 'title: Our company')
  t.equal((await app.inject('/en/about')).statusCode, 200)
  t.same(marks((await app.inject('/en/about')).body).h1, 'Company', 'nothing changes before the reload')
  const result = await app.reloadContent('test')
  t.ok(result.ok)
  t.same(result.problems, [])
  const after = await app.inject({ url: '/en/about', headers: { 'if-none-match': String(first.headers.etag) } })
  t.equal(after.statusCode, 200, 'the old ETag gets the new page, not a 304')
  t.equal(marks(after.body).h1, 'Our company')
  t.match(after.body, /<title>Our company/, 'head tags too')
  const plain = await app.inject('/en/about')
  t.equal(marks(plain.body).h1, 'Our company', 'a load without a validator too')
  t.match(JSON.stringify(pageState(plain.body).data), /Our company/, 'the page state shipped with it')

  // A new article: in the list, the feed and the sitemap after the reload, not before.
  writeFileSync(join(dir, 'news/2026-11-new-office.en.md'), '---\ntitle: New office opened\ndate: "2026-11-20"\ncategory: notice\nexcerpt: We moved.\n---\n\nBody.\n')
  t.notMatch((await app.inject('/en/news/feed.xml')).body, /New office opened/)
  t.ok((await app.reloadContent('test')).ok)
  t.match((await app.inject('/en/news')).body, /New office opened/, 'the news list')
  t.match((await app.inject('/en/news/feed.xml')).body, /New office opened/, 'the feed')
  t.match((await app.inject('/en/sitemap.xml')).body, /\/en\/news\/2026-11-new-office</, 'the sitemap')
  t.equal((await app.inject('/en/news/2026-11-new-office')).statusCode, 200, 'its page')
})

t.test('broken content: the old content is still served, one log line per problem, readiness stays 200', async (t) => {
  const dir = contentCopy(t)
  const log = logCollector()
  const app = await build(t, { contentDir: dir, logLevel: 'info' }, { logStream: log.stream })
  edit(dir, ABOUT_EN, 'title: Company', 'title: Company v2')
  writeFileSync(join(dir, 'news/broken.en.md'), '---\ntitle: Broken\ndate: 2026-02-30\n---\nBody\n')
  edit(dir, 'pages/service.en.md', /^title: .*$/m, 'title: ""')
  const result = await app.reloadContent('test')
  t.notOk(result.ok, 'refused')
  t.ok(result.problems.length >= 2, `${result.problems.length} problems`)
  t.match(result.problems.join('\n'), /news\/broken\.en\.md: date: must be a real date/)
  const problemLines = log.lines.filter((l) => l.level === 50 && /^content error: /.test(l.msg))
  t.equal(problemLines.length, result.problems.length, 'one log line per problem')
  t.ok(log.lines.some((l) => /content reload refused/.test(l.msg)))
  t.equal(marks((await app.inject('/en/about')).body).h1, 'Company', 'the old page is still served (the valid change waits too)')
  t.equal((await app.inject('/readyz')).statusCode, 200)

  // Mended: the next reload serves everything new.
  rmSync(join(dir, 'news/broken.en.md'))
  edit(dir, 'pages/service.en.md', 'title: ""', 'title: Services')
  t.ok((await app.reloadContent('test')).ok)
  t.equal(marks((await app.inject('/en/about')).body).h1, 'Company v2')
})

t.test('the built server: SIGHUP reloads without a restart; CONTENT_WATCH=true reloads on a file change', async (t) => {
  // Each start given a minute: on a busy machine (two cores shared by several test runs) a start took over 20 s.
  const poll = async (url: string, want: RegExp) => {
    for (let i = 0; i < 200; i++) {
      if (want.test(await (await fetch(url)).text())) return true
      await new Promise((r) => setTimeout(r, 50))
    }
    return false
  }
  const dir = contentCopy(t)
  const server = await startBuiltServer({ CONTENT_DIR: dir, LOG_LEVEL: 'info' }, { logs: true, timeoutMs: 60_000 })
  t.teardown(() => server.stop())
  t.match(await (await fetch(`${server.origin}/en/about`)).text(), /<h1[^>]*>Company</)
  edit(dir, ABOUT_EN, 'title: Company', 'title: Company after SIGHUP')
  server.child.kill('SIGHUP')
  t.ok(await poll(`${server.origin}/en/about`, /<h1[^>]*>Company after SIGHUP</), 'the change is served after SIGHUP')
  t.equal(server.child.exitCode, null, 'the same process (no restart)')
  t.match(server.output(), /"msg":"content reloaded"/)
  t.match(server.output(), /"reason":"SIGHUP"/)

  const watchDir = contentCopy(t)
  const watching = await startBuiltServer({ CONTENT_DIR: watchDir, CONTENT_WATCH: 'true' }, { timeoutMs: 60_000 })
  t.teardown(() => watching.stop())
  edit(watchDir, ABOUT_EN, 'title: Company', 'title: Company after a save')
  t.ok(await poll(`${watching.origin}/en/about`, /<h1[^>]*>Company after a save</), 'the saved change is served, no signal sent')
})
