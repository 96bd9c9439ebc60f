// Re-authentication through the real app: a sensitive step (adding an account, a new enrolment link, a
// role change, an access token, adding or removing a passkey) is refused when the session's last factor is
// older than 5 minutes by the injected clock, and sends the staff member to /admin/confirm; a password +
// code, a recovery code or one of the account's own passkeys confirms (audited 'reauth'), a wrong one is
// counted, throttled and audited ('reauth.failed'); then the step works again.
import t from 'tap'
import { randomUUID } from 'node:crypto'
import { addAccount, clock, codeAt, postForm, postJson, sessionCookie, sessionHeaders, signedInAdmin, signIn, staffApp, withPasskey } from './web-helper'

const MIN = 60_000

t.test('each sensitive step: refused after 5 minutes, to the confirmation page; done within them', async (t) => {
  const time = clock()
  const { app, adminAccount, admin, others: [editor] } = await signedInAdmin(t, time, 'editor')
  const store = app.staffStore
  const steps: [string, Record<string, string>][] = [
    ['/admin/accounts', { op: 'add', email: 'late@example.test', role: 'editor', name: 'Late' }],
    ['/admin/accounts', { op: 'enrol', account: editor.account.id, confirmed: '1' }],
    ['/admin/accounts', { op: 'role', account: editor.account.id, role: 'responder', confirmed: '1' }],
    ['/admin/tokens', { op: 'create', name: 'CI', role: 'responder', days: '30' }],
  ]
  time.advance(5 * MIN)
  t.equal((await postForm(app, '/admin/accounts', admin.headers, { _csrf: admin.csrf, op: 'role', account: editor.account.id, role: 'responder', confirmed: '1' })).statusCode, 200, 'at exactly 5 minutes: still done')
  await postForm(app, '/admin/accounts', admin.headers, { _csrf: admin.csrf, op: 'role', account: editor.account.id, role: 'editor', confirmed: '1' })
  time.advance(1)
  for (const [url, fields] of steps) {
    const res = await postForm(app, url, admin.headers, { _csrf: admin.csrf, ...fields })
    t.equal(res.statusCode, 303, `${url} ${fields.op}: refused`)
    t.equal(res.headers.location, `/admin/confirm?next=${encodeURIComponent(url)}`)
  }
  t.equal(await store.findAccountByEmail('late@example.test'), null, 'no account added')
  t.equal((await store.findAccount(editor.account.id))!.role, 'editor', 'no role changed')
  t.not(await store.findPasswordFactor(editor.account.id), null, 'no factor reset')
  t.same(await store.listAccessTokens(), [], 'no token made')
  t.equal((await store.listAudit({ action: 'reauth.required' })).length, 4, 'each refusal audited')
  const disable = await postForm(app, '/admin/accounts', admin.headers, { _csrf: admin.csrf, op: 'disable', account: editor.account.id, confirmed: '1' })
  t.equal(disable.statusCode, 200, 'a step that is not sensitive is not asked again')
  t.equal((await postForm(app, '/admin/accounts', admin.headers, { _csrf: admin.csrf, op: 'enable', account: editor.account.id, confirmed: '1' })).statusCode, 200)

  const confirmPage = await app.inject({ url: '/admin/confirm?next=%2Fadmin%2Ftokens', headers: admin.headers })
  t.equal(confirmPage.statusCode, 200)
  t.match(confirmPage.body, /autocomplete="current-password"/i)
  t.match(confirmPage.body, 'name="next" value="/admin/tokens"')
  t.notOk(confirmPage.body.includes('data-confirm-passkey'), 'no passkey button for an account without passkeys')
  const wrong = await postForm(app, '/admin/confirm', admin.headers, { _csrf: admin.csrf, next: '/admin/tokens', password: 'not it', code: await codeAt(adminAccount.totpSecret, time.now()) })
  t.equal(wrong.statusCode, 401)
  t.match(wrong.body, 'data-notice="failed"')
  t.match(await store.listAudit({ action: 'reauth.failed' }), [{ accountId: adminAccount.account.id, outcome: 'failed', target: 'password' }])
  time.advance(30_000)
  const ok = await postForm(app, '/admin/confirm', admin.headers, { _csrf: admin.csrf, next: '/admin/tokens', password: adminAccount.password, code: await codeAt(adminAccount.totpSecret, time.now()) })
  t.equal(ok.statusCode, 303)
  t.equal(ok.headers.location, '/admin/tokens', 'back to the page')
  t.match(await store.listAudit({ action: 'reauth' }), [{ accountId: adminAccount.account.id, outcome: 'ok', target: 'password' }])
  // The session goes on under a new id (rotation.test.ts); its token stays.
  const renewed = sessionHeaders(sessionCookie(ok))
  for (const [url, fields] of steps) {
    const res = await postForm(app, url, renewed, { _csrf: admin.csrf, ...fields })
    t.equal(res.statusCode, 200, `${url} ${fields.op}: done after the confirmation`)
  }
  t.not(await store.findAccountByEmail('late@example.test'), null)
  t.equal((await store.listAccessTokens()).length, 1)

  time.advance(6 * MIN)
  const recovery = await postForm(app, '/admin/confirm', renewed, { _csrf: admin.csrf, next: 'https://evil.example/admin', password: adminAccount.password, code: adminAccount.recoveryCodes[0]! })
  t.equal(recovery.headers.location, '/admin', 'a recovery code confirms too; never to another site')
  t.equal((await postForm(app, '/admin/tokens', sessionHeaders(sessionCookie(recovery)), { _csrf: admin.csrf, op: 'create', name: 'CI 2', role: 'responder', days: '30' })).statusCode, 200)
  const nobody = await postForm(app, '/admin/confirm', { host: 'localhost' }, { next: '/admin', password: 'x', code: '123456' })
  t.equal(nobody.statusCode, 303, 'signed out: to the sign-in page')
  t.match(nobody.headers.location, /^\/admin\/sign-in/)
})

