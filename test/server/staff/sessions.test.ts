// Sessions by the injected clock: 30 minutes idle, 12 hours absolute (the settings), each use moving the
// idle limit; sign-out and ending one's own sessions by POST with the session's synchronizer token; every
// end audited; a GET never changes anything.
import t from 'tap'
import { SESSION_COOKIE } from '../../../server/staff/http/session'
import { addAccount, clock, FORM, LOCAL, signIn, staffApp } from './web-helper'

const MINUTE = 60_000

t.test('idle and absolute expiry, by the clock', async (t) => {
  const time = clock()
  const app = await staffApp(t, time)
  const who = await addAccount(app, time, 'responder')
  const { headers } = await signIn(app, time, who)
  const home = () => app.inject({ url: '/admin', headers })
  time.advance(29 * MINUTE)
  t.equal((await home()).statusCode, 200, 'used within 30 minutes')
  time.advance(29 * MINUTE)
  t.equal((await home()).statusCode, 200, 'each use moves the idle limit')
  time.advance(30 * MINUTE + 1)
  const idle = await home()
  t.equal(idle.statusCode, 303, 'idle for 30 minutes: over')
  t.equal(idle.headers.location, '/admin/sign-in?next=%2Fadmin')
  time.advance(MINUTE)
  t.equal((await home()).statusCode, 303, 'and stays over')
  t.equal((await app.staffStore.listAudit({ action: 'session.expire' })).length, 1, 'the end audited once')

  const again = await signIn(app, time, who)
  const started = time.now()
  while (time.now() - started < 12 * 60 * MINUTE - 20 * MINUTE) {
    time.advance(20 * MINUTE)
    t.equal((await app.inject({ url: '/admin', headers: again.headers })).statusCode, 200)
  }
  time.set(started + 12 * 60 * MINUTE + 1)
  t.equal((await app.inject({ url: '/admin', headers: again.headers })).statusCode, 303, 'busy or not, over after 12 hours')
})

t.test('the limits come from the settings', async (t) => {
  const time = clock()
  const app = await staffApp(t, time, { staff: { area: true, sessionIdleMs: 5 * MINUTE, sessionMaxMs: 60 * MINUTE, auditRetentionMs: 400 * 86_400_000 } })
  const who = await addAccount(app, time)
  const { headers } = await signIn(app, time, who)
  time.advance(5 * MINUTE + 1)
  t.equal((await app.inject({ url: '/admin', headers })).statusCode, 303)
})

t.test('sign-out: a POST with the session\'s token; the old cookie is worth nothing after', async (t) => {
  const time = clock()
  const app = await staffApp(t, time)
  const who = await addAccount(app, time, 'editor')
  const { headers, csrf } = await signIn(app, time, who)
  t.ok(csrf.length >= 43, 'the shell carries the token')
  t.equal((await app.inject({ url: '/admin/sign-out', headers })).statusCode, 405, 'a GET signs nobody out')
  for (const token of ['', 'wrong', csrf.slice(0, -1)]) {
    const refused = await app.inject({ method: 'POST', url: '/admin/sign-out', headers: { ...headers, 'content-type': FORM['content-type'] }, payload: `_csrf=${token}` })
    t.equal(refused.statusCode, 403, `token ${JSON.stringify(token.slice(0, 6))}: refused`)
  }
  t.equal((await app.inject({ url: '/admin', headers })).statusCode, 200, 'still signed in')
  const out = await app.inject({ method: 'POST', url: '/admin/sign-out', headers: { ...headers, 'content-type': FORM['content-type'] }, payload: `_csrf=${csrf}` })
  t.equal(out.statusCode, 303)
  t.equal(out.headers.location, '/admin/sign-in?signedOut=1')
  t.match(String(out.headers['set-cookie']), new RegExp(`${SESSION_COOKIE}=;.*Expires=Thu, 01 Jan 1970`), 'the cookie cleared')
  t.equal((await app.inject({ url: '/admin', headers })).statusCode, 303, 'the old cookie no longer works')
  const signedOut = await app.inject({ url: '/admin/sign-in?signedOut=1', headers: LOCAL })
  t.match(signedOut.body, 'data-notice="signedOut"')
  t.same((await app.staffStore.listAudit({ action: 'signout' })).map((a) => a.accountId), [who.account.id])
  t.equal((await app.staffStore.listAudit({ action: 'request.refused' })).length, 3, 'the refused POSTs audited')
})

