import type { StaticPageId } from '../../content'
import type { LoaderContext } from '../../routes/types'
import { PATHS } from '../../paths'
import type { CompanyPageId, StaticPageData } from './company-page'

/**
 * A company page's Markdown (its path names the file: /privacy-policy shows
 * content/pages/privacy-policy.<lang>.md) in the language asked for, with its picture (greeting: the
 * photo; about: the access map).
 */
export function loadCompanyPage({ routeId, locale, content }: LoaderContext): StaticPageData {
  const id = PATHS[routeId as CompanyPageId].slice(1) as StaticPageId
  const imageName = id === 'greeting' ? 'greeting' : id === 'about' ? 'access-map' : null
  const image = imageName ? content.siteImage(imageName) : undefined
  return { id, page: content.page(id, locale), ...(image ? { image } : {}) }
}
