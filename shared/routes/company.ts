import type { StaticPageId } from '../content'
import { StaticPage, loadStaticPage, type StaticPageData } from '../pages/static-page'
import { organizationLd } from '../structured-data'
import { BASE_LAYOUT, route } from './define'
import type { LayoutOptions, RouteDef, RouteMeta } from './types'

/** Title and description written in the page's Markdown front matter. */
const markdownMeta = ({ data }: { data: StaticPageData }): RouteMeta => ({ title: data.page.title, description: data.page.description })

interface CompanyPage extends Pick<RouteDef<StaticPageData>, 'id' | 'structuredData'> {
  /** Named after its Markdown file: /privacy-policy shows content/pages/privacy-policy.<lang>.md. */
  path: `/${StaticPageId}`
  layout?: LayoutOptions
}

/** A company page: its Markdown in every language, labelled units.nav.<id>, listed in the sitemaps. */
function companyPage({ layout = BASE_LAYOUT, ...def }: CompanyPage) {
  return route<StaticPageData>({
    Component: StaticPage,
    loader: loadStaticPage(def.path.slice(1) as StaticPageId),
    meta: markdownMeta,
    labelKey: `units.nav.${def.id}`,
    layout,
    sitemap: 'page',
    ...def,
  })
}

export const aboutRoute = companyPage({
  id: 'about',
  path: '/about',
  structuredData: ({ site, origin }) => [organizationLd(site, origin)],
})

export const serviceRoute = companyPage({
  id: 'service',
  path: '/service',
  layout: { ...BASE_LAYOUT, background: 'white' },
})

export const greetingRoute = companyPage({
  id: 'greeting',
  path: '/greeting',
  layout: { ...BASE_LAYOUT, background: 'translucent' },
})

export const privacyRoute = companyPage({ id: 'privacy', path: '/privacy-policy' })

export const termsRoute = companyPage({ id: 'terms', path: '/term-of-service' })
