// Drafts and scheduled publishing: which items visitors may see at an instant (publication.ts), and the
// loader reading `draft` and the three forms of a news `date`. A fixed `now` everywhere: no test waits.
import t from 'tap'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { NewsItem, ProjectItem } from '../../shared/content'
import { createLoadContext } from '../../server/content/context'
import { loadNews, loadProjects } from '../../server/content/items'
import { loadContent } from '../../server/content/load'
import { japanDay, nextPublication, parsePublishDate, publicationOf, setPublication, viewVersion, visibleItems } from '../../server/content/publication'
import type { ItemsBySlug } from '../../server/content/types'
import { build, FIXTURE_CONTENT } from '../helper'

const HOUR = 3_600_000
/** 2026-11-24 12:00 in Japan (03:00 UTC). */
const NOW = Date.UTC(2026, 10, 24, 3, 0)
/** Tomorrow (2026-11-25) 09:00 in Japan: 00:00 UTC. */
const TOMORROW_9_JST = Date.UTC(2026, 10, 25, 0, 0)

/** An article as the loader makes it: its publication noted beside it. */
function article(slug: string, date: string, draft = false): NewsItem {
  const publishAt = parsePublishDate(date)
  if (publishAt === null) throw new Error(`not a date: ${date}`)
  const item: NewsItem = { slug, date: japanDay(publishAt), title: slug, excerpt: '', category: 'notice', html: '' }
  if (draft) item.draft = true
  return setPublication(item, { draft, publishAt })
}
const bySlug = <T>(...entries: [string, Partial<Record<'ja' | 'en', T>>][]): ItemsBySlug<T> => new Map(entries)
const slugs = (items: ItemsBySlug<unknown>) => [...items.keys()].sort()

t.test('a news date: a day is 00:00 in Japan, a time is Japan time, a zone is honoured', async (t) => {
  t.equal(parsePublishDate('2026-11-25'), Date.UTC(2026, 10, 24, 15, 0), 'a day alone: its start in Japan (15:00 UTC the day before)')
  t.equal(parsePublishDate('2026-11-25 09:00'), TOMORROW_9_JST, 'HH:MM: Japan time')
  t.equal(parsePublishDate('2026-11-25T09:00'), TOMORROW_9_JST, 'with T, no zone: Japan time too')
  t.equal(parsePublishDate('2026-11-25 09:00:30'), TOMORROW_9_JST + 30_000, 'seconds')
  t.equal(parsePublishDate('2026-11-25T00:00Z'), TOMORROW_9_JST, 'Z: UTC')
  t.equal(parsePublishDate('2026-11-25T09:00:00+09:00'), TOMORROW_9_JST, '+09:00')
  t.equal(parsePublishDate('2026-11-24T19:00-05:00'), TOMORROW_9_JST, '-05:00 (New York, 19:00 the day before)')
  t.equal(parsePublishDate('2026-11-25T05:30+05:30'), TOMORROW_9_JST, 'an offset with minutes')
  t.equal(parsePublishDate('0099-01-01'), (() => { const d = new Date(0); d.setUTCFullYear(98, 11, 31); d.setUTCHours(15); return d.getTime() })(), 'year 99 is year 99, not 1999')
  for (const bad of ['2026-02-30', '2026-02-29 09:00', '2026-11-25 24:00', '2026-11-25 09:60', '2026-11-25 09:00:60', '2026-11-25 9:00', '2026-11-25T09:00+15:00', '2026-11-25T09:00+09:60', '2026-11-25 09:00 JST', '2026-11-25T09:00+0900', '2026/11/25', '', ' 2026-11-25']) {
    t.equal(parsePublishDate(bad), null, `not a date: "${bad}"`)
  }
  t.equal(parsePublishDate(20261125), null, 'a number is not a date')
})

