import { HomePage, loadHome, type HomeData } from '../pages/home'
import { organizationLd } from '../structured-data'
import { BASE_LAYOUT, pageMeta, route } from './define'

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
