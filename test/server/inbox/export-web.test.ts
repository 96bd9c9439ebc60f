// The inbox export (POST /admin/inquiries/export, the list's form) through the real app on SQLite: only
// after a fresh factor check (else to /admin/confirm, back to the list with its filter), CSV that Excel
// opens (BOM at byte 0, CRLF, quoted cells, formulas neutralised, the header in the staff member's
// language) or JSON; hostile text intact and inert in both; audited with an 'export' event per inquiry.
import t from 'tap'
import { parse } from 'csv-parse/sync'
import { siteTime } from '../../../server/site-time'
import { clock, postForm, signIn } from '../staff/web-helper'
import { HOSTILE, inboxApp } from './inbox-helper'

const MIN = 60_000
const EXPORT = '/admin/inquiries/export'
const csvRows = (body: Buffer): string[][] => parse(body.toString('utf8'), { bom: true })

t.test('export: fresh factor, CSV for Excel, JSON, audit and events', async (t) => {
  const time = clock()
  const { app, admin, adminAccount, seed, member } = await inboxApp(t, time)
  const hostileId = await seed({ ...HOSTILE, email: 'evil@example.com' }, time.now() - 3 * MIN)
  const plainId = await seed({ name: '佐藤, "花子"', phone: '-0120-000-000' }, time.now() - 2 * MIN, 'en')
  const doneId = await seed({ name: '完了 済' }, time.now() - MIN)
  const actor = { accountId: adminAccount.account.id, role: 'admin' as const, address: 'test' }
  const audit = (action: string, id: string) => ({ at: time.now(), accountId: actor.accountId, address: 'test', action, target: `inquiry:${id}`, outcome: 'ok' as const })
  await app.inboxStore.change(hostileId, { note: '=1+1 折り返し' }, actor, time.now(), audit('inquiry.change', hostileId))
  await app.inboxStore.change(doneId, { status: 'done' }, actor, time.now(), audit('inquiry.change', doneId))

  await t.test('without a factor in the last 5 minutes: to the confirmation, back to the filtered list; nothing exported', async (t) => {
    time.advance(6 * MIN)
    const res = await postForm(app, EXPORT, admin.headers, { _csrf: admin.csrf, status: 'new', q: '山田', format: 'csv' })
    t.equal(res.statusCode, 303)
    t.equal(res.headers.location, `/admin/confirm?next=${encodeURIComponent('/admin/inquiries?status=new&q=%E5%B1%B1%E7%94%B0')}`)
    t.equal((await app.staffStore.listAudit({ action: 'inquiry.export', limit: 10 })).length, 0)
    t.equal((await app.staffStore.listAudit({ action: 'reauth.required', limit: 10 })).length, 1, 'the refusal audited')
    t.notOk((await app.inboxStore.detail(hostileId))!.events.some((e) => e.kind === 'export'), 'no export event')
  })

  // A fresh sign-in proves a factor now.
  time.advance(30_000)
  const fresh = await signIn(app, time, adminAccount)

  await t.test('CSV: BOM at byte 0, CRLF, the header in Japanese, parsed back equal, formulas neutralised', async (t) => {
    const res = await postForm(app, EXPORT, fresh.headers, { _csrf: fresh.csrf, status: 'new', format: 'csv' })
    t.equal(res.statusCode, 200)
    t.equal(res.headers['content-type'], 'text/csv; charset=utf-8')
    t.equal(res.headers['content-disposition'], `attachment; filename="inquiries-20261126.csv"; filename*=UTF-8''inquiries-20261126.csv`)
    t.equal(res.headers['cache-control'], 'no-store')
    t.same([...res.rawPayload.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'EF BB BF at byte 0')
    t.notOk(/[^\r]\n"/.test(res.body), 'records end with CRLF')
    const rows = csvRows(res.rawPayload)
    t.same(rows[0], ['受付番号', '受付日時（日本時間）', '状態', '担当者', '種別', '言語', 'お名前', 'フリガナ', '会社名', 'メールアドレス', '電話番号', '現地調査のご希望日', 'お問い合わせ内容', 'メモ', '返信'])
    t.equal(rows.length, 3, 'the header and the two new ones (done filtered out)')
    const byId = new Map(rows.slice(1).map((r) => [r[0], r]))
    const hostile = byId.get(hostileId)!
    const stored = (await app.inboxStore.detail(hostileId))!.inquiry
    t.equal(hostile[1], siteTime(stored.receivedAt), 'received in Japan time')
    t.match(hostile[1], / JST$/)
    t.equal(hostile[2], '新規', 'the status in words, as the screens say it')
    t.equal(hostile[4], ({ estimate: 'お見積りのご依頼', 'new-construction': '新築のご相談', renovation: '改修・リフォームのご相談', recruitment: '採用について', other: 'その他' } as Record<string, string>)[stored.inquiryType], `the type in words (${stored.inquiryType})`)
    t.equal(hostile[6], HOSTILE.name, 'markup is text, intact')
    t.equal(hostile[8], `'${HOSTILE.company}`, '=HYPERLINK neutralised')
    t.equal(hostile[10], `'${HOSTILE.phone}`, '+81… neutralised too')
    t.equal(hostile[12], HOSTILE.message, 'the message intact: line breaks, U+202E, controls, 10,000 characters')
    t.match(hostile[13], /: =1\+1 折り返し$/, 'the note joined, after its time and author')
    t.equal(byId.get(plainId)![6], '佐藤, "花子"')
    t.equal(byId.get(plainId)![10], "'-0120-000-000", 'a leading - neutralised')
    t.equal(byId.get(plainId)![5], '英語', 'the language in words')
  })

  await t.test('JSON: every field, hostile text intact once parsed, invisible characters escaped in the file', async (t) => {
    const res = await postForm(app, EXPORT, fresh.headers, { _csrf: fresh.csrf, status: ['new', 'done'].join(','), format: 'json' })
    t.equal(res.statusCode, 200)
    t.equal(res.headers['content-type'], 'application/json; charset=utf-8')
    t.match(res.headers['content-disposition'], /filename="inquiries-20261126\.json"/)
    t.notOk(res.body.includes('\u202E'), 'no raw bidi override in the file')
    t.ok(res.body.includes('\\u202E'), 'written as an escape')
    const rows = res.json() as Array<Record<string, any>>
    t.equal(rows.length, 3, 'both statuses')
    const hostile = rows.find((r) => r.id === hostileId)!
    t.same({ name: hostile.name, company: hostile.company, phone: hostile.phone, message: hostile.message }, HOSTILE, 'exact values')
    t.equal(hostile.notes[0].text, '=1+1 折り返し', 'notes, not neutralised in JSON')
    t.match(hostile.notes[0].at, /^2026-11-26T\d\d:\d\d:\d\d\.\d{3}Z$/)
    t.equal(rows.find((r) => r.id === doneId)!.status, 'done')
  })

  await t.test('a field sent twice keeps every value; the header follows the account\'s language', async (t) => {
    await app.staffStore.updateAccount(adminAccount.account.id, { locale: 'en' }, { at: time.now(), accountId: null, address: 'test', action: 'account.locale', target: 'x', outcome: 'ok' })
    const res = await app.inject({ method: 'POST', url: EXPORT, headers: { ...fresh.headers, 'content-type': 'application/x-www-form-urlencoded' }, payload: `_csrf=${fresh.csrf}&status=new&status=done&format=csv` })
    const rows = csvRows(res.rawPayload)
    t.equal(rows.length, 4)
    t.equal(rows[0]![0], 'Reference')
    t.equal(rows[0]![1], 'Received (Japan time)')
  })

  await t.test('audited without the search words; an export event on each inquiry exported', async (t) => {
    const res = await postForm(app, EXPORT, fresh.headers, { _csrf: fresh.csrf, q: '佐藤', lang: 'en', format: 'json' })
    t.equal(res.statusCode, 200)
    t.same((res.json() as Array<{ id: string }>).map((r) => r.id), [plainId], 'the search')
    const entries = await app.staffStore.listAudit({ action: 'inquiry.export', limit: 10 })
    t.same(entries.map((e) => e.target), ['inquiries format:json lang=en q', 'inquiries format:csv status=new&status=done', 'inquiries format:json status=new&status=done', 'inquiries format:csv status=new'])
    t.ok(entries.every((e) => e.accountId === adminAccount.account.id))
    t.notOk(entries.some((e) => e.target.includes('佐藤') || e.target.includes('%')), 'no search words in the log')
    const exported = (await app.inboxStore.detail(plainId))!.events.filter((e) => e.kind === 'export')
    t.equal(exported.length, 4)
    t.ok(exported.every((e) => e.accountId === adminAccount.account.id))
  })

  await t.test('refusals: bad filter or format 400, another site 403, bad token 403, editor 403, nobody to sign-in', async (t) => {
    for (const fields of [{ status: 'closed', format: 'csv' }, { from: '2026-02-30', format: 'csv' }, { format: 'xlsx' }, {}] as Record<string, string>[]) {
      const res = await postForm(app, EXPORT, fresh.headers, { _csrf: fresh.csrf, ...fields })
      t.equal(res.statusCode, 400, JSON.stringify(fields))
      t.match(res.body, /data-reason="invalid"/, 'the staff error page')
    }
    t.equal((await postForm(app, EXPORT, { ...fresh.headers, origin: 'https://evil.example' }, { _csrf: fresh.csrf, format: 'csv' })).statusCode, 403)
    t.equal((await postForm(app, EXPORT, fresh.headers, { _csrf: 'nope', format: 'csv' })).statusCode, 403)
    const editor = await member('editor')
    t.equal((await postForm(app, EXPORT, editor.session.headers, { _csrf: editor.session.csrf, format: 'csv' })).statusCode, 403)
    const responder = await member('responder')
    t.equal((await postForm(app, EXPORT, responder.session.headers, { _csrf: responder.session.csrf, format: 'csv' })).statusCode, 200, 'responders export')
    const nobody = await postForm(app, EXPORT, { host: 'localhost' }, { format: 'csv' })
    t.equal(nobody.statusCode, 303)
    t.match(nobody.headers.location, /^\/admin\/sign-in\?next=/)
    t.equal((await app.inject({ url: EXPORT, headers: fresh.headers })).statusCode, 405, 'a GET exports nothing')
  })
})