t.test('the date shown is the day of publication in Japan', async (t) => {
  t.equal(japanDay(parsePublishDate('2026-11-25')!), '2026-11-25')
  t.equal(japanDay(parsePublishDate('2026-11-25 23:59')!), '2026-11-25')
  t.equal(japanDay(parsePublishDate('2026-11-25T20:00Z')!), '2026-11-26', '20:00 UTC is 05:00 the next day in Japan')
  t.equal(japanDay(parsePublishDate('2026-11-25T10:00-05:00')!), '2026-11-26', '10:00 in New York is past midnight in Japan')
  t.equal(japanDay(parsePublishDate('2026-11-25T08:59+09:00')!), '2026-11-25')
})

t.test('production: drafts never, scheduled items from their instant on, to the millisecond', async (t) => {
  const news = bySlug<NewsItem>(
    ['past', { ja: article('past', '2026-11-01'), en: article('past', '2026-11-01') }],
    ['draft', { ja: article('draft', '2026-11-01', true) }],
    ['tomorrow', { ja: article('tomorrow', '2026-11-25 09:00') }],
    ['half-draft', { ja: article('half-draft', '2026-11-01'), en: article('half-draft', '2026-11-01', true) }],
  )
  const at = (now: number) => visibleItems(news, { now, drafts: false })
  t.same(slugs(at(NOW)), ['half-draft', 'past'], 'neither the draft nor tomorrow\'s article')
  t.same(Object.keys(at(NOW).get('half-draft')!), ['ja'], 'a language written as a draft is left out, the other stays')
  t.notOk(at(TOMORROW_9_JST - 1).has('tomorrow'), 'hidden a millisecond before its time')
  t.ok(at(TOMORROW_9_JST).has('tomorrow'), 'visible at the exact instant')
  t.equal(at(TOMORROW_9_JST).get('tomorrow')?.ja, news.get('tomorrow')?.ja, 'as loaded: no mark, the same object')
  t.notOk(at(Date.UTC(2100, 0, 1)).has('draft'), 'a draft never appears, however late')
  t.equal(news.size, 4, 'the loaded items are not changed')
  for (const item of [...at(TOMORROW_9_JST).values()].flatMap((v) => Object.values(v))) {
    t.notOk('draft' in item! || 'scheduled' in item!, `${item!.slug}: page data as before (no draft or scheduled field)`)
  }
})

t.test('a date alone is 00:00 in Japan: visible from the start of that day there', async (t) => {
  const news = bySlug<NewsItem>(['day', { ja: article('day', '2026-11-25') }])
  const midnightJst = Date.UTC(2026, 10, 24, 15, 0)
  t.notOk(visibleItems(news, { now: midnightJst - 1, drafts: false }).has('day'), '23:59:59.999 the day before')
  t.ok(visibleItems(news, { now: midnightJst, drafts: false }).has('day'), '00:00 in Japan (still the 24th in UTC)')
})

t.test('an explicit zone is honoured', async (t) => {
  const news = bySlug<NewsItem>(['ny', { en: article('ny', '2026-11-24T19:00-05:00') }])
  t.notOk(visibleItems(news, { now: TOMORROW_9_JST - 1, drafts: false }).has('ny'))
  t.ok(visibleItems(news, { now: TOMORROW_9_JST, drafts: false }).has('ny'), '19:00 in New York is 09:00 the next day in Japan')
})

t.test('development: drafts and scheduled items shown, each marked', async (t) => {
  const news = bySlug<NewsItem>(
    ['past', { ja: article('past', '2026-11-01') }],
    ['draft', { ja: article('draft', '2026-11-01', true) }],
    ['future-draft', { ja: article('future-draft', '2026-12-01', true) }],
    ['tomorrow', { ja: article('tomorrow', '2026-11-25 09:00') }],
  )
  const view = visibleItems(news, { now: NOW, drafts: true })
  t.same(slugs(view), ['draft', 'future-draft', 'past', 'tomorrow'], 'everything')
  t.equal(view.get('draft')?.ja?.draft, true, 'a draft is marked as a draft')
  t.notOk(view.get('draft')?.ja?.scheduled)
  t.equal(view.get('future-draft')?.ja?.draft, true, 'a draft dated ahead: marked as a draft only')
  t.notOk(view.get('future-draft')?.ja?.scheduled)
  t.equal(view.get('tomorrow')?.ja?.scheduled, true, 'an article not yet due is marked as scheduled')
  t.notOk(news.get('tomorrow')?.ja?.scheduled, 'on a copy: the loaded article is not changed')
  t.equal(publicationOf(view.get('tomorrow')!.ja!).publishAt, TOMORROW_9_JST, 'the copy keeps its publication')
  t.notOk(view.get('past')?.ja?.draft || view.get('past')?.ja?.scheduled, 'a published article is not marked')
  t.notOk(visibleItems(news, { now: TOMORROW_9_JST, drafts: true }).get('tomorrow')?.ja?.scheduled, 'no mark once due')
})

