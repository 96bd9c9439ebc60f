import { computeAlternates, type AlternateLink } from '../../shared/alternates'
import type { ContentSource } from '../../shared/content'
import { escapeHtml } from '../../shared/escape'
import { LOCALE_CODES, type Locale } from '../../shared/i18n/locales'
import { routes, type ContentItems, type RouteDef } from '../../shared/routes'

export interface SitemapEntry {
  loc: string
  alternates: AlternateLink[]
  lastmod?: string
}

/** One URL of the sitemaps: a locale-less path, the languages it exists in, and when it last changed. */
interface SitemapPage {
  path: string
  locales: readonly Locale[]
  lastmod?: string | undefined
}

/**
 * A detail route's pages: every item of its content list once, at the route's path with the item's
 * slug, in the languages whose list has it (the languages it is written in), dated by the item's
 * version in the last of those languages.
 */
function itemPages(route: RouteDef<any>, { list, lastmod }: ContentItems, content: ContentSource): SitemapPage[] {
  const pages = new Map<string, { locales: Locale[]; lastmod: string }>()
  for (const code of LOCALE_CODES) {
    for (const item of content[list](code)) {
      const page = pages.get(item.slug) ?? { locales: [], lastmod: '' }
      page.locales.push(code)
      page.lastmod = (item as unknown as Record<string, string>)[lastmod]!
      pages.set(item.slug, page)
    }
  }
  return [...pages].map(([slug, page]) => ({ path: route.path.replace(`:${route.slugParam}`, slug), ...page }))
}

/**
 * Every page the route table lists for the sitemaps, each route by its own policy: the fixed pages
 * first (in table order), then the pages routes list from the content (articles, projects, the
 * pages of content/pages/ at their own paths).
 */
function listPages(content: ContentSource): SitemapPage[] {
  const fixed: SitemapPage[] = routes.filter((r) => r.sitemap === 'page').map((r) => ({ path: r.path, locales: LOCALE_CODES }))
  const listed = routes.flatMap((r): SitemapPage[] => {
    if (r.sitemap === 'contentPages') return content.contentPages()
    return r.sitemap && r.sitemap !== 'page' ? itemPages(r, r.sitemap, content) : []
  })
  return fixed.concat(listed)
}

/** Every canonical page URL of the given languages once, with its alternates from computeAlternates. */
export function sitemapEntries(content: ContentSource, origin: string, scope: readonly Locale[]): SitemapEntry[] {
  const entries: SitemapEntry[] = []
  for (const page of listPages(content)) {
    for (const code of scope) {
      if (!page.locales.includes(code)) continue
      const alt = computeAlternates(page.path, code, origin, page.locales)
      entries.push({ loc: alt.canonical, alternates: alt.links, ...(page.lastmod ? { lastmod: page.lastmod } : {}) })
    }
  }
  return entries
}

export function renderSitemap(entries: SitemapEntry[]): string {
  const urls = entries.map((e) => {
    const links = e.alternates.map((a) => `<xhtml:link rel="alternate" hreflang="${escapeHtml(a.hreflang)}" href="${escapeHtml(a.href)}"/>`).join('')
    const lastmod = e.lastmod ? `<lastmod>${escapeHtml(e.lastmod)}</lastmod>` : ''
    return `<url><loc>${escapeHtml(e.loc)}</loc>${lastmod}${links}</url>`
  })
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    urls.join('\n') +
    '\n</urlset>\n'
  )
}
