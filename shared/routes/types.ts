import type { ComponentType } from 'react'
import type { Locale } from '../i18n/locales'
import type { Translate } from '../i18n/messages'
import type { ContentSource, ImageRef, NavLink, SiteInfo } from '../content'
import type { LazyComponent } from '../lazy-component'
import type { PageForm } from './page-form'

export interface LoaderContext {
  /** The id of the route being loaded (its path in shared/paths.ts). */
  routeId: string
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
  /** The route's metadata for this data (title, description), as the head tags use it. */
  meta: RouteMeta
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

/**
 * What navigation shows of a built-in page: the path its links lead to and the label of those links
 * (menus and breadcrumbs). Which pages the menus list is the content's choice (site.yml `menus`).
 */
export interface NavEntry {
  /** Locale-less path the links lead to. */
  path: string
  /** Units key of the label used in navigation and breadcrumbs. */
  labelKey: string
}

/** The content's per-language lists of items with a slug (news, projects), by method name. */
export type ItemList = keyof { [K in keyof ContentSource as ContentSource[K] extends (locale: Locale) => { slug: string }[] ? K : never]: true }
type ItemOf<L extends ItemList> = ReturnType<ContentSource[L]>[number]
type DateField<T> = { [P in keyof T]-?: T[P] extends string ? P : never }[keyof T]

/**
 * A detail route's pages, listed from the content: one per item of the list, at the route's path
 * with the item's slug, in the languages whose list has it, dated by the item's `lastmod` field.
 */
export type ContentItems = { [L in ItemList]: { list: L; lastmod: DateField<ItemOf<L>> } }[ItemList]

/**
 * How a route appears in the sitemaps: 'page' lists its own path in every language; ContentItems
 * lists the pages it serves from the content (one per article or project, dated by it);
 * 'contentPages' lists the pages of content/pages/ at their own paths, in the languages they exist in.
 * Absent: not listed (pages that only answer a visitor's action, or are not to be indexed).
 */
export type SitemapPolicy = 'page' | 'contentPages' | ContentItems

export interface RouteDef<D = unknown> extends NavEntry {
  id: string
  /** Locale-less React Router pattern. */
  path: string
  /** The page body; a LazyComponent for pages whose code only they need (the contact form). */
  Component: ComponentType<PageProps<D>> | LazyComponent<PageProps<D>>
  /**
   * Returns the page data, or null when the URL names nothing (404). Server-only: from the family's
   * `loader.server.ts`, so undefined in the browser build (build.mjs), as are `locales` and `form`.
   */
  loader?: (ctx: LoaderContext) => D | null
  meta: (args: MetaArgs<D>) => RouteMeta
  /** Route id of the breadcrumb parent (home when absent, none for home itself). */
  parent?: string
  /** The breadcrumb's links between home and the page, from its data (content pages: their ancestors); instead of `parent`. */
  crumbs?: (data: D) => NavLink[]
  layout: LayoutOptions
  sitemap?: SitemapPolicy
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
  /** The page's form (GET with a per-visitor value, POST action): the family's `action.server.ts`. */
  form?: PageForm<D>
}
