import t from 'tap'
import type { ContentSource, NewsItem, ProjectItem } from '../../shared/content'
import type { Locale } from '../../shared/i18n/locales'
import { sitemapEntries } from '../../server/seo/sitemap'

const ORIGIN = 'https://www.example.test'

/** Just what the sitemap reads: the per-language lists of articles and projects, and the pages of content/pages/. */
function content(news: Record<Locale, Partial<NewsItem>[]>, projects: Record<Locale, Partial<ProjectItem>[]>): ContentSource {
  return { listNews: (l: Locale) => news[l], listProjects: (l: Locale) => projects[l], contentPages: () => [{ path: '/recruit', locales: ['ja', 'en'] }, { path: '/company/history', locales: ['ja'] }] } as unknown as ContentSource
}

t.test('fixed pages first, in table order; then every content item once, dated by it', async (t) => {
  const source = content(
    { ja: [{ slug: 'both', date: '2026-04-01' }, { slug: 'ja-only', date: '2026-01-05' }], en: [{ slug: 'both', date: '2026-04-02' }] },
    { ja: [{ slug: 'tower', completed: '2025-03-31' }], en: [{ slug: 'tower', completed: '2025-03-31' }, { slug: 'en-only', completed: '2024-01-01' }] },
  )
  const ja = sitemapEntries(source, ORIGIN, ['ja'])
  t.same(
    ja.map((e) => e.loc.slice(ORIGIN.length)),
    ['/', '/about', '/service', '/greeting', '/news', '/contact', '/privacy-policy', '/term-of-service', '/construction-project', '/news/both', '/news/ja-only', '/construction-project/tower', '/recruit', '/company/history'],
  )
  t.same(ja.filter((e) => e.lastmod).map((e) => e.lastmod), ['2026-04-02', '2026-01-05', '2025-03-31'], 'an item is dated by its version in the last language that has it')
  const jaOnly = ja.find((e) => e.loc.endsWith('/news/ja-only'))!
  t.same(jaOnly.alternates.map((a) => a.hreflang), ['ja', 'x-default'], 'an item written in one language has no other-language alternate')
  const en = sitemapEntries(source, ORIGIN, ['en']).map((e) => e.loc.slice(ORIGIN.length))
  t.ok(en.includes('/en/construction-project/en-only') && !en.includes('/en/news/ja-only'), 'each language lists what exists in it')
  t.ok(en.includes('/en/recruit') && !en.includes('/en/company/history'), 'pages of content/pages/ in the languages they are written in')
})
