import { LOCALE_CODES, type Locale } from '../../shared/i18n/locales'
import type { ContentSource, ImageRef, NewsItem, PageContent, ProjectItem, ServiceSummary, SiteInfo, StaticPageId } from '../../shared/content'
import type { ItemsBySlug } from './items'

/** Everything the content folder held, checked: what the ContentSource answers from. */
export interface LoadedParts {
  version: string
  sites: Record<Locale, SiteInfo>
  /** Company pages keyed '<id>.<lang>'. */
  pages: ReadonlyMap<string, PageContent>
  news: ItemsBySlug<NewsItem>
  projects: ItemsBySlug<ProjectItem>
  siteImages: ReadonlyMap<string, ImageRef>
  services: Record<Locale, ServiceSummary[]>
}

/** The items written in one language. */
const inLocale = <T>(items: ItemsBySlug<T>, code: Locale): T[] => [...items.values()].flatMap((v) => (v[code] ? [v[code]!] : []))

/** Each language's items, newest first (by the given date), then by slug. */
function newestFirst<T extends { slug: string }>(items: ItemsBySlug<T>, date: (item: T) => string): Record<Locale, T[]> {
  const lists = LOCALE_CODES.map((c) => [c, inLocale(items, c).sort((a, b) => date(b).localeCompare(date(a)) || a.slug.localeCompare(b.slug))])
  return Object.fromEntries(lists) as Record<Locale, T[]>
}

/** The languages an item is written in. */
const localesOf = (items: ItemsBySlug<unknown>, slug: string) => LOCALE_CODES.filter((c) => items.get(slug)?.[c])

/** The read-only view of the content that pages, feeds and sitemaps use. */
export function buildContentSource({ version, sites, pages, news, projects, siteImages, services }: LoadedParts): ContentSource {
  const newsLists = newestFirst(news, (n) => n.date)
  const projectLists = newestFirst(projects, (p) => p.completed)
  return {
    version,
    site: (locale) => sites[locale],
    page: (id: StaticPageId, locale) => pages.get(`${id}.${locale}`)!,
    listNews: (locale) => newsLists[locale],
    getNews: (slug, locale) => news.get(slug)?.[locale],
    listProjects: (locale) => projectLists[locale],
    getProject: (slug, locale) => projects.get(slug)?.[locale],
    newsLocales: (slug) => localesOf(news, slug),
    projectLocales: (slug) => localesOf(projects, slug),
    siteImage: (name) => siteImages.get(name),
    services: (locale) => services[locale],
  }
}
