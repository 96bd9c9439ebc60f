// The inbox store as the app carries it: app.inboxStore, on the inquiry store's database, sees an inquiry the
// contact API has just stored (and found by the search box).
import t from 'tap'
import { contactApp, validInquiry, withFormToken } from '../contact/helper'

t.test('app.inboxStore lists and finds an inquiry sent through the contact API', async (t) => {
  const { app } = await contactApp(t)
  const res = await app.inject({ method: 'POST', url: '/api/contact', payload: await withFormToken(app, validInquiry({ name: 'ﾃｽﾄ 花子', message: '外壁の相談' })) })
  t.equal(res.statusCode, 201, res.body)
  const id = res.json().id as string
  const page = await app.inboxStore.list({ q: 'テスト 外壁' }, { page: 1, pageSize: 50 })
  t.same(page.rows.map((r) => [r.id, r.status, r.mail.staff]), [[id, 'new', 'pending']])
  t.equal((await app.inboxStore.detail(id))!.inquiry.name, 'ﾃｽﾄ 花子')
})
