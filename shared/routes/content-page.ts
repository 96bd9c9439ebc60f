import type { ContentPage, NavLink } from '../content'
import { ContentPageView } from '../pages/static-page'
import { BASE_LAYOUT, route } from './define'
import { PATHS } from '../paths'

/** The React Router pattern of the content page route: every path no built-in route takes. */
export const CONTENT_PAGE_PATH = PATHS.contentPage

export interface ContentPageData {
  page: ContentPage
  /** The breadcrumb between home and the page: every ancestor path that is a page of the site. */
  ancestors: NavLink[]
}

/** '/company/history/1990s' -> ['/company', '/company/history']. */
export function ancestorPaths(path: string): string[] {
  const parts = path.split('/').slice(1, -1)
  return parts.map((_, i) => '/' + parts.slice(0, i + 1).join('/'))
}

/**
 * A page written in content/pages/ at the path its front matter names (/recruit, /company/history),
 * in the languages it is written in; any other path is a 404. Shown like the company pages.
 */
export const contentPageRoute = route<ContentPageData>({
  id: 'contentPage',
  Component: ContentPageView,
  loader: ({ params, locale, content }) => {
    const path = '/' + (params['*'] ?? '')
    const page = content.contentPage(path, locale)
    if (!page) return null
    const ancestors = ancestorPaths(path).flatMap((p) => content.navLink(p, locale) ?? [])
    return { page, ancestors }
  },
  meta: ({ data }) => ({ title: data.page.title, description: data.page.description }),
  // Unused: the page's own crumb is its title, its menu label its front matter's (see ContentSource.menu).
  labelKey: 'units.nav.home',
  crumbs: (data) => data.ancestors,
  layout: BASE_LAYOUT,
  sitemap: 'contentPages',
  locales: (data) => data.page.locales,
})
