import type { ComponentType } from 'react'
import type { Locale } from './i18n/locales'
import type { Translate } from './i18n/messages'
import type { ContentSource, ImageRef, SiteInfo } from './content'
import { HomePage, loadHome } from './pages/home'
import { StaticPage, loadStaticPage, staticMeta } from './pages/static-page'
import { NewsListPage, NewsDetailPage, loadNewsList, loadNewsDetail, newsListSearch, type NewsDetailData, type NewsListData } from './pages/news'
import { ProjectListPage, ProjectDetailPage, loadProjectList, loadProjectDetail, projectListSearch, type ProjectDetailData, type ProjectListData } from './pages/projects'
import { ContactPage, ContactSuccessPage, contactMeta, loadContact, loadContactSuccess } from './pages/contact'
import type { ContactPageData, ContactSuccessData } from './contact/page-data'
import { newsArticleLd, organizationLd } from './structured-data'
import { isLazy, type LazyComponent } from './lazy-component'

/** Slugs of detail routes; anything else is a 404 before the loader runs. */
export const SLUG_PATTERN = /^[A-Za-z0-9_-]+$/

export interface LoaderContext {
  locale: Locale
  params: Record<string, string>
  /** The query string: list pages read ?page= and ?category=. */
  search: URLSearchParams
  content: ContentSource
  /**
   * State of a form the server is answering (the contact page's step, values, errors and
   * token); absent for a plain GET. Only the server sets it (reply.renderPage's `form`).
   */
  form?: unknown
}

export interface MetaArgs<D> {
  locale: Locale
  data: D
  t: Translate
}

export interface RouteMeta {
  title?: string | undefined
  description?: string | undefined
  /** The document <title>'s page part when it differs from `title` (breadcrumbs keep `title`), e.g. 'Error: Contact'. */
  headTitle?: string | undefined
  /** The page's picture for link previews (og:image) and its kind ('article' for news). */
  image?: ImageRef | undefined
  type?: 'website' | 'article' | undefined
}

export interface PageProps<D = unknown> {
  data: D
}

export interface LayoutOptions {
  /** Page background: the default concrete white, plain white, or half-transparent white. */
  background: 'default' | 'white' | 'translucent'
  /** Content width: default column, wide centred (detail pages) or narrow centred. */
  width: 'default' | 'wide' | 'narrow'
  breadcrumb: boolean
}

export interface StructuredDataArgs<D> {
  data: D
  site: SiteInfo
  /** Absolute canonical URL of the page. */
  url: string
  origin: string
  locale: Locale
}

export interface RouteDef<D = unknown> {
  id: string
  /** Locale-less React Router pattern. */
  path: string
  /** The page body; a LazyComponent for pages whose code only they need (the contact form). */
  Component: ComponentType<PageProps<D>> | LazyComponent<PageProps<D>>
  /** Returns the page data, or null when the URL names nothing (404). */
  loader?: (ctx: LoaderContext) => D | null
  meta: (args: MetaArgs<D>) => RouteMeta
  /** Units key of the label used in navigation and breadcrumbs. */
  labelKey: string
  /** Route id of the breadcrumb parent (home when absent, none for home itself). */
  parent?: string
  layout: LayoutOptions
  /** Listed in the sitemaps as one static URL. Detail routes list their items instead. */
  sitemap: boolean
  noindex?: boolean
  /** Languages in which the page exists (default: all). */
  locales?: (data: D, content: ContentSource) => Locale[]
  /** For detail routes: the name of the slug parameter that must match SLUG_PATTERN. */
  slugParam?: string
  /** The query string that is part of the canonical URL (e.g. '?page=2'), from the loaded data. */
  canonicalSearch?: (data: D) => string
  /** JSON-LD objects of the page (besides the BreadcrumbList every page with a breadcrumb gets). */
  structuredData?: (args: StructuredDataArgs<D>) => object[]
  /** Links an Atom feed from the head. */
  feed?: boolean
  /** The page shows something of one visitor's request (beyond path and canonical query): never cached. */
  perVisitor?: boolean
  /**
   * Always reached by a full document load, never by client-side navigation (no payload): the page
   * needs state only the server's own page route gives it (the contact form's signed token).
   */
  fullLoad?: boolean
}

const base: LayoutOptions = { background: 'default', width: 'default', breadcrumb: true }

function pageMeta(key: string) {
  return ({ t }: MetaArgs<unknown>): RouteMeta => ({
    title: t(`titles.pages.${key}.title`),
    description: t(`titles.pages.${key}.description`),
  })
}

/** Identity helper that keeps each route's data type while the table holds RouteDef<any>. */
function route<D>(def: RouteDef<D>): RouteDef<D> {
  return def
}

function staticRoute(id: 'about' | 'service' | 'greeting' | 'privacy' | 'terms', path: string, page: Parameters<typeof loadStaticPage>[0], layout: LayoutOptions) {
  return route({
    id,
    path,
    Component: StaticPage,
    loader: loadStaticPage(page),
    meta: staticMeta,
    labelKey: `units.nav.${id}`,
    layout,
    sitemap: true,
    ...(id === 'about' ? { structuredData: ({ site, origin }: StructuredDataArgs<unknown>) => [organizationLd(site, origin)] } : {}),
  })
}

