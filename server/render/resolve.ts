import { matchRoutes } from 'react-router'
import { LRUCache } from 'lru-cache'
import type { ContentSource } from '../../shared/content'
import { alternatePaths, switchLocation } from '../../shared/alternates'
import { splitLocalePath, localizePath, type LocalizedPath } from '../../shared/i18n/negotiate'
import { LOCALE_CODES, type Locale } from '../../shared/i18n/locales'
import type { PageError } from '../../shared/page-state'
import { findRoute, routes, SLUG_PATTERN, type RouteDef } from '../../shared/routes'
import { CONTENT_PAGE_PATH } from '../../shared/pages/content-page/route'

const matchable = routes.map((r) => ({ id: r.id, path: r.path, caseSensitive: true }))

type Match = { id: string; params: Record<string, string> } | null
/**
 * matchRoutes flattens and ranks the whole table on every call, so matches are remembered, but only
 * for paths that turned out to be pages of the site (resolvePage adds them): unknown paths and slugs
 * that name nothing are visitors' to invent and are never kept. Bounded by bytes all the same.
 */
const pageMatches = new LRUCache<string, { id: string; params: Record<string, string> }>({
  max: 10_000,
  maxSize: 4 * 1024 * 1024,
  sizeCalculation: (match, path) => path.length * 2 + JSON.stringify(match).length + 64,
})

function matchPath(path: string): Match {
  const known = pageMatches.get(path)
  if (known) return known
  const found = matchRoutes(matchable, path)?.[0]
  if (!found) return null
  const params: Record<string, string> = {}
  for (const [k, v] of Object.entries(found.params)) if (typeof v === 'string') params[k] = v
  return { id: found.route.id, params }
}

export interface ResolvedPage extends LocalizedPath {
  route: RouteDef<any>
  params: Record<string, string>
  data: unknown
  /** Languages in which this page exists. */
  available: Locale[]
  /** Query string that belongs to the canonical URL ('' or '?page=2'). */
  canonicalSearch: string
}

export type Resolution = ({ kind: 'page' } & ResolvedPage) | ({ kind: 'error'; error: PageError } & LocalizedPath)

/**
 * Turns a URL path into a route, its params and its loader data, or into a 404
 * (unknown path, content page included: 'Page not found: {path}'; a slug that fails validation or names
 * nothing: 'Page Not Found: {path}'). Never throws for a bad URL.
 */
export function resolvePage(pathname: string, search: URLSearchParams, content: ContentSource, form?: unknown): Resolution {
  const localized = splitLocalePath(pathname)
  const match = matchPath(localized.path)
  const route = match && findRoute(match.id)
  const unknown = { kind: 'error' as const, ...localized, error: { statusCode: 404, statusMessage: `Page not found: ${pathname}` } }
  if (!match || !route) return unknown
  const params = { ...match.params }
  const invalid = { kind: 'error' as const, ...localized, error: { statusCode: 404, statusMessage: `Page Not Found: ${pathname}` } }
  if (route.slugParam && !SLUG_PATTERN.test(params[route.slugParam] ?? '')) return invalid
  const data = route.loader ? route.loader({ routeId: route.id, locale: localized.locale, params, search, content, form }) : null
  // The content page route takes every other path: a path no page of content/pages/ has is unknown.
  if (route.loader && data === null) return route.path === CONTENT_PAGE_PATH ? unknown : invalid
  if (!pageMatches.has(localized.path)) pageMatches.set(localized.path, match)
  const available = route.locales ? route.locales(data, content) : [...LOCALE_CODES]
  const canonicalSearch = route.canonicalSearch ? route.canonicalSearch(data) : ''
  return { kind: 'page', ...localized, route, params, data, available, canonicalSearch }
}

/**
 * Where the language switch goes: the page's own alternate (the same URLs as its hreflang
 * links, canonical query included) where it exists in that language, else its parent list.
 */
export function switchTargets(resolution: Resolution): Partial<Record<Locale, string>> {
  const targets =
    resolution.kind === 'error' ? alternatePaths(resolution.path) : alternatePaths(resolution.path + resolution.canonicalSearch, resolution.available)
  const parent = resolution.kind === 'page' ? findRoute(resolution.route.parent ?? 'home') : findRoute('home')
  for (const code of LOCALE_CODES) {
    const target = targets[code]
    // A path built from the request (an error page's) that would lead off the site links home instead.
    if (target !== undefined && switchLocation(target, code) === null) delete targets[code]
    if (resolution.kind === 'page' || target !== undefined) targets[code] ??= localizePath(parent?.path ?? '/', code)
  }
  return targets
}
