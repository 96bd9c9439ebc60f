// Session ids rotate, through the real app with the injected clock: a confirmation
// (re-authentication, password or passkey) goes on under a new id and the cookie from before it is worth
// nothing after; a sign-in (password, passkey) ends the session the browser brought. The session keeps its
// start (the absolute limit does not move) and its synchronizer token (open pages keep working).
import t from 'tap'
import { sha256Hex } from '../../../server/staff/tokens'
import { addAccount, clock, codeAt, LOCAL, postForm, postJson, postSignIn, sessionCookie, sessionHeaders, signIn, staffApp, withPasskey } from './web-helper'

const MIN = 60_000
const TOKEN_STEP = { op: 'create', name: 'CI', role: 'responder', days: '30' }

t.test('a confirmation with the password: a new id, the cookie from before dead, the new one recent', async (t) => {
  const time = clock()
  const app = await staffApp(t, time, { staff: { area: true, sessionIdleMs: 30 * MIN, sessionMaxMs: 60 * MIN, auditRetentionMs: 400 * 86_400_000 } })
  const who = await addAccount(app, time)
  const before = await signIn(app, time, who)
  const started = time.now()
  time.advance(6 * MIN)
  t.equal((await postForm(app, '/admin/tokens', before.headers, { _csrf: before.csrf, ...TOKEN_STEP })).headers.location, '/admin/confirm?next=%2Fadmin%2Ftokens', 'not recent: confirm first')
  const ok = await postForm(app, '/admin/confirm', before.headers, { _csrf: before.csrf, next: '/admin/tokens', password: who.password, code: await codeAt(who.totpSecret, time.now()) })
  t.equal(ok.statusCode, 303)
  t.equal(ok.headers.location, '/admin/tokens')
  const after = sessionCookie(ok)
  t.match(String(ok.headers['set-cookie']), /HttpOnly; Secure; SameSite=Strict/, 'the new id in the session cookie')
  t.ok(after.length >= 43 && after !== before.cookie, 'a new id')

  const old = await app.inject({ url: '/admin', headers: before.headers })
  t.equal(old.statusCode, 303, 'the cookie from before: signed out')
  t.equal(old.headers.location, '/admin/sign-in?next=%2Fadmin')
  t.match((await postForm(app, '/admin/tokens', before.headers, { _csrf: before.csrf, ...TOKEN_STEP })).headers.location, /^\/admin\/sign-in/, 'and its steps go to the sign-in page')
  t.equal((await postForm(app, '/admin/tokens', sessionHeaders(after), { _csrf: before.csrf, ...TOKEN_STEP })).statusCode, 200, 'the new one is recent: the step is done, with the token the open pages hold')
  t.equal((await app.staffStore.listAccessTokens()).length, 1)

  const sessions = await app.staffStore.listSessions(who.account.id)
  t.equal(sessions.length, 1, 'the old row ended with it')
  t.match(sessions[0], { idHash: sha256Hex(after), createdAt: started, verifiedAt: time.now() })
  t.match(await app.staffStore.listAudit({ action: 'reauth' }), [{ accountId: who.account.id, target: 'password', outcome: 'ok' }])

  // The start kept: 60 minutes after the sign-in (not the confirmation), however busy.
  for (const at of [30, 55]) {
    time.set(started + at * MIN)
    t.equal((await app.inject({ url: '/admin', headers: sessionHeaders(after) })).statusCode, 200, `in use at ${at} minutes`)
  }
  time.set(started + 60 * MIN + 1)
  t.equal((await app.inject({ url: '/admin', headers: sessionHeaders(after) })).statusCode, 303, 'over at the absolute limit of the sign-in')
})

t.test('a confirmation with a passkey: a new id too', async (t) => {
  const time = clock()
  const app = await staffApp(t, time)
  const who = await addAccount(app, time)
  const authenticator = await withPasskey(app, who, time.now())
  const before = await signIn(app, time, who)
  time.advance(10 * MIN)
  const { options, challengeToken } = (await postJson(app, '/admin/confirm/passkey-options', before.headers, before.csrf, {})).json()
  const ok = await postJson(app, '/admin/confirm/passkey', before.headers, before.csrf, { response: authenticator.get(options.challenge), challengeToken, next: '/admin/tokens' })
  t.same(ok.json(), { ok: true, redirect: '/admin/tokens' })
  const after = sessionCookie(ok)
  t.ok(after.length >= 43 && after !== before.cookie, 'a new id')
  t.equal((await app.inject({ url: '/admin', headers: before.headers })).statusCode, 303, 'the cookie from before: signed out')
  t.equal((await postForm(app, '/admin/tokens', sessionHeaders(after), { _csrf: before.csrf, ...TOKEN_STEP })).statusCode, 200, 'the new one: recent')
})

