// /admin/security through the real app: one's own passkeys listed, renamed, added (a software
// authenticator; the account's passkeys excluded) and removed (confirmed first), each audited; the last
// factor never removed; adding and removing need a recent factor. And an admin ends another account's
// sessions from /admin/accounts (audited 'session.end' with the account as target).
import t, { type Test } from 'tap'
import type { FastifyInstance } from 'fastify'
import { SITE } from '../../helper'
import { SESSION_COOKIE } from '../../../server/staff/http/session'
import { SoftAuthenticator } from './soft-authenticator'
import { addAccount, clock, LOCAL, postForm, postJson, sessionCookie, signedInAdmin, signIn, staffApp, type Clock, type TestAccount } from './web-helper'

const MIN = 60_000

/** Adds a passkey through the page's endpoints; the answer of the last step. */
async function addThrough(app: FastifyInstance, session: { headers: Record<string, string>; csrf: string }, who: TestAccount, name: string) {
  const authenticator = new SoftAuthenticator({ origin: SITE, rpID: new URL(SITE).hostname, userId: who.account.id })
  const options = await postJson(app, '/admin/security/passkey-options', session.headers, session.csrf, {})
  if (options.statusCode !== 200) return { authenticator, options, done: null }
  const { options: creation, challengeToken } = options.json()
  const done = await postJson(app, '/admin/security/passkey', session.headers, session.csrf, { response: authenticator.create(creation.challenge), challengeToken, name })
  return { authenticator, options, done, creation }
}

/** A passkey-only session: signed in with the software authenticator. */
async function passkeySession(app: FastifyInstance, authenticator: SoftAuthenticator) {
  const { options, challengeToken } = (await postJson(app, '/admin/passkey/options', LOCAL, '', {})).json()
  const res = await postJson(app, '/admin/passkey/sign-in', LOCAL, '', { response: authenticator.get(options.challenge), challengeToken, next: '/admin' })
  const headers = { ...LOCAL, cookie: `${SESSION_COOKIE}=${sessionCookie(res)}` }
  const home = await app.inject({ url: '/admin/security', headers })
  return { headers, csrf: /name="_csrf" value="([^"]*)"/.exec(home.body)![1]!, page: home }
}

async function setUp(t: Test, time: Clock) {
  const app = await staffApp(t, time)
  const who = await addAccount(app, time, 'editor')
  return { app, who, session: await signIn(app, time, who) }
}

t.test('own passkeys: add (excluded ones named), list, rename, remove after a confirmation; audited', async (t) => {
  const time = clock()
  const { app, who, session } = await setUp(t, time)
  const store = app.staffStore
  const empty = await app.inject({ url: '/admin/security', headers: session.headers })
  t.equal(empty.statusCode, 200)
  t.match(empty.body, 'data-password-factor="set"')
  t.match(empty.body, 'href="/admin/security"', 'in the user menu')
  const first = await addThrough(app, session, who, 'ノートPC')
  t.same(first.done!.json(), { ok: true, redirect: '/admin/security?notice=added' })
  time.advance(1000)
  const second = await addThrough(app, session, who, 'Phone')
  t.same(second.creation.excludeCredentials.map((c: { id: string }) => c.id), [first.authenticator.id], 'the account\'s passkeys excluded')
  t.same((await store.listPasskeys(who.account.id)).map((p) => p.name), ['ノートPC', 'Phone'])
  const list = await app.inject({ url: '/admin/security?notice=added', headers: session.headers })
  t.match(list.body, 'data-notice="added"')
  t.match(list.body, 'data-passkey-row="ノートPC"')
  t.match(list.body, 'data-passkey-row="Phone"')

  const renamed = await postForm(app, '/admin/security', session.headers, { _csrf: session.csrf, op: 'rename', passkey: second.authenticator.id, name: '仕事の電話' })
  t.equal(renamed.statusCode, 200)
  t.equal((await store.findPasskey(second.authenticator.id))!.name, '仕事の電話')
  t.equal((await postForm(app, '/admin/security', session.headers, { _csrf: session.csrf, op: 'rename', passkey: second.authenticator.id, name: 'a\u0000b' })).statusCode, 400, 'a name with a control character refused')
  const other = await addAccount(app, time, 'admin')
  const otherKey = new SoftAuthenticator({ origin: SITE, rpID: 'www.example.test', userId: other.account.id })
  await store.addPasskey({ id: otherKey.id, accountId: other.account.id, name: 'Theirs', publicKey: 'x', counter: 0, transports: [], createdAt: time.now(), lastUsedAt: null }, { at: time.now(), accountId: null, address: 'cli', action: 'passkey.add', target: '', outcome: 'ok' })
  t.equal((await postForm(app, '/admin/security', session.headers, { _csrf: session.csrf, op: 'remove', passkey: otherKey.id, confirmed: '1' })).statusCode, 404, 'another account\'s passkey is not one\'s own')
  t.equal((await postForm(app, '/admin/security', session.headers, { _csrf: session.csrf, op: 'rename', passkey: otherKey.id, name: 'x' })).statusCode, 404)

  const step = await postForm(app, '/admin/security', session.headers, { _csrf: session.csrf, op: 'remove', passkey: first.authenticator.id })
  t.match(step.body, 'data-confirm="remove"', 'the confirmation step first')
  t.equal((await store.listPasskeys(who.account.id)).length, 2)
  const removed = await postForm(app, '/admin/security', session.headers, { _csrf: session.csrf, op: 'remove', passkey: first.authenticator.id, confirmed: '1' })
  t.match(removed.body, 'data-notice="removed"')
  t.same((await store.listPasskeys(who.account.id)).map((p) => p.id), [second.authenticator.id])
  const actions = (await store.listAudit({ accountId: who.account.id, limit: 50 })).map((a) => a.action)
  for (const action of ['passkey.add', 'passkey.rename', 'passkey.remove']) t.ok(actions.includes(action), `${action} audited`)

  time.advance(6 * MIN)
  const late = await addThrough(app, session, who, 'Late')
  t.equal(late.options.statusCode, 403)
  t.same(late.options.json(), { ok: false, reason: 'reauth', redirect: '/admin/confirm?next=%2Fadmin' })
  const lateRemove = await postForm(app, '/admin/security', session.headers, { _csrf: session.csrf, op: 'remove', passkey: second.authenticator.id, confirmed: '1' })
  t.equal(lateRemove.headers.location, '/admin/confirm?next=%2Fadmin%2Fsecurity', 'removing after 5 minutes: confirm first')
  t.equal((await store.listPasskeys(who.account.id)).length, 1, 'nothing removed')
  t.equal((await postForm(app, '/admin/security', session.headers, { _csrf: session.csrf, op: 'rename', passkey: second.authenticator.id, name: 'Still' })).statusCode, 200, 'renaming is not a factor change')
})