t.test('nextPublication: the earliest instant after now of an item that is not a draft', async (t) => {
  const news = bySlug<NewsItem>(
    ['past', { ja: article('past', '2026-11-01') }],
    ['draft-sooner', { ja: article('draft-sooner', '2026-11-24 18:00', true) }],
    ['next-week', { ja: article('next-week', '2026-12-01') }],
    ['tomorrow', { en: article('tomorrow', '2026-11-25 09:00'), ja: article('tomorrow', '2026-11-26') }],
  )
  const projects = bySlug<ProjectItem>(['p', { ja: setPublication({ slug: 'p' } as ProjectItem, { draft: false, publishAt: Number.NEGATIVE_INFINITY }) }])
  t.equal(nextPublication([news, projects], NOW), TOMORROW_9_JST, 'tomorrow 09:00, not the draft due sooner')
  t.equal(nextPublication([news, projects], TOMORROW_9_JST), parsePublishDate('2026-11-26'), 'at an instant, the one after it')
  t.equal(nextPublication([news, projects], parsePublishDate('2026-12-01')!), null, 'nothing scheduled any more')
  t.equal(nextPublication([], NOW), null)
})

t.test('the view version: the same while the same items are visible, new when one appears', async (t) => {
  const news = bySlug<NewsItem>(['past', { ja: article('past', '2026-11-01') }], ['tomorrow', { ja: article('tomorrow', '2026-11-25 09:00') }])
  const version = (now: number, drafts = false) => viewVersion('0123456789abcdef', [news], { now, drafts })
  t.match(version(NOW), /^[0-9a-f]{16}$/)
  t.equal(version(NOW), version(TOMORROW_9_JST - 1), 'nothing appeared in between')
  t.not(version(TOMORROW_9_JST), version(TOMORROW_9_JST - 1), 'an article appeared')
  t.equal(version(TOMORROW_9_JST), version(TOMORROW_9_JST + 7 * 24 * HOUR))
  t.not(version(NOW, true), version(NOW), 'development views have their own versions')
  t.not(viewVersion('fedcba9876543210', [news], { now: NOW, drafts: false }), version(NOW), 'follows the loaded version')
})

/** A copy of the fixture content with these news and project files added, removed when the test ends. */
function contentWith(t: { teardown: (fn: () => void) => void }, files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'content-publication-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  cpSync(FIXTURE_CONTENT, dir, { recursive: true })
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
  return dir
}
const articleFile = (date: string, extra = '') => `---\ntitle: Open house\ndate: ${date}\ncategory: notice\nexcerpt: Come and see.\n${extra}---\n\nBody.\n`

