import type { SocialAccounts } from './social'
import type { Locale } from './i18n/locales'

/** An image as pages render it: served in responsive variants from /media/. */
export interface ImageRef {
  /** Content hash of the source file: part of every variant URL, so variants are immutable. */
  hash: string
  /** File name stem used in variant URLs (readable, no extension). */
  name: string
  width: number
  height: number
  alt: string
}

export interface NewsItem {
  slug: string
  date: string
  title: string
  /** Japanese titles: the title split at phrase boundaries (server/content/phrases.ts), for headings. */
  titlePhrases?: string[] | undefined
  excerpt: string
  category: string
  cover?: ImageRef | undefined
  /** Body rendered from Markdown (raw HTML escaped, links checked). */
  html: string
  /** Only on a draft (front matter `draft: true`), which only development shows: the pages mark it. */
  draft?: true
  /** Only in development, on an article not yet due (its date is ahead): the pages mark it. */
  scheduled?: true
}

/** What list rows and cards need of an article (no body: lists ship small page data). */
export type NewsSummary = Omit<NewsItem, 'html'>

export function newsSummary({ html: _html, ...summary }: NewsItem): NewsSummary {
  return summary
}

export interface ProjectItem {
  slug: string
  title: string
  /** Japanese titles: the title split at phrase boundaries (server/content/phrases.ts), for headings. */
  titlePhrases?: string[] | undefined
  location: string
  client: string
  completed: string
  category: string
  use: string
  structure: string
  scale: string
  floorArea: number
  periodStart: string
  periodEnd: string
  scope: string
  summary: string
  featured: boolean
  cover: ImageRef
  gallery: ImageRef[]
  html: string
  /** Only on a draft (front matter `draft: true`), which only development shows: the pages mark it. */
  draft?: true
  /** Only in development, on a project not yet due: the pages mark it (projects publish at once today). */
  scheduled?: true
}

/** What a project card needs. */
export type ProjectSummary = Pick<ProjectItem, 'slug' | 'title' | 'titlePhrases' | 'location' | 'completed' | 'category' | 'cover' | 'draft' | 'scheduled'>

export function projectSummary(p: ProjectItem): ProjectSummary {
  const summary: ProjectSummary = { slug: p.slug, title: p.title, titlePhrases: p.titlePhrases, location: p.location, completed: p.completed, category: p.category, cover: p.cover }
  // Marks only when set: a published project's summary is as it always was.
  if (p.draft) summary.draft = true
  if (p.scheduled) summary.scheduled = true
  return summary
}

export interface PageContent {
  title: string
  /** Text of the page's links in menus and breadcrumbs, when the front matter sets one (`label`). */
  label?: string | undefined
  /** Japanese titles: the title split at phrase boundaries (server/content/phrases.ts), for headings. */
  titlePhrases?: string[] | undefined
  description: string
  html: string
}

/** The company's identity in one language (content/site.yml). */
export interface SiteInfo {
  name: string
  shortName: string
  tagline: string
  description: string
  address: string
  postalCode: string
  phone: string
  phoneInternational: string
  fax: string
  hours: string
  email: string
  founded: number
  employees: number
  representative: string
  mapUrl: string
  /** The corporate number (13 digits) and the invoice registration number ('T' + 13 digits), when site.yml has them. */
  corporateNumber?: string
  invoiceNumber?: string
  /** Account ids by network (shared/social.ts lists the networks). */
  social: SocialAccounts
  licences: string[]
}

/** One service as the home page sums it up, linking to its section of the service page. */
export interface ServiceSummary {
  title: string
  summary: string
  /** The id of the service page's heading of the same title. */
  anchor: string
}

export const STATIC_PAGE_IDS = ['about', 'service', 'greeting', 'privacy-policy', 'term-of-service'] as const
export type StaticPageId = (typeof STATIC_PAGE_IDS)[number]

/** A page written in content/pages/ at the path its front matter names (/recruit, /company/history). */
export interface ContentPage extends PageContent {
  /** Text of the page's links in menus and breadcrumbs: front matter `label`, else the title. */
  label: string
  /** Locale-less path. */
  path: string
  /** Languages the page is written in. */
  locales: Locale[]
}

/** The site's link menus (site.yml `menus`): the header's navigation and the footer's list of pages. */
export type Menu = 'header' | 'footer'

/**
 * A link of the site's navigation (a menu entry, a breadcrumb) as the content names it: its label in
 * the page's language, or, for a built-in page without one, the translation key of its label (units.nav.*).
 */
export type NavLink = { path: string; label: string } | { path: string; labelKey: string }

export const NEWS_CATEGORIES = ['notice', 'press', 'award', 'project', 'recruit', 'csr'] as const
export const PROJECT_CATEGORIES = ['office', 'housing', 'public', 'renovation', 'civil'] as const

/**
 * What the route loaders read. The server supplies the implementation; shared code
 * only sees this interface, so it stays free of Node APIs.
 */
export interface ContentSource {
  site(locale: Locale): SiteInfo
  page(id: StaticPageId, locale: Locale): PageContent
  /** Newest first. */
  listNews(locale: Locale): NewsItem[]
  getNews(slug: string, locale: Locale): NewsItem | undefined
  /** Newest completion first. */
  listProjects(locale: Locale): ProjectItem[]
  getProject(slug: string, locale: Locale): ProjectItem | undefined
  /** Languages in which an item exists, for alternates and the sitemap. */
  newsLocales(slug: string): Locale[]
  projectLocales(slug: string): Locale[]
  /** The page of content/pages/ at this locale-less path in this language (never a built-in page). */
  contentPage(path: string, locale: Locale): ContentPage | undefined
  /** Every page of content/pages/ that is not a built-in page, with the languages it exists in. */
  contentPages(): { path: string; locales: Locale[] }[]
  /** A menu's links in this language, in order (site.yml `menus`, or the default menus). */
  menu(menu: Menu, locale: Locale): NavLink[]
  /** The link to a page of the site at this path in this language (its label), if there is one: breadcrumbs of content pages. */
  navLink(path: string, locale: Locale): NavLink | undefined
  /** The services the home page lists (site.yml `services`), in order. */
  services(locale: Locale): ServiceSummary[]
  /** Site-wide images by name (hero, greeting, access-map), when the content has them. */
  siteImage(name: SiteImageName): ImageRef | undefined
  /** Changes whenever the content changes (cache keys, sitemaps). */
  version: string
}

export const SITE_IMAGES = ['hero', 'greeting', 'access-map'] as const
export type SiteImageName = (typeof SITE_IMAGES)[number]
