// Every staff POST has a body schema, declared with its action in the family's route.ts: a form's fields
// are strings, known ones only; a JSON step's likewise. A body the schema refuses is the staff 400 page in
// the staff member's language (JSON for a JSON step), checked after Origin, the role and the session's
// token, through the real app.
import t from 'tap'
import { SITE } from '../../helper'
import { addAccount, clock, FORM, LOCAL, postForm, postJson, signIn, staffApp } from './web-helper'

const invalidPage = (body: string, lang: string) => body.includes('data-reason="invalid"') && body.includes(`<html lang="${lang}"`)

t.test('a body its schema refuses: the localised 400, after the guards', async (t) => {
  const time = clock()
  const app = await staffApp(t, time)
  const admin = await addAccount(app, time, 'admin')
  const session = await signIn(app, time, admin)
  const form = (url: string, fields: Record<string, string>) => postForm(app, url, session.headers, { _csrf: session.csrf, ...fields })

  const known = await form('/admin/sessions', { session: 'no-such-row' })
  t.equal(known.statusCode, 404, 'known fields: the form is answered (no such session)')
  const unknown = await form('/admin/sessions', { session: 'no-such-row', extra: '1' })
  t.equal(unknown.statusCode, 400, 'an unknown field: 400')
  t.ok(invalidPage(unknown.body, 'ja'), 'the staff error page, in the account\'s language (Japanese)')
  const twice = await app.inject({ method: 'POST', url: '/admin/sessions', headers: { ...session.headers, 'content-type': FORM['content-type'] }, payload: `_csrf=${session.csrf}&session=a&session=b` })
  t.equal(twice.statusCode, 400, 'a field the form sends once, sent twice: 400')

  t.equal((await form('/admin/language', { locale: 'en', next: '/admin' })).statusCode, 303, 'English chosen')
  const english = await form('/admin/tokens', { op: 'bogus' })
  t.equal(english.statusCode, 400, 'an intent no form of the page has: 400')
  t.ok(invalidPage(english.body, 'en'), 'in English now')
  t.equal((await form('/admin/tokens', {})).statusCode, 400, 'no intent on a path of several forms: 400')

  const json = await postJson(app, '/admin/confirm/passkey', session.headers, session.csrf, { challengeToken: 5 })
  t.equal(json.statusCode, 400, 'a JSON step with a value that is not a string: 400')
  t.same(json.json(), { ok: false, statusCode: 400 }, 'in JSON, for its script')

  // The guards come first: what the schema would refuse is refused as the guards say.
  t.equal((await postForm(app, '/admin/sessions', session.headers, { _csrf: 'wrong', extra: '1' })).statusCode, 403, 'a wrong token: 403')
  const crossSite = await app.inject({ method: 'POST', url: '/admin/sessions', headers: { ...session.headers, 'content-type': FORM['content-type'], origin: 'https://evil.example' }, payload: 'extra=1' })
  t.equal(crossSite.statusCode, 403, 'from another site: 403')
  const nobody = await postForm(app, '/admin/sessions', LOCAL, { extra: '1' })
  t.equal(nobody.statusCode, 303, 'nobody signed in: to the sign-in page')
  t.match(String(nobody.headers.location), /^\/admin\/sign-in\?next=/)
})

t.test('the forms anyone may send: the same 400, in the visitor\'s language', async (t) => {
  const app = await staffApp(t, clock())
  const res = await app.inject({ method: 'POST', url: '/admin/sign-in?lang=en', headers: { ...FORM, origin: SITE }, payload: 'email=a%40example.test&admin=1' })
  t.equal(res.statusCode, 400)
  t.ok(invalidPage(res.body, 'en'), 'the staff error page in English (?lang=en)')
})
