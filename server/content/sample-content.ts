import type { ContentSource, NewsItem, ProjectItem } from '../../shared/content'
import { LOCALE_CODES, type Locale } from '../../shared/i18n/locales'

/**
 * Placeholder content until the Markdown content loader lands: a few items per
 * language, one of them in Japanese only, so detail routes, alternates and the
 * sitemap have something real to work with.
 */
type Localised<T> = { slug: string } & Partial<Record<Locale, Omit<T, 'slug'>>>

const news: Localised<NewsItem>[] = [
  {
    slug: '2026-04-new-office',
    ja: { date: '2026-04-01', title: '本社を移転しました', excerpt: '4月1日より新本社で営業を開始しました。', category: 'お知らせ', body: '本社移転のお知らせです。' },
    en: { date: '2026-04-01', title: 'We have moved our head office', excerpt: 'Our new head office opened on 1 April.', category: 'Notice', body: 'Notice of our head office move.' },
  },
  {
    slug: '2026-02-safety-award',
    ja: { date: '2026-02-15', title: '安全表彰を受賞しました', excerpt: '無災害記録が評価されました。', category: '受賞', body: '安全表彰の受賞について。' },
    en: { date: '2026-02-15', title: 'We received a safety award', excerpt: 'Our accident-free record was recognised.', category: 'Award', body: 'About the safety award.' },
  },
  {
    slug: '2026-01-new-year',
    ja: { date: '2026-01-05', title: '年始のごあいさつ', excerpt: '本年もよろしくお願い申し上げます。', category: 'お知らせ', body: '新年のごあいさつです。' },
  },
]

const projects: Localised<ProjectItem>[] = [
  {
    slug: 'minato-office-tower',
    ja: { title: '港区オフィスビル新築工事', location: '東京都港区', category: 'オフィス', completed: '2025-03-31', summary: '地上12階建てのオフィスビル。', body: '施工概要は準備中です。' },
    en: { title: 'Minato office tower', location: 'Minato, Tokyo', category: 'Office', completed: '2025-03-31', summary: 'A 12-storey office building.', body: 'Project details are being prepared.' },
  },
  {
    slug: 'setagaya-library-renovation',
    ja: { title: '世田谷区立図書館改修工事', location: '東京都世田谷区', category: '改修', completed: '2024-11-30', summary: '耐震補強と内装改修。', body: '施工概要は準備中です。' },
    en: { title: 'Setagaya library renovation', location: 'Setagaya, Tokyo', category: 'Renovation', completed: '2024-11-30', summary: 'Seismic retrofit and interior renovation.', body: 'Project details are being prepared.' },
  },
]

function pick<T extends { slug: string }>(items: Localised<Omit<T, 'slug'> & { slug: string }>[], locale: Locale): T[] {
  return items.flatMap((i) => {
    const body = i[locale]
    return body ? [{ slug: i.slug, ...body } as unknown as T] : []
  })
}

function localesOf(items: Localised<unknown>[], slug: string): Locale[] {
  const item = items.find((i) => i.slug === slug)
  return item ? LOCALE_CODES.filter((code) => item[code]) : []
}

export function createSampleContent(): ContentSource {
  return {
    version: 'sample-1',
    listNews: (locale) => pick<NewsItem>(news, locale).sort((a, b) => b.date.localeCompare(a.date)),
    getNews: (slug, locale) => pick<NewsItem>(news, locale).find((i) => i.slug === slug),
    listProjects: (locale) => pick<ProjectItem>(projects, locale),
    getProject: (slug, locale) => pick<ProjectItem>(projects, locale).find((i) => i.slug === slug),
    newsLocales: (slug) => localesOf(news as Localised<unknown>[], slug),
    projectLocales: (slug) => localesOf(projects as Localised<unknown>[], slug),
  }
}
