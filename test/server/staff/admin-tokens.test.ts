// /admin/tokens and the staff JSON API through the real app: an admin creates a token (shown once,
// stored hashed, at most a year), it answers /admin/api/me and (admin tokens) /admin/api/audit, each
// use audited; revoked, expired, unknown, missing or JWT bearers are 401 with the Bearer challenge;
// a token never makes a session; revocation is confirmed first.
import { createHash } from 'node:crypto'
import t from 'tap'
import { addAccount, clock, LOCAL, postForm, signedInAdmin, signIn, staffApp } from './web-helper'

const DAY = 86_400_000
type App = Awaited<ReturnType<typeof staffApp>>
const post = (app: App, headers: Record<string, string>, fields: Record<string, string>) => postForm(app, '/admin/tokens', headers, fields)
const api = (app: App, url: string, authorization?: string, extra: Record<string, string> = {}) =>
  app.inject({ url, headers: { ...LOCAL, ...extra, ...(authorization === undefined ? {} : { authorization }) } })

t.test('who may open /admin/tokens', async (t) => {
  const time = clock()
  const app = await staffApp(t, time)
  t.equal((await app.inject({ url: '/admin/tokens', headers: LOCAL })).headers.location, '/admin/sign-in?next=%2Fadmin%2Ftokens')
  for (const role of ['editor', 'responder'] as const) {
    time.advance(30_000)
    const who = await signIn(app, time, await addAccount(app, time, role))
    t.equal((await app.inject({ url: '/admin/tokens', headers: who.headers })).statusCode, 403, role)
    t.equal((await post(app, who.headers, { _csrf: who.csrf, op: 'create', name: 'x', role: 'admin', days: '30' })).statusCode, 403)
  }
  t.equal((await app.staffStore.listAccessTokens()).length, 0)
})

