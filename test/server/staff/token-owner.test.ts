// A personal access token dies with its owner's rights, through the real app on SQLite: it
// acts with no more than its creator's current role (a demoted admin's admin token reads no audit log,
// works the inbox only as the new role allows); disabling and re-enrolment revoke it (enabling again
// brings nothing back); a token whose creator is disabled or does not exist is 401, audited ' owner'.
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import t, { type Test } from 'tap'
import { DB_FILE } from '../../../server/database'
import { hashAccessToken, newAccessToken } from '../../../server/staff/access-tokens'
import { api, inboxApp, tokenFor } from '../inbox/inbox-helper'
import { clock, postForm } from './web-helper'

const ME = '/admin/api/me'
const AUDIT = '/admin/api/audit'
const LIST = '/admin/api/inquiries'

t.test('a token dies with its owner\'s rights', async (t) => {
  const time = clock()
  const { app, dataDir, admin, seed, member } = await inboxApp(t, time)
  const store = app.staffStore
  /** An admin's change to another account on /admin/accounts. */
  const accounts = (account: string, fields: Record<string, string>) => postForm(app, '/admin/accounts', admin.headers, { _csrf: admin.csrf, account, ...fields })
  const refused = async (why: string) => (await store.listAudit({ action: 'request.refused', limit: 100 })).filter((a) => a.target.endsWith(` ${why}`))
  /** A 401 as every refused token gets: the Bearer challenge, no session. */
  const isUnauthorized = (t: Test, res: Awaited<ReturnType<typeof api>>, what: string) => {
    t.equal(res.statusCode, 401, what)
    t.match(res.headers['www-authenticate'], /^Bearer realm="staff", error="invalid_token"$/, `${what}: the challenge`)
    t.equal(res.headers['set-cookie'], undefined)
  }

  const alice = await member('admin')
  const secret = await tokenFor(app, alice.account.id, 'admin', time.now())
  const id = await seed()
  t.equal((await api(app, 'GET', AUDIT, secret)).statusCode, 200, 'an admin\'s admin token reads the audit log')

  await t.test('demoted to responder: the token acts as one', async (t) => {
    t.equal((await accounts(alice.account.id, { op: 'role', role: 'responder', confirmed: '1' })).statusCode, 200)
    const audit = await api(app, 'GET', AUDIT, secret)
    t.equal(audit.statusCode, 403, 'the audit log: no longer')
    t.equal(audit.json().error, 'role')
    t.equal((await refused('role')).length, 1, 'the refusal audited')
    t.equal((await api(app, 'GET', ME, secret)).json().role, 'responder', '/me says the role it acts with')
    t.equal((await api(app, 'GET', LIST, secret)).statusCode, 200, 'the inbox: a responder may')
    t.equal((await api(app, 'PATCH', `${LIST}/${id}`, secret, { status: 'in-progress', legalHold: true })).statusCode, 200, 'triage and set a hold')
    const lift = await api(app, 'PATCH', `${LIST}/${id}`, secret, { legalHold: false })
    t.equal(lift.statusCode, 403, 'lifting the hold is an admin\'s')
    t.equal(lift.json().error, 'hold')
    t.equal((await app.inboxStore.detail(id))!.inquiry.legalHold, true)
  })

  await t.test('demoted to editor: the admin token may not work the inbox', async (t) => {
    t.equal((await accounts(alice.account.id, { op: 'role', role: 'editor', confirmed: '1' })).statusCode, 200)
    const list = await api(app, 'GET', LIST, secret)
    t.equal(list.statusCode, 403)
    t.equal(list.json().error, 'role')
    t.equal((await api(app, 'GET', ME, secret)).json().role, 'editor')
  })

  await t.test('disabled: 401, its tokens revoked; enabled again: still 401', async (t) => {
    t.equal((await accounts(alice.account.id, { op: 'disable', confirmed: '1' })).statusCode, 200)
    isUnauthorized(t, await api(app, 'GET', ME, secret), 'after the disable')
    const list = await api(app, 'GET', LIST, secret)
    isUnauthorized(t, list, 'the inbox after the disable')
    t.equal(list.json().error, 'token')
    t.same((await store.listAccessTokens()).map((k) => k.revokedAt), [time.now()], 'revoked by the disable')
    t.equal((await accounts(alice.account.id, { op: 'enable', confirmed: '1' })).statusCode, 200)
    isUnauthorized(t, await api(app, 'GET', AUDIT, secret), 'enabled again: the token stays dead')
  })

  await t.test('the use-time guard: a token of a disabled account that nothing revoked', async (t) => {
    const dora = await member('admin')
    await accounts(dora.account.id, { op: 'disable', confirmed: '1' })
    const stray = await tokenFor(app, dora.account.id, 'admin', time.now())
    const uses = (await store.listAudit({ action: 'token.use', limit: 100 })).length
    isUnauthorized(t, await api(app, 'GET', ME, stray), '/me')
    isUnauthorized(t, await api(app, 'PATCH', `${LIST}/${id}`, stray, { legalHold: false }), 'the inbox')
    const owner = await refused('owner')
    t.same(owner.map((a) => [a.accountId, a.outcome]), [[dora.account.id, 'refused'], [dora.account.id, 'refused']], 'each audited under its owner')
    t.match(owner[1]!.target, new RegExp(`^token:[0-9a-f-]+ path:${ME} owner$`))
    t.equal((await store.listAudit({ action: 'token.use', limit: 100 })).length, uses, 'no use recorded')
    t.equal((await app.inboxStore.detail(id))!.inquiry.legalHold, true, 'the hold stays')
  })

  await t.test('re-enrolment (a lost factor) revokes the account\'s tokens', async (t) => {
    const carol = await member('admin')
    const carolSecret = await tokenFor(app, carol.account.id, 'admin', time.now())
    t.equal((await api(app, 'GET', AUDIT, carolSecret)).statusCode, 200)
    t.equal((await accounts(carol.account.id, { op: 'enrol', confirmed: '1' })).statusCode, 200)
    isUnauthorized(t, await api(app, 'GET', AUDIT, carolSecret), 'after the re-enrolment')
  })

  await t.test('a token whose creator does not exist: 401, audited', async (t) => {
    // Accounts are never deleted and the column has a foreign key: only a database changed by hand holds one.
    const { secret: orphan, hash } = newAccessToken()
    const db = new Database(join(dataDir, DB_FILE))
    db.pragma('foreign_keys = OFF')
    db.prepare('INSERT INTO staff_access_tokens (id, token_hash, name, role, created_by, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)').run(randomUUID(), hash, 'orphan', 'admin', 'no-such-account', time.now(), time.now() + 86_400_000)
    db.close()
    t.ok(await store.findAccessToken(hashAccessToken(orphan)))
    isUnauthorized(t, await api(app, 'GET', AUDIT, orphan), 'no such account')
    t.equal((await refused('owner'))[0]!.accountId, 'no-such-account')
  })
})
