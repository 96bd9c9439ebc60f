import { HomePage, type HomeData } from './home-page'
import { loadHome } from './loader.server'
import { organizationLd } from '../../structured-data'
import { BASE_LAYOUT, pageMeta, route } from '../../routes/define'

/** The home page: hero, services, latest news and featured projects; links the news feed. */
export const homeRoute = route<HomeData>({
  id: 'home',
  Component: HomePage,
  loader: loadHome,
  meta: pageMeta('home'),
  labelKey: 'units.nav.home',
  layout: { ...BASE_LAYOUT, breadcrumb: false },
  sitemap: 'page',
  structuredData: ({ site, origin }) => [organizationLd(site, origin)],
  feed: true,
})
