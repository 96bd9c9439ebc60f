import { LOCALE_CODES, type Locale } from '../../shared/i18n/locales'
import type { ContentPage, ContentSource, ImageRef, NewsItem, ProjectItem, ServiceSummary, SiteInfo, StaticPageId } from '../../shared/content'
import { publicationOf } from './publication'
import { isStaticPageId, navLink, withLocales, type SiteMenus } from './navigation'
import type { ItemsBySlug, LoadedPage } from './types'

/** Everything the content folder held, checked: what the ContentSource answers from. */
export interface LoadedParts {
  version: string
  sites: Record<Locale, SiteInfo>
  /** Every file of content/pages/ keyed '<name>.<lang>': the built-in company pages and the pages at their own path. */
  pages: ReadonlyMap<string, LoadedPage>
  news: ItemsBySlug<NewsItem>
  projects: ItemsBySlug<ProjectItem>
  siteImages: ReadonlyMap<string, ImageRef>
  services: Record<Locale, ServiceSummary[]>
  /** The header's and footer's links in each language (site.yml `menus`, checked). */
  menus: SiteMenus
}

/** The items written in one language. */
const inLocale = <T>(items: ItemsBySlug<T>, code: Locale): T[] => [...items.values()].flatMap((v) => (v[code] ? [v[code]!] : []))

/** Each language's items, newest first (by the given date), then by slug. */
function newestFirst<T extends { slug: string }>(items: ItemsBySlug<T>, date: (item: T) => string): Record<Locale, T[]> {
  // Two articles of one day: the later publication time first.
  const at = (item: T) => publicationOf(item).publishAt
  const later = (a: T, b: T) => (at(a) === at(b) ? 0 : at(b) > at(a) ? 1 : -1)
  const lists = LOCALE_CODES.map((c) => [c, inLocale(items, c).sort((a, b) => date(b).localeCompare(date(a)) || later(a, b) || a.slug.localeCompare(b.slug))])
  return Object.fromEntries(lists) as Record<Locale, T[]>
}

/** The languages an item is written in. */
const localesOf = (items: ItemsBySlug<unknown>, slug: string) => LOCALE_CODES.filter((c) => items.get(slug)?.[c])

/** The read-only view of the content that pages, feeds and sitemaps use. */
export function buildContentSource({ version, sites, pages, news, projects, siteImages, services, menus }: LoadedParts): ContentSource {
  const newsLists = newestFirst(news, (n) => n.date)
  const projectLists = newestFirst(projects, (p) => p.completed)
  const files = withLocales(pages)
  const written = files.filter((p) => !isStaticPageId(p.name))
  const ownPages = new Map<string, Partial<Record<Locale, ContentPage>>>()
  for (const { file: _file, name: _name, locale, ...page } of written) {
    const locales = LOCALE_CODES.filter((c) => written.some((p) => p.path === page.path && p.locale === c))
    ownPages.set(page.path, { ...ownPages.get(page.path), [locale]: { ...page, label: page.label ?? page.title, locales } })
  }
  return {
    version,
    site: (locale) => sites[locale],
    page: (id: StaticPageId, locale) => {
      const { file: _file, path: _path, ...page } = pages.get(`${id}.${locale}`)!
      return page
    },
    listNews: (locale) => newsLists[locale],
    getNews: (slug, locale) => news.get(slug)?.[locale],
    listProjects: (locale) => projectLists[locale],
    getProject: (slug, locale) => projects.get(slug)?.[locale],
    newsLocales: (slug) => localesOf(news, slug),
    projectLocales: (slug) => localesOf(projects, slug),
    contentPage: (path, locale) => ownPages.get(path)?.[locale],
    contentPages: () => [...ownPages].map(([path, byLocale]) => ({ path, locales: LOCALE_CODES.filter((c) => byLocale[c]) })),
    menu: (menu, locale) => menus[menu][locale],
    navLink: (path, locale) => navLink(files, path, locale),
    siteImage: (name) => siteImages.get(name),
    services: (locale) => services[locale],
  }
}
