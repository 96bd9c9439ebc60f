// Two replicas on one PostgreSQL (DATABASE_URL, the same FORM_SECRET): a sign-in form served by one is
// sent to the other, the session it starts works on both, and its end on one is its end everywhere.
import t from 'tap'
import { startPostgres } from '../../../scripts/engines.mjs'
import { SESSION_COOKIE } from '../../../server/staff/http/session'
import { freshPgDatabase } from '../contact/helper'
import { testConfig } from '../../helper'
import { addAccount, clock, codeAt, field, FORM, LOCAL, sessionCookie, staffApp } from './web-helper'

t.test('one session, two replicas', async (t) => {
  const postgres = await startPostgres()
  t.teardown(() => postgres.stop())
  const databaseUrl = await freshPgDatabase(postgres, 'staff_web_replicas')
  const shared = { databaseUrl, contact: { ...testConfig().contact, formSecret: 'a-shared-secret-of-the-replicas-0123' } }
  const time = clock()
  const a = await staffApp(t, time, shared)
  const b = await staffApp(t, time, shared)
  const who = await addAccount(a, time, 'responder')

  const form = await a.inject({ url: '/admin/sign-in', headers: LOCAL })
  const fields = { _token: field(form.body, '_token'), email: who.account.email, password: who.password, code: await codeAt(who.totpSecret, time.now()) }
  const signedIn = await b.inject({ method: 'POST', url: '/admin/sign-in', headers: FORM, payload: new URLSearchParams(fields).toString() })
  t.equal(signedIn.statusCode, 303, "replica B takes replica A's form")
  const headers = { ...LOCAL, cookie: `${SESSION_COOKIE}=${sessionCookie(signedIn)}` }
  const onA = await a.inject({ url: '/admin', headers })
  t.equal(onA.statusCode, 200, 'the session works on replica A')
  t.equal((await b.inject({ url: '/admin', headers })).statusCode, 200, 'and on replica B')
  const resent = await a.inject({ method: 'POST', url: '/admin/sign-in', headers: FORM, payload: new URLSearchParams(fields).toString() })
  t.equal(resent.statusCode, 401, 'the code used on B is refused on A (each code once, across replicas)')

  const out = await a.inject({ method: 'POST', url: '/admin/sign-out', headers: { ...headers, 'content-type': FORM['content-type'] }, payload: `_csrf=${field(onA.body, '_csrf')}` })
  t.equal(out.statusCode, 303)
  t.equal((await b.inject({ url: '/admin', headers })).statusCode, 303, 'signed out on A: over on B at once')
})