t.test('two confirmations of one session at once: one renews it, the other goes to the sign-in page', async (t) => {
  const time = clock()
  const app = await staffApp(t, time)
  const who = await addAccount(app, time)
  const before = await signIn(app, time, who)
  time.advance(10 * MIN)
  const confirm = (code: string) => postForm(app, '/admin/confirm', before.headers, { _csrf: before.csrf, next: '/admin/tokens', password: who.password, code })
  const answers = await Promise.all([confirm(who.recoveryCodes[0]!), confirm(who.recoveryCodes[1]!)])
  const renewed = answers.filter((a) => a.headers.location === '/admin/tokens')
  t.equal(renewed.length, 1, 'one renews it')
  t.match(answers.find((a) => a !== renewed[0])!.headers.location, /^\/admin\/sign-in\?next=/, 'the other: to sign in again')
  t.equal((await app.staffStore.listSessions(who.account.id)).length, 1, 'one session, not two')
  t.equal((await app.inject({ url: '/admin', headers: sessionHeaders(sessionCookie(renewed[0]!)) })).statusCode, 200, 'the renewed one works')
})

t.test('a sign-in ends the session the browser brought, whoever\'s it was', async (t) => {
  const time = clock()
  const app = await staffApp(t, time)
  const who = await addAccount(app, time)
  const colleague = await addAccount(app, time, 'editor')
  const first = await signIn(app, time, who)
  time.advance(30_000)
  const elsewhere = await signIn(app, time, who)
  time.advance(30_000)
  const second = await postSignIn(app, { email: who.account.email, password: who.password, code: await codeAt(who.totpSecret, time.now()) }, { cookie: first.headers.cookie })
  t.equal(second.statusCode, 303)
  t.not(sessionCookie(second), first.cookie, 'a new id')
  t.equal((await app.inject({ url: '/admin', headers: first.headers })).statusCode, 303, 'the first cookie is dead')
  t.equal((await app.inject({ url: '/admin', headers: sessionHeaders(sessionCookie(second)) })).statusCode, 200, 'the new one works')
  t.equal((await app.inject({ url: '/admin', headers: elsewhere.headers })).statusCode, 200, 'another browser\'s session goes on')
  t.equal((await app.staffStore.listSessions(who.account.id)).length, 2)

  time.advance(30_000)
  const switched = await postSignIn(app, { email: colleague.account.email, password: colleague.password, code: await codeAt(colleague.totpSecret, time.now()) }, { cookie: sessionHeaders(sessionCookie(second)).cookie })
  t.equal(switched.statusCode, 303, 'another account signs in on that browser')
  t.equal((await app.inject({ url: '/admin', headers: sessionHeaders(sessionCookie(second)) })).statusCode, 303, 'the session it brought is over')
  t.equal((await app.staffStore.listSessions(who.account.id)).length, 1, 'only the other browser\'s is left')
})

t.test('a passkey sign-in ends the session the browser brought', async (t) => {
  const time = clock()
  const app = await staffApp(t, time)
  const who = await addAccount(app, time)
  const authenticator = await withPasskey(app, who, time.now())
  const first = await signIn(app, time, who)
  const { options, challengeToken } = (await postJson(app, '/admin/passkey/options', LOCAL, '', {})).json()
  const signedIn = await postJson(app, '/admin/passkey/sign-in', first.headers, '', { response: authenticator.get(options.challenge), challengeToken, next: '/admin' })
  t.same(signedIn.json(), { ok: true, redirect: '/admin' })
  t.equal((await app.inject({ url: '/admin', headers: first.headers })).statusCode, 303, 'the first cookie is dead')
  t.equal((await app.inject({ url: '/admin', headers: sessionHeaders(sessionCookie(signedIn)) })).statusCode, 200, 'the new one works')
  t.equal((await app.staffStore.listSessions(who.account.id)).length, 1)
})