t.test('the loader reads the three forms of a date and `draft`', async (t) => {
  const dir = contentWith(t, {
    'news/day.en.md': articleFile('"2026-11-25"'),
    'news/day-time.en.md': articleFile('2026-11-25 09:00'),
    'news/zoned.en.md': articleFile('"2026-11-25T20:00Z"'),
    'news/draft.en.md': articleFile('"2026-11-01"', 'draft: true\n'),
    'news/not-draft.en.md': articleFile('"2026-11-01"', 'draft: false\n'),
  })
  const ctx = createLoadContext(dir)
  const news = await loadNews(ctx)
  const projects = await loadProjects(ctx)
  t.same(ctx.problems, [])
  const loaded = (slug: string) => news.get(slug)!.en!
  t.equal(loaded('day').date, '2026-11-25')
  t.same(publicationOf(loaded('day')), { draft: false, publishAt: Date.UTC(2026, 10, 24, 15, 0) }, 'a day: its 00:00 in Japan')
  t.equal(loaded('day-time').date, '2026-11-25', 'the day is shown, not the time')
  t.same(publicationOf(loaded('day-time')), { draft: false, publishAt: TOMORROW_9_JST })
  t.equal(loaded('zoned').date, '2026-11-26', 'the day in Japan of a time written in another zone')
  t.equal(publicationOf(loaded('zoned')).publishAt, Date.UTC(2026, 10, 25, 20, 0))
  t.equal(loaded('draft').draft, true, 'a draft says so')
  t.same(publicationOf(loaded('draft')), { draft: true, publishAt: Date.UTC(2026, 9, 31, 15, 0) })
  t.notOk('draft' in loaded('not-draft'), '`draft: false`: no field at all')
  t.notOk('draft' in loaded('2026-04-new-office'), 'no `draft`: no field at all')
  t.equal(publicationOf(loaded('2026-04-new-office')).draft, false)
  const project = projects.get('minato-office-tower')!.ja!
  t.notOk('draft' in project, 'a project without `draft`')
  t.same(publicationOf(project), { draft: false, publishAt: Number.NEGATIVE_INFINITY }, 'a project is published once loaded')

  // The published, the scheduled and the drafts, at an instant.
  const view = visibleItems(news, { now: NOW, drafts: false })
  t.notOk(view.has('day') || view.has('day-time') || view.has('zoned') || view.has('draft'), 'nothing scheduled or draft')
  t.ok(view.has('not-draft') && view.has('2026-04-new-office'))
  t.equal(nextPublication([news, projects], NOW), Date.UTC(2026, 10, 24, 15, 0), 'the next: tomorrow 00:00 in Japan')
})

t.test('the loader reads `draft` of a project', async (t) => {
  const dir = contentWith(t, {})
  const path = join(dir, 'projects/minato-office-tower.en.md')
  writeFileSync(path, readFileSync(path, 'utf8').replace(/^---\n/, '---\ndraft: true\n'))
  const ctx = createLoadContext(dir)
  const projects = await loadProjects(ctx)
  t.same(ctx.problems, [])
  t.equal(projects.get('minato-office-tower')?.en?.draft, true)
  t.same(publicationOf(projects.get('minato-office-tower')!.en!), { draft: true, publishAt: Number.NEGATIVE_INFINITY })
  t.notOk('draft' in projects.get('minato-office-tower')!.ja!, 'the other language is not a draft')
  const view = visibleItems(projects, { now: NOW, drafts: false })
  t.same(Object.keys(view.get('minato-office-tower')!), ['ja'], 'production: the draft language is gone')
})

t.test('the whole content folder loads with drafts and scheduled articles', async (t) => {
  const dir = contentWith(t, {
    'news/scheduled.ja.md': articleFile('"2100-01-01 09:00"'),
    'news/draft.ja.md': articleFile('"2026-11-01"', 'draft: true\n'),
  })
  const loaded = await loadContent(dir)
  t.match(loaded.content.version, /^[0-9a-f]{16}$/)
})

// Server level: what visitors get (load.ts `at(now)` builds the view, the holder's timer swaps in the next one).
/** An article of this title, date and further front matter. */
const titledFile = (title: string, date: string, extra = '') => `---\ntitle: ${title}\ndate: ${date}\ncategory: notice\nexcerpt: Come and see.\n${extra}---\n\nBody.\n`
/** The English version of a fixture project made a draft (the Japanese stays published). */
const draftProject = (dir: string) => {
  const path = join(dir, 'projects/minato-office-tower.en.md')
  writeFileSync(path, readFileSync(path, 'utf8').replace(/^---\n/, '---\ndraft: true\n'))
}

