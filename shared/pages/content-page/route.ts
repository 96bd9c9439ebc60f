import { BASE_LAYOUT, route } from '../../routes/define'
import { PATHS } from '../../paths'
import { ContentPageView, type ContentPageData } from './content-page'
import { contentPageLocales, loadContentPage } from './loader.server'

/** The React Router pattern of the content page route: every path no built-in route takes. */
export const CONTENT_PAGE_PATH = PATHS.contentPage

/**
 * A page written in content/pages/ at the path its front matter names (/recruit, /company/history),
 * in the languages it is written in; any other path is a 404. Shown like the company pages.
 */
export const contentPageRoute = route<ContentPageData>({
  id: 'contentPage',
  Component: ContentPageView,
  loader: loadContentPage,
  meta: ({ data }) => ({ title: data.page.title, description: data.page.description }),
  // Unused: the page's own crumb is its title, its menu label its front matter's (see ContentSource.menu).
  labelKey: 'units.nav.home',
  crumbs: (data) => data.ancestors,
  layout: BASE_LAYOUT,
  sitemap: 'contentPages',
  locales: contentPageLocales,
})