t.test('failed confirmations are throttled like sign-ins, per account', async (t) => {
  const time = clock()
  const app = await staffApp(t, time)
  const who = await addAccount(app, time, 'admin')
  const session = await signIn(app, time, who)
  for (let i = 0; i < 5; i++) {
    const res = await postForm(app, '/admin/confirm', session.headers, { _csrf: session.csrf, next: '/admin', password: `wrong ${i}`, code: '000000' })
    t.equal(res.statusCode, 401, `failure ${i + 1}`)
  }
  const right = { _csrf: session.csrf, next: '/admin', password: who.password, code: await codeAt(who.totpSecret, time.now()) }
  const held = await postForm(app, '/admin/confirm', session.headers, right)
  t.equal(held.statusCode, 429, 'then it waits, even with the right factors')
  t.ok(Number(held.headers['retry-after']) >= 1)
  t.match(held.body, 'data-notice="throttled"')
  t.equal((await app.staffStore.listAudit({ action: 'reauth.failed' })).length, 5, 'each failure audited')
  time.advance(MIN)
  const later = await postForm(app, '/admin/confirm', session.headers, { ...right, code: await codeAt(who.totpSecret, time.now()) })
  t.equal(later.statusCode, 303, 'after the delay the right factors confirm')
})

t.test('a passkey confirms: only the account\'s own, over a challenge made for it', async (t) => {
  const time = clock()
  const app = await staffApp(t, time)
  const who = await addAccount(app, time, 'admin')
  const other = await addAccount(app, time, 'editor')
  const own = await withPasskey(app, who, time.now())
  const foreign = await withPasskey(app, other, time.now())
  const session = await signIn(app, time, who)
  time.advance(10 * MIN)
  const page = await app.inject({ url: '/admin/confirm?next=%2Fadmin%2Fsecurity', headers: session.headers })
  t.match(page.body, 'data-confirm-passkey=""')
  const optionsRes = await postJson(app, '/admin/confirm/passkey-options', session.headers, session.csrf, {})
  t.equal(optionsRes.statusCode, 200)
  const { options, challengeToken } = optionsRes.json()
  t.same(options.allowCredentials.map((c: { id: string }) => c.id), [own.id], 'the account\'s own passkeys only')
  t.equal((await postJson(app, '/admin/confirm/passkey-options', session.headers, 'wrong', {})).statusCode, 403, 'the session token is required')
  const byOther = await postJson(app, '/admin/confirm/passkey', session.headers, session.csrf, { response: foreign.get(options.challenge), challengeToken, next: '/admin/security' })
  t.equal(byOther.statusCode, 401, 'another account\'s passkey does not confirm')
  const signInToken = (await postJson(app, '/admin/passkey/options', session.headers, '', {})).json()
  const wrongPurpose = await postJson(app, '/admin/confirm/passkey', session.headers, session.csrf, { response: own.get(signInToken.options.challenge), challengeToken: signInToken.challengeToken, next: '/admin' })
  t.equal(wrongPurpose.statusCode, 401, 'a sign-in challenge is not a confirmation challenge')
  const ok = await postJson(app, '/admin/confirm/passkey', session.headers, session.csrf, { response: own.get(options.challenge), challengeToken, next: '/admin/security' })
  t.same(ok.json(), { ok: true, redirect: '/admin/security' })
  t.match(await app.staffStore.listAudit({ action: 'reauth' }), [{ accountId: who.account.id, target: 'passkey' }])
  t.equal((await app.staffStore.listAudit({ action: 'reauth.failed' })).length, 2)
  const session2 = (await app.staffStore.listSessions(who.account.id))[0]!
  t.equal(session2.verifiedAt, time.now(), 'the session\'s proof renewed in the store (any replica sees it)')
  const renewed = sessionHeaders(sessionCookie(ok))
  t.equal((await postForm(app, '/admin/accounts', renewed, { _csrf: session.csrf, op: 'add', email: `n-${randomUUID().slice(0, 6)}@example.test`, role: 'editor' })).statusCode, 200)
})
