import t from 'tap'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { NewsItem, PageContent } from '../../shared/content'
import { createLoadContext } from '../../server/content/context'
import type { ItemsBySlug } from '../../server/content/types'
import { serviceCards } from '../../server/content/site'
import { buildContentSource } from '../../server/content/source'

function tempDir(t: { teardown: (fn: () => void) => void }): string {
  const dir = mkdtempSync(join(tmpdir(), 'content-steps-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

t.test('reading: a missing file is a problem naming it; the version follows what was read', async (t) => {
  const dir = tempDir(t)
  writeFileSync(join(dir, 'a.yml'), 'x: 1\n')
  const first = createLoadContext(dir)
  t.equal(first.read(join(dir, 'a.yml')), 'x: 1\n')
  t.equal(first.read(join(dir, 'gone.md')), null)
  t.same(first.problems, ['gone.md: file is missing'])
  const version = first.version()
  t.equal(first.version(), version, 'asked again, the same')
  const again = createLoadContext(dir)
  again.read(join(dir, 'a.yml'))
  again.read(join(dir, 'gone.md'))
  t.equal(again.version(), version, 'same files, same version')
  writeFileSync(join(dir, 'a.yml'), 'x: 2\n')
  const changed = createLoadContext(dir)
  changed.read(join(dir, 'a.yml'))
  t.not(changed.version(), version, 'a changed file, a new version')
})

t.test('service cards must name a heading of the service page in the same language', async (t) => {
  const ctx = createLoadContext(tempDir(t))
  const page = (html: string): PageContent => ({ title: 'Service', titlePhrases: [], description: '', html })
  const pages = new Map([
    ['service.ja', page('<h2 id="設計">設計</h2>')],
    ['service.en', page('<h2 id="design">Design</h2>')],
  ])
  const site = { services: [{ title: { ja: '設計', en: 'Build' }, summary: { ja: '設計の概要', en: 'Building' } }] }
  const cards = serviceCards(ctx, site, pages)
  t.same(cards.ja, [{ title: '設計', summary: '設計の概要', anchor: '設計' }])
  t.same(ctx.problems, ['site.yml: services[0].title.en: pages/service.en.md has no heading "Build"'])
})

t.test('the content source lists items newest first, then by slug, and knows their languages', async (t) => {
  const item = (slug: string, date: string) => ({ slug, date }) as NewsItem
  const news: ItemsBySlug<NewsItem> = new Map([
    ['b', { ja: item('b', '2026-01-01'), en: item('b', '2026-01-01') }],
    ['a', { ja: item('a', '2026-01-01') }],
    ['c', { ja: item('c', '2026-03-01') }],
  ])
  const empty = { ja: [], en: [] }
  const source = buildContentSource({ version: 'v', sites: {} as never, pages: new Map(), news, projects: new Map(), siteImages: new Map(), services: empty, menus: { header: empty, footer: empty } })
  t.same(source.listNews('ja').map((n) => n.slug), ['c', 'a', 'b'])
  t.same(source.listNews('en').map((n) => n.slug), ['b'])
  t.same(source.newsLocales('b'), ['ja', 'en'])
  t.same(source.newsLocales('a'), ['ja'])
  t.equal(source.getNews('a', 'en'), undefined)
})
