import type { LoaderContext } from '../../routes/types'
import type { ContentPageData } from './content-page'

/** '/company/history/1990s' -> ['/company', '/company/history']. */
export function ancestorPaths(path: string): string[] {
  const parts = path.split('/').slice(1, -1)
  return parts.map((_, i) => '/' + parts.slice(0, i + 1).join('/'))
}

/** The page of content/pages/ at the path, with its breadcrumb (every ancestor path that is a page); null (404) when none. */
export function loadContentPage({ params, locale, content }: LoaderContext): ContentPageData | null {
  const path = '/' + (params['*'] ?? '')
  const page = content.contentPage(path, locale)
  if (!page) return null
  const ancestors = ancestorPaths(path).flatMap((p) => content.navLink(p, locale) ?? [])
  return { page, ancestors }
}

/** A content page exists in the languages it is written in. */
export const contentPageLocales = (data: ContentPageData) => data.page.locales
