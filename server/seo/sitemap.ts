import { computeAlternates, type AlternateLink } from '../../shared/alternates'
import type { ContentSource } from '../../shared/content'
import { LOCALE_CODES, type Locale } from '../../shared/i18n/locales'
import { routes } from '../../shared/routes'

export interface SitemapEntry {
  loc: string
  alternates: AlternateLink[]
  lastmod?: string
}

interface Page {
  path: string
  available: readonly Locale[]
  lastmod?: string | undefined
}

function listPages(content: ContentSource): Page[] {
  const pages: Page[] = routes.filter((r) => r.sitemap).map((r) => ({ path: r.path, available: LOCALE_CODES }))
  const news = new Map<string, string>()
  const projects = new Map<string, string>()
  for (const code of LOCALE_CODES) {
    for (const item of content.listNews(code)) news.set(item.slug, item.date)
    for (const item of content.listProjects(code)) projects.set(item.slug, item.completed)
  }
  for (const [slug, date] of news) pages.push({ path: `/news/${slug}`, available: content.newsLocales(slug), lastmod: date })
  for (const [slug, completed] of projects) pages.push({ path: `/construction-project/${slug}`, available: content.projectLocales(slug), lastmod: completed })
  return pages
}

/** Every canonical page URL of the given languages once, with its alternates from computeAlternates. */
export function sitemapEntries(content: ContentSource, origin: string, scope: readonly Locale[]): SitemapEntry[] {
  const entries: SitemapEntry[] = []
  for (const page of listPages(content)) {
    for (const code of scope) {
      if (!page.available.includes(code)) continue
      const alt = computeAlternates(page.path, code, origin, page.available)
      entries.push({ loc: alt.canonical, alternates: alt.links, ...(page.lastmod ? { lastmod: page.lastmod } : {}) })
    }
  }
  return entries
}

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

export function renderSitemap(entries: SitemapEntry[]): string {
  const urls = entries.map((e) => {
    const links = e.alternates.map((a) => `<xhtml:link rel="alternate" hreflang="${xmlEscape(a.hreflang)}" href="${xmlEscape(a.href)}"/>`).join('')
    const lastmod = e.lastmod ? `<lastmod>${xmlEscape(e.lastmod)}</lastmod>` : ''
    return `<url><loc>${xmlEscape(e.loc)}</loc>${lastmod}${links}</url>`
  })
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    urls.join('\n') +
    '\n</urlset>\n'
  )
}