t.test('lifecycle: create, use, revoke; the API\'s refusals', async (t) => {
  const time = clock()
  const { app, adminAccount, admin } = await signedInAdmin(t, time)
  const store = app.staffStore

  t.equal((await post(app, admin.headers, { _csrf: 'nope', op: 'create', name: 'CI', role: 'admin', days: '30' })).statusCode, 403, 'CSRF refused')
  for (const days of ['0', '366', '400', 'abc', '-5', '1e3']) {
    const res = await post(app, admin.headers, { _csrf: admin.csrf, op: 'create', name: 'CI', role: 'admin', days })
    t.equal(res.statusCode, 400, `days=${days} refused`)
  }
  t.equal((await post(app, admin.headers, { _csrf: admin.csrf, op: 'create', name: 'bad\u0007name', role: 'admin', days: '30' })).statusCode, 400, 'a control character in the name')
  t.equal((await store.listAccessTokens()).length, 0, 'nothing made by the refused')

  const made = await post(app, admin.headers, { _csrf: admin.csrf, op: 'create', name: '<b>CI</b>', role: 'admin', days: '365' })
  t.equal(made.statusCode, 200)
  const secret = /id="token-secret"[^>]*value="(cst_[A-Za-z0-9_-]{43})"/.exec(made.body)?.[1] ?? ''
  t.ok(secret, 'the secret shown once')
  t.notOk(made.body.includes('<b>CI</b>'), 'the name shown inert')
  const [stored] = await store.listAccessTokens()
  t.equal(stored!.tokenHash, createHash('sha256').update(secret).digest('hex'), 'only its hash stored')
  t.equal(stored!.expiresAt, time.now() + 365 * DAY)
  t.notOk((await app.inject({ url: '/admin/tokens', headers: admin.headers })).body.includes(secret), 'never shown again')

  const responderMade = await post(app, admin.headers, { _csrf: admin.csrf, op: 'create', name: 'inbox', role: 'responder', days: '7' })
  const responderSecret = /value="(cst_[A-Za-z0-9_-]{43})"/.exec(responderMade.body)?.[1] ?? ''

  time.advance(60_000)
  const me = await api(app, '/admin/api/me', `Bearer ${secret}`)
  t.equal(me.statusCode, 200)
  t.same({ name: me.json().name, role: me.json().role }, { name: '<b>CI</b>', role: 'admin' })
  t.equal(me.headers['cache-control'], 'no-store')
  t.equal(me.headers['set-cookie'], undefined, 'no session made')
  t.equal((await store.findAccessToken(stored!.tokenHash))!.lastUsedAt, time.now(), 'the use recorded')

  const page = await api(app, '/admin/tokens', `Bearer ${secret}`)
  t.equal(page.statusCode, 303, 'a token opens no staff page: to the sign-in page')
  t.equal(page.headers['set-cookie'], undefined)
  const audit = await api(app, '/admin/api/audit?since=2026-11-26', `bearer ${secret}`)
  t.equal(audit.statusCode, 200)
  t.ok(audit.json().entries.some((e: { action: string }) => e.action === 'token.create'))
  t.equal((await api(app, '/admin/api/audit?since=yesterday', `Bearer ${secret}`)).statusCode, 400, 'a bad since')
  t.equal((await api(app, '/admin/api/audit', `Bearer ${responderSecret}`)).statusCode, 403, 'a responder token may not read the log')
  t.equal((await api(app, '/admin/api/me', `Bearer ${responderSecret}`)).json().role, 'responder')
  const uses = await store.listAudit({ action: 'token.use', limit: 100 })
  t.equal(uses.length, 5, 'every accepted use audited (the page visit is not a use)')
  t.ok(uses.every((u) => u.accountId === adminAccount.account.id))

  const refusals: Array<[string, string | undefined, Record<string, string>?]> = [
    ['no header', undefined],
    ['a session cookie only', undefined, { cookie: admin.headers.cookie }],
    ['unknown token', `Bearer cst_${'A'.repeat(43)}`],
    ['the seed\'s JWT', 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl'],
    ['another scheme', `Basic ${Buffer.from('a:b').toString('base64')}`],
    ['a token in the wrong scheme', `Token ${secret}`],
  ]
  for (const [label, authorization, extra] of refusals) {
    const res = await api(app, '/admin/api/me', authorization, extra)
    t.equal(res.statusCode, 401, label)
    t.match(res.headers['www-authenticate'], /^Bearer /, `${label}: the challenge`)
    t.equal(res.headers['cache-control'], 'no-store')
    t.equal(res.json().ok, false)
  }

  // Revocation: a confirmation step first.
  const step = await post(app, admin.headers, { _csrf: admin.csrf, op: 'revoke', token: stored!.id })
  t.ok(step.body.includes('data-confirm="revoke"'), 'asked first')
  t.equal((await api(app, '/admin/api/me', `Bearer ${secret}`)).statusCode, 200, 'still works until confirmed')
  const revoked = await post(app, admin.headers, { _csrf: admin.csrf, op: 'revoke', token: stored!.id, confirmed: '1' })
  t.ok(revoked.body.includes('data-notice="revoked"'))
  t.ok(revoked.body.includes('data-token-state="revoked"'))
  t.equal((await api(app, '/admin/api/me', `Bearer ${secret}`)).statusCode, 401, 'revoked: 401')
  t.equal((await store.listAudit({ action: 'token.revoke' })).length, 1)

  time.advance(7 * DAY)
  t.equal((await api(app, '/admin/api/me', `Bearer ${responderSecret}`)).statusCode, 401, 'expired: 401')
  t.ok((await app.inject({ url: '/admin/tokens', headers: (await signIn(app, time, adminAccount)).headers })).body.includes('data-token-state="expired"'))
})

t.test('the list names who made each token (name and email), in both languages', async (t) => {
  const time = clock()
  const { app, adminAccount, admin } = await signedInAdmin(t, time)
  t.equal((await post(app, admin.headers, { _csrf: admin.csrf, op: 'create', name: 'CRM', role: 'responder', days: '30' })).statusCode, 200)
  const { id, name, email } = adminAccount.account
  for (const [locale, heading] of [['ja', '作成日時・作成者'], ['en', 'Created, by']] as const) {
    await app.staffStore.updateAccount(id, { locale }, { at: time.now(), accountId: id, address: 'test', action: 'account.locale', target: `account:${id}`, outcome: 'ok' })
    const page = await app.inject({ url: '/admin/tokens', headers: admin.headers })
    t.ok(page.body.includes(`<th scope="col">${heading}</th>`), `${locale}: the column`)
    const cell = /<td [^>]*data-token-creator="([^"]*)">(.*?)<\/td>/.exec(page.body)
    t.equal(cell?.[1], email, `${locale}: the creator's row`)
    t.ok(cell?.[2]?.includes(name) && cell[2].includes(email), `${locale}: name and email shown`)
  }
})

t.test('retention: the sweep removes entries older than the setting (by the clock)', async (t) => {
  const time = clock()
  const app = await staffApp(t, time)
  const store = app.staffStore
  const at = time.now()
  await store.audit({ at, accountId: null, address: 'cli', action: 'test.old', target: '', outcome: 'ok' })
  time.advance(200 * DAY)
  await store.audit({ at: time.now(), accountId: null, address: 'cli', action: 'test.newer', target: '', outcome: 'ok' })
  time.advance(200 * DAY)
  t.same(await app.staffArea.retention.run(), { audit: 0, sessions: 0, challenges: 0 }, 'nothing past 400 days yet')
  time.advance(DAY)
  t.same(await app.staffArea.retention.run(), { audit: 1, sessions: 0, challenges: 0 })
  t.same((await store.listAudit({ limit: 100 })).map((e) => e.action).filter((a) => a.startsWith('test.')), ['test.newer'])
})
