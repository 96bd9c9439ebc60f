// Password + TOTP sign-in through the real form: the __Host- cookie, a new id at every sign-in, each code
// once, recovery codes once, the same answer for an unknown address, throttling, the form's token and
// Origin, every attempt audited.
import t from 'tap'
import { SESSION_COOKIE } from '../../../server/staff/http/session'
import { addAccount, clock, codeAt, entries, FORM, LOCAL, postSignIn, sessionCookie, signIn, staffApp } from './web-helper'

t.test('password and code: a new session in a __Host- cookie, then the staff home', async (t) => {
  const time = clock()
  const app = await staffApp(t, time)
  const who = await addAccount(app, time, 'editor')
  const res = await postSignIn(app, { email: who.account.email.toUpperCase(), password: who.password, code: await codeAt(who.totpSecret, time.now()) })
  t.equal(res.statusCode, 303)
  t.equal(res.headers.location, '/admin')
  const setCookie = String(res.headers['set-cookie'])
  t.match(setCookie, new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{43};`), 'a random id')
  for (const attribute of ['HttpOnly', 'Secure', 'SameSite=Strict', 'Path=/']) t.match(setCookie, attribute)
  t.notMatch(setCookie, /Domain=/i, 'no Domain (a __Host- cookie)')
  const home = await app.inject({ url: '/admin', headers: { ...LOCAL, cookie: `${SESSION_COOKIE}=${sessionCookie(res)}` } })
  t.equal(home.statusCode, 200)
  t.match(home.body, 'editor 太郎', 'signed in: the shell with the name')
  const audit = await app.staffStore.listAudit({ action: 'signin' })
  t.same(audit.map((a) => [a.accountId, a.outcome, a.address]), [[who.account.id, 'ok', '127.0.0.1']])
})

t.test('a new id at every sign-in, never the one the browser brought', async (t) => {
  const time = clock()
  const app = await staffApp(t, time)
  const who = await addAccount(app, time)
  const first = await signIn(app, time, who)
  time.advance(30_000)
  const second = await postSignIn(app, { email: who.account.email, password: who.password, code: await codeAt(who.totpSecret, time.now()) }, { cookie: `${SESSION_COOKIE}=${first.cookie}` })
  t.equal(second.statusCode, 303)
  t.not(sessionCookie(second), first.cookie, 'a fresh id')
  t.ok(sessionCookie(second).length >= 43)
})

t.test('each TOTP code once; each recovery code once', async (t) => {
  const time = clock()
  const app = await staffApp(t, time)
  const who = await addAccount(app, time)
  const code = await codeAt(who.totpSecret, time.now())
  t.equal((await postSignIn(app, { email: who.account.email, password: who.password, code })).statusCode, 303)
  t.equal((await postSignIn(app, { email: who.account.email, password: who.password, code })).statusCode, 401, 'the same code again')
  const recovery = who.recoveryCodes[3]!
  t.equal((await postSignIn(app, { email: who.account.email, password: who.password, code: recovery.toUpperCase().replace(/-/g, ' ') })).statusCode, 303, 'a recovery code, typed loosely')
  t.equal((await postSignIn(app, { email: who.account.email, password: who.password, code: recovery })).statusCode, 401, 'not twice')
  t.equal(await app.staffStore.unusedRecoveryCodes(who.account.id), 9)
})

/** The page without its per-request token (what differs between any two answers). */
const withoutToken = (html: string) => html.replace(/name="_token" value="[^"]*"/, '').replace(/"token":"[^"]*"/, '')

t.test('an unknown address gets exactly the answer of a wrong password', async (t) => {
  const time = clock()
  const app = await staffApp(t, time)
  const who = await addAccount(app, time)
  const code = await codeAt(who.totpSecret, time.now())
  const wrong = await postSignIn(app, { email: who.account.email, password: 'not the password at all', code })
  const unknown = await postSignIn(app, { email: 'nobody@example.test', password: 'not the password at all', code })
  const disabledWho = await addAccount(app, time, 'responder')
  await app.staffStore.updateAccount(disabledWho.account.id, { disabled: true }, { at: time.now(), accountId: null, address: 'cli', action: 'account.disable', target: '', outcome: 'ok' })
  const disabled = await postSignIn(app, { email: disabledWho.account.email, password: disabledWho.password, code: await codeAt(disabledWho.totpSecret, time.now()) })
  const rightNoCode = await postSignIn(app, { email: who.account.email, password: who.password, code: '000000' })
  for (const res of [wrong, unknown, disabled, rightNoCode]) {
    t.equal(res.statusCode, 401)
    t.equal(sessionCookie(res), '', 'no session')
    t.match(res.body, 'data-notice="failed"')
  }
  const html = withoutToken(wrong.body).replaceAll(who.account.email, 'ADDRESS')
  t.ok(withoutToken(unknown.body).replaceAll('nobody@example.test', 'ADDRESS') === html, 'byte for byte, but the address typed')
  const failed = await app.staffStore.listAudit({ action: 'signin.failed' })
  t.equal(entries(failed), 4, `every failure audited (those of no account in one row): ${failed.map((a) => [a.action, a.target, a.accountId, a.outcome].join('/')).join(', ')}`)
  t.ok(failed.every((a) => a.outcome === 'failed' && a.address === '127.0.0.1'))
  t.notMatch(JSON.stringify(failed), /nobody@example|not the password|000000/, 'never the address typed, the password or the code')
})

t.test('guessing is slowed per account and per address, never locked', async (t) => {
  const time = clock()
  const app = await staffApp(t, time)
  const who = await addAccount(app, time)
  for (let i = 0; i < 5; i++) t.equal((await postSignIn(app, { email: who.account.email, password: `guess ${i} guess guess`, code: '123456' })).statusCode, 401)
  const slowed = await postSignIn(app, { email: who.account.email, password: who.password, code: await codeAt(who.totpSecret, time.now()) })
  t.equal(slowed.statusCode, 429, 'even the right password waits')
  t.match(slowed.body, 'data-notice="throttled"')
  t.ok(Number(slowed.headers['retry-after']) >= 1, 'Retry-After')
  const otherAccount = await postSignIn(app, { email: 'someone-else@example.test', password: 'x'.repeat(12), code: '123456' }, {})
  t.equal(otherAccount.statusCode, 429, 'the same address, another account: slowed too')
  const elsewhere = await postSignIn(app, { email: 'someone-else@example.test', password: 'x'.repeat(12), code: '123456' }, {})
  t.equal(elsewhere.statusCode, 429)
  time.advance(Number(slowed.headers['retry-after']) * 1000)
  const later = await postSignIn(app, { email: who.account.email, password: who.password, code: await codeAt(who.totpSecret, time.now()) })
  t.equal(later.statusCode, 303, 'after the wait, the right password signs in')
  t.ok((await app.staffStore.listAudit({ action: 'signin.throttled' })).length >= 1, 'throttled attempts audited')
})

t.test('the form: a signed token that expires, and never from another site', async (t) => {
  const time = clock()
  const app = await staffApp(t, time)
  const who = await addAccount(app, time)
  const page = await app.inject({ url: '/admin/sign-in', headers: LOCAL })
  const token = /name="_token" value="([^"]+)"/.exec(page.body)![1]!
  time.advance(61 * 60_000)
  const fields = { _token: token, email: who.account.email, password: who.password, code: await codeAt(who.totpSecret, time.now()) }
  const late = await app.inject({ method: 'POST', url: '/admin/sign-in', headers: FORM, payload: new URLSearchParams(fields).toString() })
  t.equal(late.statusCode, 403)
  t.match(late.body, 'data-notice="expired"', 'the form again, saying why')
  t.match(late.body, `value="${who.account.email}"`, 'the address kept')
  const forged = await app.inject({ method: 'POST', url: '/admin/sign-in', headers: FORM, payload: new URLSearchParams({ ...fields, _token: 'x.y.z' }).toString() })
  t.equal(forged.statusCode, 403)
  for (const header of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }]) {
    const fresh = await app.inject({ url: '/admin/sign-in', headers: LOCAL })
    const res = await app.inject({ method: 'POST', url: '/admin/sign-in', headers: { ...FORM, ...header }, payload: new URLSearchParams({ ...fields, _token: /name="_token" value="([^"]+)"/.exec(fresh.body)![1]! }).toString() })
    t.equal(res.statusCode, 403, JSON.stringify(header))
    t.equal(sessionCookie(res), '')
  }
  t.equal(entries(await app.staffStore.listAudit({ action: 'request.refused' })), 2, 'cross-site attempts audited')
  const json = await app.inject({ method: 'POST', url: '/admin/sign-in', headers: { ...LOCAL, 'content-type': 'application/json' }, payload: '{}' })
  t.equal(json.statusCode, 415, 'a form or nothing')
})
