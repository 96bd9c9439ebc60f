import t from 'tap'
import { findRoute, routeChain, routes, SLUG_PATTERN } from '../../shared/routes'

t.test('the built-in pages keep their labels; the content page route comes last and takes every other path', async (t) => {
  const labels = routes.filter((r) => r.id !== 'contentPage').map((r) => [r.path, r.labelKey])
  t.same(labels.slice(0, 5), [
    ['/', 'units.nav.home'],
    ['/about', 'units.nav.about'],
    ['/service', 'units.nav.service'],
    ['/greeting', 'units.nav.greeting'],
    ['/news', 'units.nav.news'],
  ])
  t.equal(routes.at(-1), findRoute('contentPage'), 'the content page route is the last of the table')
  t.equal(routes.at(-1)!.path, '*')
})

t.test('each route is defined once, and detail routes list their items in the sitemaps', async (t) => {
  t.equal(new Set(routes.map((r) => r.id)).size, routes.length, 'ids are unique')
  t.equal(new Set(routes.map((r) => r.path)).size, routes.length, 'paths are unique')
  for (const r of routes) {
    t.equal(findRoute(r.id), r, `${r.id} is found by its id`)
    if (typeof r.sitemap === 'object') t.ok(r.slugParam, `${r.id}: content items are listed by their slug`)
    if (r.id === 'contentPage') {
      t.equal(r.sitemap, 'contentPages', 'content pages are listed at their own paths')
    } else if (r.slugParam) {
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
