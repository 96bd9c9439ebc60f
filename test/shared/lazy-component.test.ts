import t from 'tap'
import { isLazy, lazyComponent } from '../../shared/lazy-component'
import { findRoute, loadRouteComponent, routeComponent, routeModules } from '../../shared/routes'

const Page = () => null

t.test('loads once, remembers the component, retries after a failure', async (t) => {
  let calls = 0
  let fail = true
  const lazy = lazyComponent('x.tsx', async () => {
    calls++
    if (fail) throw new Error('chunk gone')
    return { default: Page }
  })
  t.ok(isLazy(lazy))
  t.notOk(isLazy(Page), 'a plain component is not lazy')
  t.equal(lazy.loaded, undefined, 'nothing before load()')
  await t.rejects(lazy.load(), /chunk gone/)
  t.equal(lazy.loaded, undefined, 'a failure leaves it unloaded')
  fail = false
  const [a, b] = await Promise.all([lazy.load(), lazy.load()])
  t.equal(a, Page)
  t.equal(b, Page)
  t.equal(lazy.loaded, Page)
  await lazy.load()
  t.equal(calls, 2, 'one failed try, then one load for every later caller')
})

t.test('the contact route is split; its component is there once loaded', async (t) => {
  const contact = findRoute('contact')!
  t.same(routeModules(contact), ['shared/pages/contact/form-page.tsx'])
  t.same(routeModules(findRoute('home')!), [], 'home is in the entry')
  t.ok(routeComponent(findRoute('home')!), 'entry pages are always ready')
  await loadRouteComponent(contact)
  t.equal(typeof routeComponent(contact), 'function')
})
