import type { Locale } from './i18n/locales'

/** A news article as the pages see it (one language). */
export interface NewsItem {
  slug: string
  date: string
  title: string
  excerpt: string
  category: string
  body: string
}

/** A construction project as the pages see it (one language). */
export interface ProjectItem {
  slug: string
  title: string
  location: string
  category: string
  completed: string
  summary: string
  body: string
}

/**
 * What the route loaders read. The server supplies the implementation; shared code
 * only sees this interface, so it stays free of Node APIs.
 */
export interface ContentSource {
  listNews(locale: Locale): NewsItem[]
  getNews(slug: string, locale: Locale): NewsItem | undefined
  listProjects(locale: Locale): ProjectItem[]
  getProject(slug: string, locale: Locale): ProjectItem | undefined
  /** Languages in which an item exists, for alternates and the sitemap. */
  newsLocales(slug: string): Locale[]
  projectLocales(slug: string): Locale[]
  /** Changes whenever the content changes (cache keys, sitemaps). */
  version: string
}
