// The inbox API's main path on PostgreSQL (a throwaway server, scripts/engines.mjs): the same app with
// DATABASE_URL, a responder's token lists with a filter and a search, opens one inquiry, changes it and
// adds a note; the events and the audit entries are there.
import t from 'tap'
import { startPostgres } from '../../../scripts/engines.mjs'
import { freshPgDatabase } from '../contact/helper'
import { clock } from '../staff/web-helper'
import { api, HOSTILE, inboxApp, tokenFor } from './inbox-helper'

const postgres = await startPostgres()
t.teardown(() => postgres.stop())

t.test('the inbox API on PostgreSQL', async (t) => {
  const time = clock()
  const { app, seed, member } = await inboxApp(t, time, await freshPgDatabase(postgres, 'inbox_api'))
  const responder = await member('responder')
  const secret = await tokenFor(app, responder.account.id, 'responder', time.now())
  const plain = await seed({ name: 'ﾔﾏﾀﾞ ﾀﾛｳ', message: '外壁の塗装' }, time.now() - 120_000)
  const hostile = await seed({ ...HOSTILE, nameKana: 'テスト', email: 'evil@example.com' }, time.now() - 60_000, 'en')

  const list = await api(app, 'GET', '/admin/api/inquiries', secret)
  t.equal(list.statusCode, 200)
  t.same(list.json().items.map((i: { id: string }) => i.id), [hostile, plain])
  t.same((await api(app, 'GET', `/admin/api/inquiries?q=${encodeURIComponent('やまだ')}`, secret)).json().items.map((i: { id: string }) => i.id), [plain], 'kana search')
  t.same((await api(app, 'GET', `/admin/api/inquiries?q=${encodeURIComponent('外壁')}&lang=ja`, secret)).json().items.map((i: { id: string }) => i.id), [plain], 'a two-character word')
  t.equal((await api(app, 'GET', '/admin/api/inquiries?status=nope', secret)).statusCode, 400)

  const one = await api(app, 'GET', `/admin/api/inquiries/${hostile}`, secret)
  t.equal(one.statusCode, 200)
  t.equal(one.json().inquiry.message, HOSTILE.message)
  const patched = await api(app, 'PATCH', `/admin/api/inquiries/${hostile}`, secret, { status: 'done', assigneeId: responder.account.id })
  t.equal(patched.statusCode, 200)
  t.same([patched.json().inquiry.status, patched.json().inquiry.assigneeName], ['done', responder.account.name])
  const noted = await api(app, 'POST', `/admin/api/inquiries/${hostile}/notes`, secret, { text: '対応済み' })
  t.equal(noted.statusCode, 201)
  t.same(noted.json().events.map((e: { kind: string }) => e.kind).sort(), ['assign', 'note', 'status', 'view'])
  t.equal((await api(app, 'PATCH', `/admin/api/inquiries/${hostile}`, secret, { status: 'done', x: 1 })).statusCode, 400)
  t.equal((await api(app, 'GET', '/admin/api/inquiries/Q-20000101-XXXXXX', secret)).statusCode, 404)
  const audit = await app.staffStore.listAudit({ limit: 50 })
  t.same(audit.filter((a) => a.action.startsWith('inquiry.')).map((a) => a.action), ['inquiry.change', 'inquiry.change', 'inquiry.view'])
  t.equal((await api(app, 'GET', '/admin/api/inquiries')).statusCode, 401)
})
