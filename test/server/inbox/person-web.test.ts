// A person's request (APPI) through the real app on SQLite: /admin/inquiries/person finds everything
// held about one address (POSTed, audited by its hash only), exports it after a fresh factor check, and
// (admins) erases it after the confirmation and a fresh factor check: afterwards the data is gone from
// the database, the search index and the outbox.
import { createHash } from 'node:crypto'
import t from 'tap'
import { openDatabase } from '../../../server/database'
import { clock, postForm, signIn } from '../staff/web-helper'
import { HOSTILE, inboxApp } from './inbox-helper'

const MIN = 60_000
const PERSON = '/admin/inquiries/person'
const hash12 = (email: string) => createHash('sha256').update(email).digest('hex').slice(0, 12)
const found = (html: string) => [...html.matchAll(/data-inquiry="([^"]+)"/g)].map((m) => m[1])

t.test('a person\'s request: find, export, erase', async (t) => {
  const time = clock()
  const { app, dataDir, admin, adminAccount, seed, member } = await inboxApp(t, time)
  const first = await seed({ email: 'Taro.Yamada@Example.com', name: '山田 太郎', message: '外壁の塗装について' }, time.now() - 10 * MIN)
  const second = await seed({ ...HOSTILE, email: 'taro.yamada@example.com' }, time.now() - 5 * MIN)
  const other = await seed({ email: 'hanako@example.com', name: '山田 花子', message: '屋根の修理' }, time.now() - MIN)
  const actor = { accountId: adminAccount.account.id, role: 'admin' as const, address: 'test' }
  const entry = (action: string, id: string) => ({ at: time.now(), accountId: actor.accountId, address: 'test', action, target: `inquiry:${id}`, outcome: 'ok' as const })
  await app.inboxStore.change(first, { note: '電話で折り返し予定', legalHold: true }, actor, time.now(), entry('inquiry.change', first))
  const reply = { to: 'Taro.Yamada@Example.com', replyTo: 'info@example.co.jp', subject: 'Re: Q', body: '山田様 お見積りの件', status: null }
  t.ok(await app.inboxStore.queueReply(first, reply, actor, time.now(), entry('inquiry.reply', first)))
  const responder = await member('responder')
  const r = responder.session

  await t.test('the page: nothing about anyone on a GET; the address POSTed, matched whatever its case', async (t) => {
    const page = await app.inject({ url: PERSON, headers: r.headers })
    t.equal(page.statusCode, 200)
    t.same(found(page.body), [])
    t.match(page.body, /data-form="person" action="\/admin\/inquiries\/person" method="post"/)
    const res = await postForm(app, PERSON, r.headers, { _csrf: r.csrf, email: '  TARO.yamada@example.COM ' })
    t.equal(res.statusCode, 200)
    t.same(found(res.body).sort(), [first, second].sort(), 'both of theirs, not the other person\'s')
    t.notOk(found(res.body).includes(other))
    t.match(res.body, /電話で折り返し予定/, 'the note')
    t.match(res.body, /山田様 お見積りの件/, 'the reply')
    t.notOk(res.body.includes('<script>alert'), 'markup escaped')
    t.match(res.body, /\\u202Eexe\.txt/, 'the bidi override shown as an escape (as on the inquiry page)')
    t.notOk(res.body.includes('form-erase') || /data-form="erase"/.test(res.body), 'no erase form for a responder')
    const audits = await app.staffStore.listAudit({ action: 'inquiry.person', limit: 10 })
    t.same(audits.map((a) => a.target), [`email:${hash12('taro.yamada@example.com')}`])
    const all = await app.staffStore.listAudit({ limit: 1000 })
    t.notOk(all.some((a) => /taro|yamada/i.test(a.target)), 'the address is nowhere in the audit log')
  })

  await t.test('a value that is not one address: 400, the form again', async (t) => {
    for (const email of ['', 'taro', 'a b@example.com', `${'x'.repeat(250)}@example.com`, 'a@b\u0007.com']) {
      const res = await postForm(app, PERSON, r.headers, { _csrf: r.csrf, email })
      t.equal(res.statusCode, 400, JSON.stringify(email))
      t.match(res.body, /aria-invalid="true"/)
    }
  })

  await t.test('export: after a fresh factor; JSON and CSV of that set; audited by the hash', async (t) => {
    time.advance(6 * MIN)
    const stale = await postForm(app, `${PERSON}/export`, r.headers, { _csrf: r.csrf, email: 'taro.yamada@example.com', format: 'json' })
    t.equal(stale.statusCode, 303)
    t.equal(stale.headers.location, `/admin/confirm?next=${encodeURIComponent(PERSON)}`, 'back to the person page, no address in the URL')
    time.advance(30_000)
    const fresh = await signIn(app, time, responder)
    const json = await postForm(app, `${PERSON}/export`, fresh.headers, { _csrf: fresh.csrf, email: 'taro.yamada@example.com', format: 'json' })
    t.equal(json.statusCode, 200)
    t.match(json.headers['content-disposition'], /^attachment; filename="inquiries-person-20261126\.json"/)
    const rows = json.json() as Array<Record<string, any>>
    t.same(rows.map((x) => x.id).sort(), [first, second].sort())
    t.equal(rows.find((x) => x.id === first)!.replies[0].body, '山田様 お見積りの件')
    t.equal(rows.find((x) => x.id === second)!.message, HOSTILE.message)
    const csv = await postForm(app, `${PERSON}/export`, fresh.headers, { _csrf: fresh.csrf, email: 'taro.yamada@example.com', format: 'csv' })
    t.same([...csv.rawPayload.subarray(0, 3)], [0xef, 0xbb, 0xbf])
    const exports = await app.staffStore.listAudit({ action: 'inquiry.export', limit: 10 })
    t.same(exports.map((a) => a.target), [`email:${hash12('taro.yamada@example.com')} format:csv`, `email:${hash12('taro.yamada@example.com')} format:json`])
    t.equal((await postForm(app, `${PERSON}/erase`, fresh.headers, { _csrf: fresh.csrf, email: 'taro.yamada@example.com', confirmed: '1' })).statusCode, 403, 'responders do not erase')
    t.ok((await app.inboxStore.detail(first))!.inquiry.name, 'nothing erased')
  })

  await t.test('erase: the confirmation step first, a fresh factor, then gone from the database, the index and the outbox', async (t) => {
    time.advance(30_000)
    const boss = await signIn(app, time, adminAccount)
    const page = await postForm(app, PERSON, boss.headers, { _csrf: boss.csrf, email: 'taro.yamada@example.com' })
    t.match(page.body, /data-form="erase"/, 'admins see the erase form')
    t.match(page.body, /name="confirmed" value=""/, 'unconfirmed: the dialog asks first')
    const step = await postForm(app, `${PERSON}/erase`, boss.headers, { _csrf: boss.csrf, email: 'taro.yamada@example.com', confirmed: '' })
    t.equal(step.statusCode, 200)
    t.match(step.body, /data-confirm="erase"/, 'without JavaScript: the confirmation step')
    t.match(step.body, /name="confirmed" value="1"/)
    t.ok((await app.inboxStore.detail(first))!.inquiry.name, 'nothing erased yet')

    time.advance(6 * MIN)
    const stale = await postForm(app, `${PERSON}/erase`, boss.headers, { _csrf: boss.csrf, email: 'taro.yamada@example.com', confirmed: '1' })
    t.equal(stale.headers.location, `/admin/confirm?next=${encodeURIComponent(PERSON)}`)
    t.ok((await app.inboxStore.detail(first))!.inquiry.name, 'still nothing erased')

    time.advance(30_000)
    const again = await signIn(app, time, adminAccount)
    const done = await postForm(app, `${PERSON}/erase`, again.headers, { _csrf: again.csrf, email: 'taro.yamada@example.com', confirmed: '1' })
    t.equal(done.statusCode, 303)
    t.equal(done.headers.location, `${PERSON}?erased=2`)
    const notice = await app.inject({ url: done.headers.location as string, headers: again.headers })
    t.match(notice.body, /data-notice="erased"/)

    for (const id of [first, second]) {
      const { inquiry, events } = (await app.inboxStore.detail(id))!
      t.same([inquiry.name, inquiry.email, inquiry.phone, inquiry.message, inquiry.company], ['', '', '', '', ''], `${id}: the fields erased`)
      t.ok(inquiry.erasedAt, 'marked erased')
      t.ok(events.some((e) => e.kind === 'erase' && e.data.reason === 'request'))
      t.ok(events.filter((e) => e.kind === 'note' || e.kind === 'reply').every((e) => Object.keys(e.data).length === 0), 'notes\' and replies\' text gone')
    }
    t.equal((await app.staffStore.listAudit({ action: 'inquiry.erase', limit: 10 })).length, 2)
    const search = await app.inboxStore.list({ q: '山田' }, { page: 1, pageSize: 50 })
    t.same(search.rows.map((x) => x.id), [other], 'the name finds only the other person now')
    t.equal((await app.inboxStore.list({ q: '外壁' }, { page: 1, pageSize: 50 })).total, 0, 'nor a word of the message')
    t.equal((await app.inboxStore.list({ email: 'taro.yamada@example.com', includeErased: true }, { page: 1, pageSize: 50 })).total, 0, 'nor the address')
    const db = openDatabase(dataDir)
    t.teardown(() => db.close())
    const outbox = db.prepare('SELECT kind, status, payload FROM outbox WHERE inquiry_id IN (?, ?)').all(first, second) as Array<{ kind: string; status: string; payload: string | null }>
    t.ok(outbox.length >= 3, `${outbox.length} outbox rows`)
    t.ok(outbox.every((m) => m.payload === null), 'every payload gone')
    t.ok(outbox.every((m) => m.status !== 'pending'), 'no mail left to send')
    const dump = JSON.stringify(db.prepare('SELECT * FROM inquiries WHERE id IN (?, ?)').all(first, second))
    t.notOk(/yamada|山田|外壁/i.test(dump), 'no trace in the inquiry rows')
    const still = await postForm(app, PERSON, again.headers, { _csrf: again.csrf, email: 'taro.yamada@example.com' })
    t.same(found(still.body), [], 'nothing held about the address any more')
  })
})
