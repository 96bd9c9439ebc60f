// The inbox's JSON API (/admin/api/inquiries…) through the real app on SQLite: Bearer tokens only
// (401 without, 403 for an editor's, never a session cookie), the list's filters and paging, one
// inquiry (a view, audited), PATCH and notes (events, audit), and every error as JSON { error, message }.
import t from 'tap'
import { clock, entries } from '../staff/web-helper'
import { api, HOSTILE, inboxApp, tokenFor } from './inbox-helper'

const MIN = 60_000
const LIST = '/admin/api/inquiries'

t.test('the inbox API', async (t) => {
  const time = clock()
  const { app, admin, adminAccount, seed, member } = await inboxApp(t, time)
  const responder = await member('responder')
  const ids: string[] = []
  for (let i = 0; i < 54; i++) ids.push(await seed({ name: `顧客 ${i}`, email: `c${i}@example.com` }, time.now() - (60 - i) * MIN))
  const hostile = await seed({ ...HOSTILE, email: 'evil@example.com' }, time.now() - MIN, 'en')
  const newest = [hostile, ...[...ids].reverse()]
  const secret = await tokenFor(app, responder.account.id, 'responder', time.now())
  const adminSecret = await tokenFor(app, adminAccount.account.id, 'admin', time.now())
  const editorSecret = await tokenFor(app, adminAccount.account.id, 'editor', time.now())

  await t.test('no usable token: 401 JSON with the Bearer challenge; an editor\'s token: 403', async (t) => {
    for (const [what, res] of [
      ['none', await api(app, 'GET', LIST)],
      ['unknown', await api(app, 'GET', LIST, `cst_${'A'.repeat(43)}`)],
      ['a session cookie only', await api(app, 'GET', LIST, undefined, undefined, admin.headers)],
      ['a session cookie and its CSRF token on a PATCH', await api(app, 'PATCH', `${LIST}/${hostile}`, undefined, { status: 'done' }, { ...admin.headers, 'x-csrf-token': admin.csrf })],
    ] as const) {
      t.equal(res.statusCode, 401, what)
      t.equal(res.headers['www-authenticate'], 'Bearer realm="staff", error="invalid_token"')
      t.equal(res.headers['content-type'], 'application/json; charset=utf-8')
      t.same(Object.keys(res.json()).sort(), ['error', 'message'])
      t.equal(res.json().error, 'token')
      t.equal(res.headers['set-cookie'], undefined)
    }
    t.equal((await app.inboxStore.detail(hostile))!.inquiry.status, 'new', 'the cookie changed nothing')
    const editor = await api(app, 'GET', LIST, editorSecret)
    t.equal(editor.statusCode, 403)
    t.equal(editor.json().error, 'role')
    t.match(editor.json().message, /responder/)
    const refused = await app.staffStore.listAudit({ action: 'request.refused', limit: 20 })
    t.ok(refused.some((a) => a.target.endsWith(' role')), 'the role refusal audited')
    t.equal(entries(refused.filter((a) => a.target.endsWith(' token'))), 4, 'each missing token audited (one row counts them: one address, one hour)')
  })

  await t.test('list: newest first, 50 a page, the total; filters; camelCase fields', async (t) => {
    const one = await api(app, 'GET', LIST, secret)
    t.equal(one.statusCode, 200)
    t.equal(one.headers['cache-control'], 'no-store')
    const body = one.json()
    t.same({ total: body.total, page: body.page, pageSize: body.pageSize, n: body.items.length }, { total: 55, page: 1, pageSize: 50, n: 50 })
    t.same(body.items.map((i: { id: string }) => i.id), newest.slice(0, 50))
    const item = body.items[0]
    t.same(Object.keys(item).sort(), ['assigneeId', 'assigneeName', 'company', 'email', 'erasedAt', 'id', 'inquiryType', 'legalHold', 'locale', 'mail', 'name', 'nameKana', 'phone', 'receivedAt', 'status'])
    t.same({ name: item.name, company: item.company, phone: item.phone }, { name: HOSTILE.name, company: HOSTILE.company, phone: HOSTILE.phone }, 'hostile text as data')
    t.same(Object.keys(item.mail).sort(), ['autoReply', 'staff'])
    const two = (await api(app, 'GET', `${LIST}?page=2`, secret)).json()
    t.same(two.items.map((i: { id: string }) => i.id), newest.slice(50))
    t.equal((await api(app, 'GET', `${LIST}?page=3`, secret)).json().items.length, 0, 'past the end: none')
    t.same((await api(app, 'GET', `${LIST}?lang=en`, secret)).json().items.map((i: { id: string }) => i.id), [hostile])
    t.same((await api(app, 'GET', `${LIST}?q=${encodeURIComponent('顧客 53')}`, secret)).json().items.map((i: { id: string }) => i.id), [ids[53]], 'the search')
    t.equal((await api(app, 'GET', `${LIST}?status=new,done&type=estimate&assignee=none&from=2026-11-25&to=2026-11-26`, secret)).json().total, 55)
    t.equal((await api(app, 'GET', `${LIST}?status=done`, secret)).json().total, 0)
  })

  await t.test('a bad filter: 400 naming the parameters', async (t) => {
    for (const [query, parameters] of [
      ['status=closed', ['status']],
      ['from=2026-13-01&page=0', ['from', 'page']],
      ['state=new', ['state']],
      [`q=${'x'.repeat(201)}`, ['q']],
    ] as const) {
      const res = await api(app, 'GET', `${LIST}?${query}`, secret)
      t.equal(res.statusCode, 400, query)
      t.same(res.json().parameters, parameters)
      t.equal(res.json().error, 'filter')
      t.match(res.json().message, new RegExp(parameters[0]))
    }
  })

  await t.test('one inquiry: with events and mails, recorded as a view; 404 unknown', async (t) => {
    const res = await api(app, 'GET', `${LIST}/${hostile}`, secret)
    t.equal(res.statusCode, 200)
    const { inquiry, events, mails } = res.json()
    t.equal(inquiry.message, HOSTILE.message, 'the message exactly')
    t.same(events.map((e: { kind: string }) => e.kind), ['view'])
    t.equal(events[0].accountId, responder.account.id)
    t.ok(mails.length >= 1 && mails.every((m: { kind: string }) => typeof m.kind === 'string'))
    const views = await app.staffStore.listAudit({ action: 'inquiry.view', limit: 5 })
    t.same(views.map((v) => [v.target, v.accountId]), [[`inquiry:${hostile}`, responder.account.id]])
    const missing = await api(app, 'GET', `${LIST}/Q-20000101-XXXXXX`, secret)
    t.equal(missing.statusCode, 404)
    t.equal(missing.json().error, 'notFound')
    const path = await api(app, 'GET', `${LIST}/${hostile}/nothing-here`, secret)
    t.equal(path.statusCode, 404)
    t.equal(path.json().error, 'path', 'JSON, never the staff HTML page')
    const method = await api(app, 'DELETE', `${LIST}/${hostile}`, secret)
    t.equal(method.statusCode, 405)
    t.equal(method.json().error, 'method')
  })

  await t.test('PATCH: status, assignee, legal hold; events and audit; bodies refused', async (t) => {
    const url = `${LIST}/${ids[0]}`
    const done = await api(app, 'PATCH', url, secret, { status: 'in-progress', assigneeId: responder.account.id, legalHold: true })
    t.equal(done.statusCode, 200)
    t.same([done.json().inquiry.status, done.json().inquiry.assigneeId, done.json().inquiry.legalHold], ['in-progress', responder.account.id, true])
    t.same(done.json().events.map((e: { kind: string }) => e.kind).sort(), ['assign', 'hold', 'status'])
    t.equal((await app.staffStore.listAudit({ action: 'inquiry.change', limit: 5 }))[0]!.target, `inquiry:${ids[0]}`)
    t.equal((await api(app, 'PATCH', url, secret, { assigneeId: null })).json().inquiry.assigneeId, null, 'unassigned')
    for (const [what, body, status, error] of [
      ['an unknown field', { status: 'done', colour: 'red' }, 400, 'body'],
      ['nothing', {}, 400, 'body'],
      ['a status not known', { status: 'closed' }, 400, 'body'],
      ['a wrong type', { legalHold: 'yes' }, 400, 'body'],
      ['malformed JSON', '{"status":', 400, 'body'],
      ['an unknown account', { assigneeId: 'no-such-account' }, 422, 'assignee'],
    ] as const) {
      const res = await api(app, 'PATCH', url, secret, body)
      t.equal(res.statusCode, status, what)
      t.equal(res.json().error, error, what)
      t.type(res.json().message, 'string')
    }
    const editor = await member('editor')
    t.equal((await api(app, 'PATCH', url, secret, { assigneeId: editor.account.id })).statusCode, 422, 'an editor is no assignee')
    const text = await api(app, 'PATCH', url, secret, 'status=done', { 'content-type': 'text/plain' })
    t.equal(text.statusCode, 415)
    t.equal(text.json().error, 'media')
    const big = await api(app, 'PATCH', url, secret, { status: 'done', pad: 'x'.repeat(20_000) })
    t.equal(big.statusCode, 413)
    t.equal(big.json().error, 'tooLarge')
    t.equal((await api(app, 'PATCH', `${LIST}/Q-20000101-XXXXXX`, secret, { status: 'done' })).statusCode, 404)
    t.equal((await app.inboxStore.detail(ids[0]!))!.inquiry.status, 'in-progress', 'nothing refused was applied')
  })

  await t.test('notes: 201 with the note event; empty or control characters 422; other shapes 400', async (t) => {
    const url = `${LIST}/${ids[1]}/notes`
    const res = await api(app, 'POST', url, adminSecret, { text: '  折り返し電話済み\n見積もり送付予定  ' })
    t.equal(res.statusCode, 201)
    const note = res.json().events.find((e: { kind: string }) => e.kind === 'note')
    t.same([note.data.text, note.accountId], ['折り返し電話済み\n見積もり送付予定', adminAccount.account.id])
    t.equal((await api(app, 'POST', url, secret, { text: '   ' })).statusCode, 422)
    t.equal((await api(app, 'POST', url, secret, { text: 'bell\u0007' })).json().error, 'note')
    t.equal((await api(app, 'POST', url, secret, { note: 'x' })).statusCode, 400)
    t.equal((await api(app, 'POST', url, secret, { text: 'x'.repeat(10_001) })).statusCode, 400)
    t.equal((await api(app, 'GET', url, secret)).statusCode, 405)
  })

  await t.test('an erased inquiry cannot change: 422', async (t) => {
    await app.inboxStore.erase([ids[2]!], 'request', { accountId: adminAccount.account.id, role: 'admin', address: 'test' }, time.now())
    const res = await api(app, 'PATCH', `${LIST}/${ids[2]}`, secret, { status: 'done' })
    t.equal(res.statusCode, 422)
    t.equal(res.json().error, 'erased')
    t.equal((await api(app, 'GET', `${LIST}/${ids[2]}`, secret)).json().inquiry.name, '', 'its record has no personal data')
  })

  await t.test('messages in the token creator\'s language', async (t) => {
    time.advance(30_000)
    const en = await member('responder')
    await app.staffStore.updateAccount(en.account.id, { locale: 'en' }, { at: time.now(), accountId: null, address: 'test', action: 'account.locale', target: 'x', outcome: 'ok' })
    const enSecret = await tokenFor(app, en.account.id, 'responder', time.now())
    t.match((await api(app, 'GET', `${LIST}/Q-20000101-XXXXXX`, enSecret)).json().message, /^There is no such inquiry/)
    t.match((await api(app, 'GET', `${LIST}/Q-20000101-XXXXXX`, secret)).json().message, /問い合わせはありません/)
  })
})
