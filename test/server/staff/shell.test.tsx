// The staff shell as the server renders it: the left navigation lists only what the role may open,
// folds into a <details> menu (one navigation of each kind), the user menu signs out by POST with the
// session's token, and the sign-in card asks for what password managers and tests look for.
import t from 'tap'
import { renderToStaticMarkup } from 'react-dom/server'
import { StaffApp, staffPageTitle } from '../../../shared/admin/app'
import { mayOpen, staffNavFor, staffRoutes } from '../../../shared/admin/routes'
import { STAFF_ROLES, type StaffRole } from '../../../shared/admin/roles'
import type { StaffPageState } from '../../../shared/admin/state'
import { isRole } from '../../../server/staff/types'
import { staffTranslators } from '../../../server/i18n/staff-catalog'

const translators = staffTranslators((key) => {
  throw new Error(`missing ${key}`)
})

function state(over: Partial<StaffPageState>): StaffPageState {
  return { locale: 'ja', path: '/admin', routeId: 'home', params: {}, data: null, error: null, buildId: 'b', viewer: null, nav: staffNavFor(over.viewer?.role ?? null), csrf: '', ...over }
}
const render = (s: StaffPageState) => renderToStaticMarkup(<StaffApp state={s} t={translators[s.locale]} />)
const navLinks = (html: string) => [...(/<nav class="staff-nav staff-nav--wide"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '').matchAll(/href="([^"]+)"/g)].map((m) => m[1])

t.test('the server knows a role by the pages\' list', async (t) => {
  for (const role of STAFF_ROLES) t.ok(isRole(role), role)
  for (const value of ['owner', 'Admin', '', null, 1]) t.notOk(isRole(value), `not a role: ${JSON.stringify(value)}`)
})

t.test('the navigation lists exactly the routes the role may open', async (t) => {
  for (const role of STAFF_ROLES) {
    const html = render(state({ viewer: { name: '山田', email: 'y@example.test', role }, csrf: 'tok' }))
    const expected = staffRoutes.filter((r) => r.navKey && mayOpen(r.access, role)).map((r) => r.path)
    t.same(navLinks(html), expected, `${role}`)
    t.equal((html.match(/<details class="staff-nav staff-nav--narrow">/g) ?? []).length, 1, 'the narrow menu is a <details>')
    t.match(html, /<form(?=[^>]*method="post")[^>]*action="\/admin\/sign-out"[^>]*><input type="hidden" name="_csrf" value="tok"\/>/, 'sign out: a POST with the token')
    t.match(html, '山田', 'the signed-in name')
    t.match(html, translators.ja(`staff.roles.${role as StaffRole}`))
  }
  const nobody = render(state({ routeId: 'signIn', path: '/admin/sign-in' }))
  t.same(navLinks(nobody), [], 'no navigation before sign-in')
  t.notMatch(nobody, 'staff-header', 'no shell before sign-in')
})

t.test('the sign-in card: passkey first, then address, password, code with their autocomplete tokens', async (t) => {
  for (const locale of ['ja', 'en'] as const) {
    const s = state({ locale, routeId: 'signIn', path: '/admin/sign-in' })
    const html = render(s)
    const order = ['data-passkey', 'autoComplete="username webauthn"', 'autoComplete="current-password"', 'autoComplete="one-time-code"'].map((m) => html.indexOf(m))
    t.ok(order.every((i, n) => i >= 0 && (n === 0 || i > order[n - 1]!)), `${locale}: in order ${order.join(' < ')}`)
    t.match(html, /<input type="email"|type="email"/)
    t.match(staffPageTitle(s, translators[locale]), locale === 'ja' ? /管理画面$/ : /Staff$/, 'the title ends with the area\'s name')
  }
  const failed = render(state({ routeId: 'signIn', path: '/admin/sign-in', data: { email: 'a@example.test', notice: 'failed', token: 'x' } }))
  t.match(failed, 'role="alert"')
  t.match(failed, 'value="a@example.test"', 'the address typed is kept')
})
