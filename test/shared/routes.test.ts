import t from 'tap'
import { findRoute, menuItems, routeChain, routes, SLUG_PATTERN } from '../../shared/routes'

t.test('the header and footer menus come from the route table, in their places', async (t) => {
  const links = (menu: 'header' | 'footer') => menuItems(menu).map((r) => [r.path, r.labelKey])
  const header = [
    ['/about', 'units.nav.about'],
    ['/service', 'units.nav.service'],
    ['/greeting', 'units.nav.greeting'],
    ['/construction-project', 'units.nav.projects'],
    ['/news', 'units.nav.news'],
  ]
  t.same(links('header'), header, 'header: the company pages, projects, news')
  const footerOnly = [
    ['/contact', 'units.nav.contact'],
    ['/privacy-policy', 'units.nav.privacy'],
    ['/term-of-service', 'units.nav.terms'],
  ]
  t.same(links('footer'), [...header, ...footerOnly], 'footer: the header menu, then contact, privacy and terms')
  for (const menu of ['header', 'footer'] as const) {
    const places = routes.flatMap((r) => (r.menus?.[menu] === undefined ? [] : [r.menus[menu]]))
    t.equal(new Set(places).size, places.length, `${menu}: no two routes share a place`)
  }
})

t.test('each route is defined once, and detail routes list their items in the sitemaps', async (t) => {
  t.equal(new Set(routes.map((r) => r.id)).size, routes.length, 'ids are unique')
  t.equal(new Set(routes.map((r) => r.path)).size, routes.length, 'paths are unique')
  for (const r of routes) {
    t.equal(findRoute(r.id), r, `${r.id} is found by its id`)
    if (typeof r.sitemap === 'object') t.ok(r.slugParam, `${r.id}: content items are listed by their slug`)
    if (r.slugParam) {
      t.ok(r.path.includes(`:${r.slugParam}`), `${r.id}: its path names the slug`)
      t.type(r.sitemap, 'object', `${r.id}: its sitemap lists content items`)
    } else if (!r.noindex) {
      t.equal(r.sitemap, 'page', `${r.id}: listed as one page`)
    } else {
      t.equal(r.sitemap, undefined, `${r.id}: not indexed, not listed`)
    }
  }
  t.ok(SLUG_PATTERN.test('2026-04-new-office') && !SLUG_PATTERN.test('../x'))
})

t.test('breadcrumb chains follow each route\'s parent up to home', async (t) => {
  t.same(routeChain('home').map((r) => r.id), ['home'])
  t.same(routeChain('about').map((r) => r.id), ['home', 'about'])
  t.same(routeChain('newsDetail').map((r) => r.id), ['home', 'news', 'newsDetail'])
  t.same(routeChain('projectDetail').map((r) => r.id), ['home', 'projects', 'projectDetail'])
  t.same(routeChain('contactSuccess').map((r) => r.id), ['home', 'contact', 'contactSuccess'])
})