t.test('production: drafts and scheduled items are nowhere', async (t) => {
  const dir = contentWith(t, {
    'news/secret-draft.en.md': titledFile('Secret draft', '"2026-11-01"', 'draft: true\n'),
    'news/later.en.md': titledFile('Later news', '"2100-01-01 09:00"'),
  })
  draftProject(dir)
  const app = await build(t, { contentDir: dir })
  for (const url of ['/en/news/secret-draft', '/en/news/later', '/en/construction-project/minato-office-tower']) {
    t.equal((await app.inject(url)).statusCode, 404, `${url} is 404`)
  }
  t.equal((await app.inject('/construction-project/minato-office-tower')).statusCode, 200, 'the ja version is not a draft')
  const list = (await app.inject('/en/news')).body
  t.notMatch(list, /Secret draft|Later news/)
  const home = (await app.inject('/en')).body
  t.notMatch(home, /Secret draft|Later news/)
  const feed = (await app.inject('/en/news/feed.xml')).body
  t.notMatch(feed, /secret-draft|later/)
  const sitemap = (await app.inject('/sitemap.xml')).body
  t.notMatch(sitemap, /secret-draft|news\/later/)
  t.notMatch(sitemap, /en\/construction-project\/minato-office-tower/)
  t.match(sitemap, /construction-project\/minato-office-tower/)
  const projects = (await app.inject('/en/construction-project')).body
  t.notMatch(projects, /minato-office-tower/)
  t.notMatch(list + projects, /badge--draft|badge--scheduled/)
})

t.test('production: a scheduled article appears at its instant, no reload', async (t) => {
  const at = Math.ceil((Date.now() + 2500) / 1000) * 1000
  const iso = new Date(at).toISOString().replace(/\.000Z$/, 'Z')
  const dir = contentWith(t, { 'news/soon.en.md': titledFile('Soon news', `"${iso}"`) })
  const app = await build(t, { contentDir: dir })
  const before = await app.inject('/en/news')
  t.notMatch(before.body, /Soon news/)
  t.equal((await app.inject('/en/news/soon')).statusCode, 404)
  await new Promise((r) => setTimeout(r, at - Date.now() + 100))
  const after = await app.inject('/en/news')
  t.match(after.body, /Soon news/, 'listed')
  t.equal((await app.inject('/en/news/soon')).statusCode, 200)
  t.match((await app.inject('/en/news/feed.xml')).body, /soon/)
  t.match((await app.inject('/sitemap.xml')).body, /en\/news\/soon/)
  t.not(after.headers.etag, before.headers.etag)
})

t.test('development: drafts and scheduled items shown, marked', async (t) => {
  const dir = contentWith(t, {
    'news/secret-draft.en.md': titledFile('Secret draft', '"2026-11-01"', 'draft: true\n'),
    'news/later.en.md': titledFile('Later news', '"2100-01-01 09:00"'),
  })
  draftProject(dir)
  const app = await build(t, { contentDir: dir, nodeEnv: 'development' })
  const list = (await app.inject('/en/news')).body
  t.match(list, /Secret draft/)
  t.match(list, /badge--draft">Draft</)
  t.match(list, /badge--scheduled">Scheduled</)
  const detail = await app.inject('/en/news/secret-draft')
  t.equal(detail.statusCode, 200)
  t.match(detail.body, /badge--draft/)
  const project = await app.inject('/en/construction-project/minato-office-tower')
  t.equal(project.statusCode, 200)
  t.match(project.body, /page-header__marks/)
  t.match((await app.inject('/en/construction-project')).body, /badge--draft/)
})

t.test('two articles of one day: the later time first (source.ts sorting by publishAt)', async (t) => {
  // Both file orders (slugs sort the other way round): the time decides, not the slug.
  for (const [evening, morning] of [
    ['a-evening', 'b-morning'],
    ['b-evening', 'a-morning'],
  ]) {
    const dir = contentWith(t, {
      [`news/${evening}.en.md`]: titledFile('Evening news', '"2026-11-02 18:00"'),
      [`news/${morning}.en.md`]: titledFile('Morning news', '"2026-11-02 08:00"'),
    })
    const app = await build(t, { contentDir: dir })
    const list = (await app.inject('/en/news')).body
    t.ok(list.indexOf('Evening news') >= 0 && list.indexOf('Evening news') < list.indexOf('Morning news'), `${evening} before ${morning}`)
  }
})
