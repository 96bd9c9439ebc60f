import type { ComponentType } from 'react'
import type { Locale } from './i18n/locales'
import type { Translate } from './i18n/messages'
import type { ContentSource } from './content'
import { HomePage } from './pages/home'
import { StaticPage } from './pages/static-page'
import { NewsListPage, NewsDetailPage, type NewsDetailData, type NewsListData } from './pages/news'
import { ProjectListPage, ProjectDetailPage, type ProjectDetailData, type ProjectListData } from './pages/projects'
import { ContactPage, ContactSuccessPage } from './pages/contact'

/** Slugs of detail routes; anything else is a 404 before the loader runs. */
export const SLUG_PATTERN = /^[A-Za-z0-9_-]+$/

export interface LoaderContext {
  locale: Locale
  params: Record<string, string>
  content: ContentSource
}

export interface MetaArgs<D> {
  locale: Locale
  data: D
  t: Translate
}

export interface RouteMeta {
  title?: string | undefined
  description?: string | undefined
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

export interface RouteDef<D = unknown> {
  id: string
  /** Locale-less React Router pattern. */
  path: string
  Component: ComponentType<PageProps<D>>
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

/** THE route table: server rendering, client hydration, sitemaps and breadcrumbs all read it. */
export const routes: RouteDef<any>[] = [
  route({ id: 'home', path: '/', Component: HomePage, meta: pageMeta('home'), labelKey: 'units.nav.home', layout: { ...base, breadcrumb: false }, sitemap: true }),
  route({ id: 'about', path: '/about', Component: StaticPage, meta: pageMeta('about'), labelKey: 'units.nav.about', layout: base, sitemap: true }),
  route({ id: 'service', path: '/service', Component: StaticPage, meta: pageMeta('service'), labelKey: 'units.nav.service', layout: { ...base, background: 'white' }, sitemap: true }),
  route({ id: 'greeting', path: '/greeting', Component: StaticPage, meta: pageMeta('greeting'), labelKey: 'units.nav.greeting', layout: { ...base, background: 'translucent' }, sitemap: true }),
  route<NewsListData>({
    id: 'news',
    path: '/news',
    Component: NewsListPage,
    loader: ({ locale, content }) => ({ items: content.listNews(locale) }),
    meta: pageMeta('news'),
    labelKey: 'units.nav.news',
    layout: base,
    sitemap: true,
  }),
  route<NewsDetailData>({
    id: 'newsDetail',
    path: '/news/:slug',
    slugParam: 'slug',
    Component: NewsDetailPage,
    loader: ({ locale, params, content }) => {
      const item = content.getNews(params.slug ?? '', locale)
      return item ? { item } : null
    },
    meta: ({ data }) => ({ title: data.item.title, description: data.item.excerpt }),
    labelKey: 'units.nav.news',
    parent: 'news',
    layout: { ...base, width: 'wide' },
    sitemap: false,
    locales: (data, content) => content.newsLocales(data.item.slug),
  }),
  route({ id: 'contact', path: '/contact', Component: ContactPage, meta: pageMeta('contact'), labelKey: 'units.nav.contact', layout: base, sitemap: true }),
  route({
    id: 'contactSuccess',
    path: '/contact/success',
    Component: ContactSuccessPage,
    meta: pageMeta('contactSuccess'),
    labelKey: 'units.nav.contact',
    parent: 'contact',
    layout: { ...base, width: 'narrow' },
    sitemap: false,
    noindex: true,
  }),
  route({ id: 'privacy', path: '/privacy-policy', Component: StaticPage, meta: pageMeta('privacy'), labelKey: 'units.nav.privacy', layout: base, sitemap: true }),
  route({ id: 'terms', path: '/term-of-service', Component: StaticPage, meta: pageMeta('terms'), labelKey: 'units.nav.terms', layout: base, sitemap: true }),
  route<ProjectListData>({
    id: 'projects',
    path: '/construction-project',
    Component: ProjectListPage,
    loader: ({ locale, content }) => ({ items: content.listProjects(locale) }),
    meta: pageMeta('projects'),
    labelKey: 'units.nav.projects',
    layout: base,
    sitemap: true,
  }),
  route<ProjectDetailData>({
    id: 'projectDetail',
    path: '/construction-project/:slug',
    slugParam: 'slug',
    Component: ProjectDetailPage,
    loader: ({ locale, params, content }) => {
      const item = content.getProject(params.slug ?? '', locale)
      return item ? { item } : null
    },
    meta: ({ data }) => ({ title: data.item.title, description: data.item.summary }),
    labelKey: 'units.nav.projects',
    parent: 'projects',
    layout: { ...base, width: 'wide' },
    sitemap: false,
    locales: (data, content) => content.projectLocales(data.item.slug),
  }),
]

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
