// CONTENT_WATCH=true on the built server as a real process: every way of saving a page, three times
// over, is served without a signal; so are a new article and a `git pull`; broken content is refused
// and the fix is then picked up.
import t from 'tap'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startBuiltServer } from '../../bench/built-server.mjs'
import { FIXTURE_CONTENT } from '../helper'
import { gitContent, save, SAVE_STYLES, until } from './save-styles'

const h1 = (html: string) => /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1]?.replace(/<[^>]+>/g, '')

t.test('CONTENT_WATCH=true: every save style, repeated, is served; a new article and a git pull too', async (t) => {
  const repo = gitContent(t, FIXTURE_CONTENT)
  const server = await startBuiltServer({ CONTENT_DIR: repo.dir, CONTENT_WATCH: 'true', LOG_LEVEL: 'info' }, { logs: true, timeoutMs: 60_000 })
  t.teardown(() => server.stop())
  const page = async (path: string) => {
    const res = await fetch(server.origin + path)
    return { status: res.status, text: await res.text() }
  }
  const shows = (path: string, title: string, what: string) => until(what, async () => h1((await page(path)).text) === title, 20_000)

  const about = join(repo.dir, 'pages/about.en.md')
  let title = 'Company'
  for (let round = 1; round <= 3; round++) {
    for (const [i, style] of SAVE_STYLES.entries()) {
      const next = `Company ${round} ${i}`
      save(style, about, `title: ${title}`, `title: ${next}`)
      await shows('/en/about', next, `${style.name}, round ${round}`)
      t.pass(`${style.name}, round ${round}: served`)
      title = next
    }
    writeFileSync(join(repo.dir, `news/2026-03-added-${round}.en.md`), `---\ntitle: Added ${round}\ndate: "2026-03-0${round}"\ncategory: notice\nexcerpt: New.\n---\n\nBody.\n`)
    await until(`new article ${round}`, async () => (await page(`/en/news/2026-03-added-${round}`)).status === 200, 20_000)
    t.match((await page('/en/news')).text, `Added ${round}`, `a new article, round ${round}: served and listed`)
    repo.pull('pages/service.en.md', round === 1 ? 'title: Services' : `title: Services ${round - 1}`, `title: Services ${round}`)
    await shows('/en/service', `Services ${round}`, `git pull, round ${round}`)
    t.pass(`git pull, round ${round}: served`)
  }
  t.match(server.output(), /"reason":"file change"/, 'reloaded by the watch')
})

t.test('CONTENT_WATCH=true: a broken date is refused (the old page stays); fixing it serves the page again, repeatedly', async (t) => {
  const repo = gitContent(t, FIXTURE_CONTENT)
  const server = await startBuiltServer({ CONTENT_DIR: repo.dir, CONTENT_WATCH: 'true', LOG_LEVEL: 'info' }, { logs: true, timeoutMs: 60_000 })
  t.teardown(() => server.stop())
  const article = join(repo.dir, 'news/2025-02-article-12.en.md')
  const title = async () => h1(await (await fetch(`${server.origin}/en/news/2025-02-article-12`)).text())
  const refusals = () => server.output().split('content reload refused').length - 1
  let shown = 'News item 12'
  for (let round = 1; round <= 3; round++) {
    // A broken date is refused; so is every save while it is broken; the page stays as it was.
    const style = (k: number) => SAVE_STYLES[(round + k) % SAVE_STYLES.length]!
    let refused = refusals()
    save(style(0), article, 'date: "2025-02-15"', 'date: "2025-02-30"')
    await until(`the refusal, round ${round}`, () => refusals() > refused, 20_000)
    t.equal(await title(), shown, `round ${round}: the old page is still served`)
    refused = refusals()
    save(style(1), article, `title: ${shown}`, `title: News item 12 fixed ${round}`)
    await until(`the second refusal, round ${round}`, () => refusals() > refused, 20_000)
    t.equal(await title(), shown, `round ${round}: still the old page`)
    // Mended: the page is served again, with the title changed meanwhile.
    save(style(2), article, 'date: "2025-02-30"', 'date: "2025-02-15"')
    shown = `News item 12 fixed ${round}`
    await until(`the fix, round ${round}`, async () => (await title()) === shown, 20_000)
    t.pass(`round ${round}: the fixed file is served`)
  }
  t.match(server.output(), /date: must be a real date/)
})
