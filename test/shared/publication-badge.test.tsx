// The draft and scheduled marks of news rows, project cards and detail headers: shown only on items that
// carry them (development); a published item renders exactly as before.
import t from 'tap'
import { renderToStaticMarkup } from 'react-dom/server'
import type { ReactNode } from 'react'
import jaUnits from '../../locales/ja/units.json' with { type: 'json' }
import jaTitles from '../../locales/ja/titles.json' with { type: 'json' }
import enUnits from '../../locales/en/units.json' with { type: 'json' }
import enTitles from '../../locales/en/titles.json' with { type: 'json' }
import type { ImageRef, NewsItem, ProjectItem } from '../../shared/content'
import { projectSummary } from '../../shared/content'
import { I18nProvider } from '../../shared/i18n/context'
import { createTranslator } from '../../shared/i18n/messages'
import { PageStateProvider } from '../../shared/page-context'
import type { PageState } from '../../shared/page-state'
// The route table first: the pages import it, and it imports the pages (as the app loads them).
import '../../shared/routes'
import { PublicationBadge } from '../../shared/components/publication-badge'
import { NewsDetailPage, NewsRows } from '../../shared/pages/news/news-pages'
import { ProjectCards, ProjectDetailPage } from '../../shared/pages/projects/projects-pages'

const TREES = { ja: { units: jaUnits, titles: jaTitles }, en: { units: enUnits, titles: enTitles } }
function render(locale: 'ja' | 'en', node: ReactNode): string {
  const t = createTranslator(locale, TREES[locale])
  return renderToStaticMarkup(
    <PageStateProvider value={{ basename: locale === 'ja' ? '' : '/en' } as PageState}>
      <I18nProvider value={{ locale, t }}>{node}</I18nProvider>
    </PageStateProvider>,
  )
}

const image: ImageRef = { hash: 'abc', name: 'cover', width: 800, height: 600, alt: 'Cover' }
const news = (marks: Partial<NewsItem> = {}): NewsItem => ({ slug: 'open-house', date: '2026-11-25', title: 'Open house', excerpt: 'Come', category: 'notice', html: '<p>Body</p>', ...marks })
const project = (marks: Partial<ProjectItem> = {}): ProjectItem => ({
  slug: 'hall', title: 'Hall', location: 'Tokyo', client: 'City', completed: '2025-03-31', category: 'public', use: 'Hall', structure: 'Timber', scale: '2F',
  floorArea: 100, periodStart: '2024-04', periodEnd: '2025-03', scope: 'All', summary: 'A hall', featured: false, cover: image, gallery: [], html: '', ...marks,
})
const DRAFT = /<span class="badge badge--draft">/
const SCHEDULED = /<span class="badge badge--scheduled">/

t.test('the badge: 下書き / Draft, 予約 / Scheduled, nothing for a published item', async (t) => {
  t.equal(render('ja', <PublicationBadge item={{ draft: true }} />), '<span class="badge badge--draft">下書き</span>')
  t.equal(render('en', <PublicationBadge item={{ draft: true }} />), '<span class="badge badge--draft">Draft</span>')
  t.equal(render('ja', <PublicationBadge item={{ scheduled: true }} />), '<span class="badge badge--scheduled">予約</span>')
  t.equal(render('en', <PublicationBadge item={{ scheduled: true }} />), '<span class="badge badge--scheduled">Scheduled</span>')
  t.equal(render('en', <PublicationBadge item={{ draft: true, scheduled: true }} />), '<span class="badge badge--draft">Draft</span>', 'a draft is a draft first')
  t.equal(render('en', <PublicationBadge item={{}} />), '')
})

t.test('news rows and the article header carry the mark', async (t) => {
  t.match(render('en', <NewsRows items={[news({ draft: true })]} />), DRAFT)
  t.match(render('ja', <NewsRows items={[news({ scheduled: true })]} />), SCHEDULED)
  const plain = render('en', <NewsRows items={[news()]} />)
  t.notMatch(plain, /badge--/, 'a published row has no mark')
  t.match(render('en', <NewsDetailPage data={{ item: news({ draft: true }), newer: null, older: null }} />), DRAFT)
  t.notMatch(render('en', <NewsDetailPage data={{ item: news(), newer: null, older: null }} />), /badge--|page-header__marks/)
})

t.test('project cards and the project header carry the mark', async (t) => {
  t.match(render('en', <ProjectCards items={[projectSummary(project({ draft: true }))]} />), DRAFT)
  t.notMatch(render('en', <ProjectCards items={[projectSummary(project())]} />), /badge--/)
  t.notOk('draft' in projectSummary(project()) || 'scheduled' in projectSummary(project()), 'a published summary is as before')
  t.match(render('ja', <ProjectDetailPage data={{ item: project({ draft: true }) }} />), /<p class="page-header__marks"><span class="badge badge--draft">下書き<\/span><\/p>/)
  t.notMatch(render('ja', <ProjectDetailPage data={{ item: project() }} />), /page-header__marks/)
})