/** THE route table: server rendering, client hydration, sitemaps and breadcrumbs all read it. */
export const routes: RouteDef<any>[] = [
  route({
    id: 'home',
    path: '/',
    Component: HomePage,
    loader: loadHome,
    meta: pageMeta('home'),
    labelKey: 'units.nav.home',
    layout: { ...base, breadcrumb: false },
    sitemap: true,
    structuredData: ({ site, origin }) => [organizationLd(site, origin)],
    feed: true,
  }),
  staticRoute('about', '/about', 'about', base),
  staticRoute('service', '/service', 'service', { ...base, background: 'white' }),
  staticRoute('greeting', '/greeting', 'greeting', { ...base, background: 'translucent' }),
  route<NewsListData>({
    id: 'news',
    path: '/news',
    Component: NewsListPage,
    loader: loadNewsList,
    meta: pageMeta('news'),
    labelKey: 'units.nav.news',
    layout: base,
    sitemap: true,
    canonicalSearch: newsListSearch,
    feed: true,
  }),
  route<NewsDetailData>({
    id: 'newsDetail',
    path: '/news/:slug',
    slugParam: 'slug',
    Component: NewsDetailPage,
    loader: loadNewsDetail,
    meta: ({ data }) => ({ title: data.item.title, description: data.item.excerpt, image: data.item.cover, type: 'article' }),
    labelKey: 'units.nav.news',
    parent: 'news',
    layout: { ...base, width: 'wide' },
    sitemap: false,
    locales: (data, content) => content.newsLocales(data.item.slug),
    structuredData: ({ data, site, url, origin, locale }) => [newsArticleLd(data.item, site, url, origin, locale)],
    feed: true,
  }),
  route<ContactPageData>({ id: 'contact', path: '/contact', Component: ContactPage, loader: loadContact, meta: contactMeta, labelKey: 'units.nav.contact', layout: base, sitemap: true, fullLoad: true }),
  route<ContactSuccessData>({
    id: 'contactSuccess',
    path: '/contact/success',
    Component: ContactSuccessPage,
    loader: loadContactSuccess,
    meta: pageMeta('contactSuccess'),
    labelKey: 'units.nav.contact',
    parent: 'contact',
    layout: { ...base, width: 'narrow' },
    sitemap: false,
    noindex: true,
    // Shows the ?ref= of one visitor's inquiry: never served from the page cache.
    perVisitor: true,
  }),
  staticRoute('privacy', '/privacy-policy', 'privacy-policy', base),
  staticRoute('terms', '/term-of-service', 'term-of-service', base),
  route<ProjectListData>({
    id: 'projects',
    path: '/construction-project',
    Component: ProjectListPage,
    loader: loadProjectList,
    meta: pageMeta('projects'),
    labelKey: 'units.nav.projects',
    layout: base,
    sitemap: true,
    canonicalSearch: projectListSearch,
  }),
  route<ProjectDetailData>({
    id: 'projectDetail',
    path: '/construction-project/:slug',
    slugParam: 'slug',
    Component: ProjectDetailPage,
    loader: loadProjectDetail,
    meta: ({ data }) => ({ title: data.item.title, description: data.item.summary, image: data.item.cover }),
    labelKey: 'units.nav.projects',
    parent: 'projects',
    layout: { ...base, width: 'wide' },
    sitemap: false,
    locales: (data, content) => content.projectLocales(data.item.slug),
  }),
]

/** Patterns of the routes a link must reach by a full document load (fullLoad or perVisitor). */
let fullLoadPatterns: RegExp[] | null = null

/** Whether a locale-less path (query allowed) names a route that client-side navigation must not handle. */
export function isFullLoadPath(to: string): boolean {
  fullLoadPatterns ??= routes
    .filter((r) => r.fullLoad || r.perVisitor)
    .map((r) => new RegExp('^' + r.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z0-9_]+/g, '[^/]+') + '$'))
  const end = to.search(/[?#]/)
  const path = end === -1 ? to : to.slice(0, end)
  return fullLoadPatterns.some((re) => re.test(path))
}

/** The route's page component, or undefined while its chunk is not loaded. */
export function routeComponent<D>(route: RouteDef<D>): ComponentType<PageProps<D>> | undefined {
  return isLazy(route.Component) ? route.Component.loaded : route.Component
}

/** Loads the route's code chunk if it has one (rejects when the chunk cannot be fetched). */
export async function loadRouteComponent(route: RouteDef<any>): Promise<void> {
  if (isLazy(route.Component)) await route.Component.load()
}

/** Source paths of the route's chunks (keys of the build manifest's `chunks`). */
export function routeModules(route: RouteDef<any>): string[] {
  return isLazy(route.Component) ? [route.Component.module] : []
}

export function findRoute(id: string | null | undefined): RouteDef<any> | undefined {
  return routes.find((r) => r.id === id)
}

/** Breadcrumb chain from home to the route (inclusive). */
export function routeChain(id: string): RouteDef<any>[] {
  const chain: RouteDef<any>[] = []
  let current = findRoute(id)
  while (current) {
    chain.unshift(current)
    if (current.id === 'home') break
    current = findRoute(current.parent ?? 'home')
  }
  return chain
}
