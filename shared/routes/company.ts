import type { StaticPageId } from '../content'
import { StaticPage, loadStaticPage, type StaticPageData } from '../pages/static-page'
import { organizationLd } from '../structured-data'
import { BASE_LAYOUT, route } from './define'
import type { LayoutOptions, RouteDef, RouteMeta } from './types'
import { PATHS, type Paths } from '../paths'

/** Title and description written in the page's Markdown front matter. */
const markdownMeta = ({ data }: { data: StaticPageData }): RouteMeta => ({ title: data.page.title, description: data.page.description })

/** Ids of the paths named after a Markdown file: /privacy-policy shows content/pages/privacy-policy.<lang>.md. */
type CompanyPageId = { [K in keyof Paths]: Paths[K] extends `/${StaticPageId}` ? K : never }[keyof Paths]

interface CompanyPage extends Pick<RouteDef<StaticPageData>, 'structuredData'> {
  id: CompanyPageId
  layout?: LayoutOptions
}

/** A company page: its Markdown in every language, labelled units.nav.<id>, listed in the sitemaps. */
function companyPage({ layout = BASE_LAYOUT, ...def }: CompanyPage) {
  return route<StaticPageData>({
    Component: StaticPage,
    loader: loadStaticPage(PATHS[def.id].slice(1) as StaticPageId),
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