t.test('the last factor stays: the only passkey of an account without a password', async (t) => {
  const time = clock()
  const { app, who, session } = await setUp(t, time)
  const { authenticator } = await addThrough(app, session, who, 'Only')
  await app.staffStore.resetFactors(who.account.id, { at: time.now(), accountId: null, address: 'cli', action: 'account.enrol', target: '', outcome: 'ok' })
  const kept = authenticator
  const passkey = { id: kept.id, accountId: who.account.id, name: 'Only', publicKey: Buffer.from(kept.cosePublicKey()).toString('base64url'), counter: 0, transports: [], createdAt: time.now(), lastUsedAt: null }
  await app.staffStore.addPasskey(passkey, { at: time.now(), accountId: null, address: 'cli', action: 'passkey.add', target: '', outcome: 'ok' })
  const own = await passkeySession(app, kept)
  t.match(own.page.body, 'data-password-factor="none"')
  const res = await postForm(app, '/admin/security', own.headers, { _csrf: own.csrf, op: 'remove', passkey: kept.id, confirmed: '1' })
  t.equal(res.statusCode, 409)
  t.match(res.body, 'data-notice="lastFactor"')
  t.equal((await app.staffStore.listPasskeys(who.account.id)).length, 1, 'still there')
})

t.test('an admin ends another account\'s sessions', async (t) => {
  const time = clock()
  const { app, adminAccount, admin, others: [editor] } = await signedInAdmin(t, time, 'editor')
  time.advance(30_000)
  const editorA = await signIn(app, time, editor)
  time.advance(30_000)
  const editorB = await signIn(app, time, editor)
  const step = await postForm(app, '/admin/accounts', admin.headers, { _csrf: admin.csrf, op: 'endSessions', account: editor.account.id })
  t.match(step.body, 'data-confirm="endSessions"', 'confirmed first')
  t.equal((await app.staffStore.listSessions(editor.account.id)).length, 2)
  const done = await postForm(app, '/admin/accounts', admin.headers, { _csrf: admin.csrf, op: 'endSessions', account: editor.account.id, confirmed: '1' })
  t.match(done.body, 'data-notice="sessionsEnded"')
  for (const s of [editorA, editorB]) t.equal((await app.inject({ url: '/admin', headers: s.headers })).statusCode, 303, 'signed out')
  t.equal((await store(app).findAccount(editor.account.id))!.disabled, false, 'the account stays enabled')
  t.match(await app.staffStore.listAudit({ action: 'session.end' }), [{ accountId: adminAccount.account.id, target: `account:${editor.account.id}`, outcome: 'ok' }])
  t.equal((await postForm(app, '/admin/accounts', admin.headers, { _csrf: admin.csrf, op: 'endSessions', account: adminAccount.account.id, confirmed: '1' })).statusCode, 409, 'not one\'s own (that is /admin/sessions)')
  t.equal((await app.inject({ url: '/admin', headers: admin.headers })).statusCode, 200)
  t.equal((await postForm(app, '/admin/accounts', editorA.headers, { _csrf: editorA.csrf, op: 'endSessions', account: adminAccount.account.id, confirmed: '1' })).statusCode, 303, 'nobody signed in: to sign in')
})

const store = (app: FastifyInstance) => app.staffStore
