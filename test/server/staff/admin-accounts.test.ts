// /admin/accounts through the real app: admins only; add (the one-time link shown once, its hash in the
// store), disable (ends the sessions) and enable, a new enrolment link (factors reset), the role; the
// destructive ones only after a confirmation step; each change audited; the session's token required.
import t from 'tap'
import { addAccount, clock, LOCAL, postForm, signedInAdmin, signIn, staffApp } from './web-helper'

const post = (app: Awaited<ReturnType<typeof staffApp>>, headers: Record<string, string>, fields: Record<string, string>) => postForm(app, '/admin/accounts', headers, fields)

t.test('who may open /admin/accounts', async (t) => {
  const time = clock()
  const app = await staffApp(t, time)
  const nobody = await app.inject({ url: '/admin/accounts', headers: LOCAL })
  t.equal(nobody.statusCode, 303)
  t.equal(nobody.headers.location, '/admin/sign-in?next=%2Fadmin%2Faccounts')
  for (const role of ['editor', 'responder'] as const) {
    time.advance(30_000)
    const who = await signIn(app, time, await addAccount(app, time, role))
    const res = await app.inject({ url: '/admin/accounts', headers: who.headers })
    t.equal(res.statusCode, 403, role)
    t.equal((await post(app, who.headers, { _csrf: who.csrf, op: 'add', email: 'x@example.test', role: 'admin' })).statusCode, 403, `${role} cannot add`)
  }
  time.advance(30_000)
  const admin = await signIn(app, time, await addAccount(app, time, 'admin'))
  const res = await app.inject({ url: '/admin/accounts', headers: admin.headers })
  t.equal(res.statusCode, 200)
  t.equal(res.headers['cache-control'], 'no-store')
  t.ok(res.body.includes('data-accounts=""'))
  t.equal((await app.staffStore.listAccounts()).filter((a) => a.email === 'x@example.test').length, 0, 'nothing added by the refused')
})

t.test('add, disable, enable, enrol again, role: each audited', async (t) => {
  const time = clock()
  const { app, adminAccount, admin } = await signedInAdmin(t, time)
  const store = app.staffStore

  t.equal((await post(app, admin.headers, { _csrf: 'wrong', op: 'add', email: 'new@example.test', role: 'editor' })).statusCode, 403, 'the session token is required')
  t.equal(await store.findAccountByEmail('new@example.test'), null)

  const bad = await post(app, admin.headers, { _csrf: admin.csrf, op: 'add', email: 'not an address', role: 'editor', name: 'N' })
  t.equal(bad.statusCode, 400)
  t.ok(bad.body.includes('メールアドレスを入力してください。'), 'the field error')

  const added = await post(app, admin.headers, { _csrf: admin.csrf, op: 'add', email: 'New@Example.test', role: 'editor', name: '新人 花子' })
  t.equal(added.statusCode, 200)
  const url = /id="enrolment-link"[^>]*value="([^"]+)"/.exec(added.body)?.[1] ?? ''
  t.ok(/^https?:\/\/[^/]+\/admin\/enrol\/[A-Za-z0-9_-]{43}$/.test(url), `the link shown once: ${url}`)
  const account = (await store.findAccountByEmail('new@example.test'))!
  t.equal(account.role, 'editor')
  t.equal(account.name, '新人 花子')
  t.equal((await app.inject({ url: new URL(url).pathname, headers: LOCAL })).statusCode, 200, 'the link opens the enrolment page')
  const list = await app.inject({ url: '/admin/accounts', headers: admin.headers })
  t.notOk(list.body.includes(new URL(url).pathname), 'not shown again')
  t.equal((await post(app, admin.headers, { _csrf: admin.csrf, op: 'add', email: 'new@example.test', role: 'editor' })).statusCode, 400, 'a duplicate refused')

  // A signed-in editor to disable.
  const editor = await addAccount(app, time, 'editor')
  time.advance(30_000)
  const editorSession = await signIn(app, time, editor)
  const step = await post(app, admin.headers, { _csrf: admin.csrf, op: 'disable', account: editor.account.id })
  t.equal(step.statusCode, 200)
  t.ok(step.body.includes('data-confirm="disable"'), 'without confirmed=1: the confirmation step')
  t.ok(step.body.includes('name="confirmed" value="1"'))
  t.notOk(/autofocus/i.test(step.body), 'nothing focused by default')
  t.equal((await store.findAccount(editor.account.id))!.disabled, false, 'nothing done yet')
  const disabled = await post(app, admin.headers, { _csrf: admin.csrf, op: 'disable', account: editor.account.id, confirmed: '1' })
  t.ok(disabled.body.includes('data-notice="disabled"'))
  t.equal((await store.findAccount(editor.account.id))!.disabled, true)
  t.equal((await app.inject({ url: '/admin', headers: editorSession.headers })).statusCode, 303, 'its session ended')
  await post(app, admin.headers, { _csrf: admin.csrf, op: 'enable', account: editor.account.id })
  t.equal((await store.findAccount(editor.account.id))!.disabled, true, 'enabling is confirmed first too')
  await post(app, admin.headers, { _csrf: admin.csrf, op: 'enable', account: editor.account.id, confirmed: '1' })
  t.equal((await store.findAccount(editor.account.id))!.disabled, false)

  const enrol = await post(app, admin.headers, { _csrf: admin.csrf, op: 'enrol', account: editor.account.id, confirmed: '1' })
  t.ok(enrol.body.includes('data-notice="enrol"'))
  t.ok(/id="enrolment-link"[^>]*value="https?:\/\/[^/]+\/admin\/enrol\//.test(enrol.body), 'a new link shown')
  t.equal(await store.findPasswordFactor(editor.account.id), null, 'the factors reset')

  const roleStep = await post(app, admin.headers, { _csrf: admin.csrf, op: 'role', account: editor.account.id, role: 'responder' })
  t.ok(roleStep.body.includes('data-confirm="role"'), 'a role change: confirmed first')
  t.ok(roleStep.body.includes('name="role" value="responder"'), 'the step carries the role chosen')
  t.equal((await store.findAccount(editor.account.id))!.role, 'editor', 'nothing changed yet')
  await post(app, admin.headers, { _csrf: admin.csrf, op: 'role', account: editor.account.id, role: 'responder', confirmed: '1' })
  t.equal((await store.findAccount(editor.account.id))!.role, 'responder')

  const self = await post(app, admin.headers, { _csrf: admin.csrf, op: 'disable', account: adminAccount.account.id, confirmed: '1' })
  t.equal(self.statusCode, 409, 'never one\'s own account')
  t.equal((await post(app, admin.headers, { _csrf: admin.csrf, op: 'role', account: adminAccount.account.id, role: 'editor', confirmed: '1' })).statusCode, 409)

  const byAdmin = (await store.listAudit({ accountId: adminAccount.account.id, limit: 100 })).map((a) => a.action)
  for (const action of ['account.add', 'enrolment.create', 'account.disable', 'account.enable', 'account.enrol', 'account.role']) t.ok(byAdmin.includes(action), `${action} audited as the admin`)
})
