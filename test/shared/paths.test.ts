import t from 'tap'
import { href, matchesPattern, PATHS } from '../../shared/paths'
import { routes } from '../../shared/routes'

t.test('href fills the pattern, encoding each parameter', async (t) => {
  t.equal(href('home'), '/')
  t.equal(href('about'), '/about')
  t.equal(href('projects'), '/construction-project')
  t.equal(href('newsFeed'), '/news/feed.xml')
  t.equal(href('newsDetail', { slug: 'new-office' }), '/news/new-office')
  t.equal(href('projectDetail', { slug: 'a b/c?d#e' }), '/construction-project/a%20b%2Fc%3Fd%23e', 'a parameter stays one segment')
  t.equal(href('newsDetail', { slug: '日本' }), '/news/%E6%97%A5%E6%9C%AC')
})

t.test('href throws on a missing or empty parameter', async (t) => {
  t.throws(() => (href as any)('newsDetail'), /href newsDetail: no slug/)
  t.throws(() => (href as any)('newsDetail', {}), /no slug/)
  t.throws(() => href('newsDetail', { slug: '' }), /no slug/)
})

t.test('href is typed: parameters exactly when the pattern has them', async (t) => {
  // Checked by `tsc --noEmit` (test/ is in tsconfig): each line below is an error the compiler must report.
  // @ts-expect-error the pattern has a :slug
  t.throws(() => href('newsDetail'))
  // @ts-expect-error the pattern has no parameter
  t.equal(href('about', { slug: 'x' }), '/about')
  // @ts-expect-error the parameter is named slug
  t.throws(() => href('projectDetail', { id: 'x' }))
  // @ts-expect-error the content pages' catch-all is no link target
  t.ok(href('contentPage') !== undefined)
})

t.test('matchesPattern: fixed segments equal, each :param one non-empty segment', async (t) => {
  t.ok(matchesPattern('/', '/'))
  t.ok(matchesPattern('/news', '/news'))
  t.ok(matchesPattern('/news/:slug', '/news/a-b'))
  t.notOk(matchesPattern('/news/:slug', '/news/'), 'an empty parameter')
  t.notOk(matchesPattern('/news/:slug', '/news'))
  t.notOk(matchesPattern('/news/:slug', '/news/a/b'))
  t.notOk(matchesPattern('/news', '/newsroom'))
  t.notOk(matchesPattern('/', '/about'))
})

t.test('every route takes its path from the table, under its own id', async (t) => {
  for (const r of routes) t.equal(r.path, PATHS[r.id as keyof typeof PATHS], `${r.id}: ${r.path}`)
})
