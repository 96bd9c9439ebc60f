import { StaticPage, type CompanyPageId, type StaticPageData } from './company-page'
import { loadCompanyPage } from './loader.server'
import { organizationLd } from '../../structured-data'
import { BASE_LAYOUT, route } from '../../routes/define'
import type { LayoutOptions, RouteDef, RouteMeta } from '../../routes/types'

/** Title and description written in the page's Markdown front matter. */
const markdownMeta = ({ data }: { data: StaticPageData }): RouteMeta => ({ title: data.page.title, description: data.page.description })

interface CompanyPage extends Pick<RouteDef<StaticPageData>, 'structuredData'> {
  id: CompanyPageId
  layout?: LayoutOptions
}

/** A company page: its Markdown in every language, labelled units.nav.<id>, listed in the sitemaps. */
function companyPage({ layout = BASE_LAYOUT, ...def }: CompanyPage) {
  return route<StaticPageData>({
    Component: StaticPage,
    loader: loadCompanyPage,
    meta: markdownMeta,
    labelKey: `units.nav.${def.id}`,
    layout,
    sitemap: 'page',
    ...def,
  })
}

export const aboutRoute = companyPage({
  id: 'about',
  structuredData: ({ site, origin }) => [organizationLd(site, origin)],
})

export const serviceRoute = companyPage({
  id: 'service',
  layout: { ...BASE_LAYOUT, background: 'white' },
})

export const greetingRoute = companyPage({
  id: 'greeting',
  layout: { ...BASE_LAYOUT, background: 'translucent' },
})

export const privacyRoute = companyPage({ id: 'privacy' })

export const termsRoute = companyPage({ id: 'terms' })