t.test('a staff member sees their sessions and ends any', async (t) => {
  const time = clock()
  const app = await staffApp(t, time)
  const who = await addAccount(app, time)
  const laptop = await signIn(app, time, who, { 'user-agent': 'Laptop Browser/1.0' })
  time.advance(31_000)
  const phone = await signIn(app, time, who, { 'user-agent': 'Phone Browser/2.0' })
  const other = await signIn(app, time, await addAccount(app, time, 'editor'))
  const list = await app.inject({ url: '/admin/sessions', headers: { ...laptop.headers, 'user-agent': 'Laptop Browser/1.0' } })
  t.equal(list.statusCode, 200)
  t.match(list.body, 'Laptop Browser/1.0')
  t.match(list.body, 'Phone Browser/2.0')
  t.equal((list.body.match(/<tr data-current=""/g) ?? []).length, 1, 'this browser marked')
  t.equal((list.body.match(/name="session" value="/g) ?? []).length, 2, 'only this account\'s sessions')
  t.notMatch(list.body, phone.cookie, 'never a session id')
  const keys = [...list.body.split('<tbody>')[1]!.matchAll(/<tr( data-current="")?>[\s\S]*?name="session" value="([^"]+)"/g)].map((m) => ({ current: !!m[1], key: m[2]! }))
  const phoneKey = keys.find((k) => !k.current)!.key
  const end = (headers: Record<string, string>, csrf: string, key: string) =>
    app.inject({ method: 'POST', url: '/admin/sessions', headers: { ...headers, 'content-type': FORM['content-type'] }, payload: new URLSearchParams({ _csrf: csrf, session: key }).toString() })
  t.equal((await end(other.headers, other.csrf, phoneKey)).statusCode, 404, 'not another account\'s session')
  t.equal((await app.inject({ url: '/admin', headers: phone.headers })).statusCode, 200, 'the phone still signed in')
  const ended = await end(laptop.headers, laptop.csrf, phoneKey)
  t.equal(ended.statusCode, 200)
  t.notMatch(ended.body, 'Phone Browser/2.0')
  t.equal((await app.inject({ url: '/admin', headers: phone.headers })).statusCode, 303, 'the phone is signed out')
  const own = keys.find((k) => k.current)!.key
  const self = await end(laptop.headers, laptop.csrf, own)
  t.equal(self.headers.location, '/admin/sign-in?signedOut=1', 'ending this one is signing out')
  t.equal((await app.inject({ url: '/admin', headers: laptop.headers })).statusCode, 303)
  t.equal((await app.staffStore.listAudit({ action: 'session.end' })).length, 2)
})

t.test('a signed-in staff member\'s language is kept with the account', async (t) => {
  const time = clock()
  const app = await staffApp(t, time)
  const who = await addAccount(app, time)
  const { headers, csrf } = await signIn(app, time, who)
  const change = await app.inject({ method: 'POST', url: '/admin/language', headers: { ...headers, 'content-type': FORM['content-type'] }, payload: new URLSearchParams({ _csrf: csrf, locale: 'en', next: '/admin/sessions' }).toString() })
  t.equal(change.statusCode, 303)
  t.equal(change.headers.location, '/admin/sessions')
  const page = await app.inject({ url: '/admin', headers: { ...headers, 'accept-language': 'ja' } })
  t.match(page.body, '<html lang="en">')
  t.match(page.body, /<title>Home \| Staff<\/title>/)
  t.equal((await app.staffStore.findAccount(who.account.id))!.locale, 'en')
  const offsite = await app.inject({ method: 'POST', url: '/admin/language', headers: { ...headers, 'content-type': FORM['content-type'] }, payload: new URLSearchParams({ _csrf: csrf, locale: 'ja', next: '//evil.example/admin' }).toString() })
  t.equal(offsite.headers.location, '/admin', 'never off the staff area')
})

t.test('signed in, ?lang= is a page\'s own parameter (the inbox\'s language filter): the account\'s language stays', async (t) => {
  const time = clock()
  const app = await staffApp(t, time)
  const { headers } = await signIn(app, time, await addAccount(app, time))
  t.match((await app.inject({ url: '/admin?lang=en', headers })).body, '<html lang="ja">')
  t.match((await app.inject({ url: '/admin/sign-in?lang=en', headers: LOCAL })).body, '<html lang="en">', 'before sign-in it is the language links\' choice')
})
