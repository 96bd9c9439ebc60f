// The inquiry page's main path on PostgreSQL (a throwaway server, scripts/engines.mjs): open (fields inert,
// the view audited), triage (status, assignee, note: events and audit), reply (queued, status to
// waiting), retry of a failed mail; an erased inquiry is read-only.
import t from 'tap'
import { startPostgres } from '../../../scripts/engines.mjs'
import { freshPgDatabase } from '../contact/helper'
import { clock } from '../staff/web-helper'
import { addInquiry, HOSTILE, hostileMessage, inboxApp, mailOutcome, openInquiry, postInquiry, rendered, staffMember, stateOf, textOf } from './detail-helper'

const postgres = await startPostgres()
t.teardown(() => postgres.stop())

t.test('PostgreSQL: open, triage, reply, retry, erased', async (t) => {
  const time = clock()
  const { app, seed } = await inboxApp(t, time, { databaseUrl: await freshPgDatabase(postgres, 'inquiry_detail') })
  t.equal(seed.engine, 'postgres')
  // PostgreSQL's text holds no U+0000 (the form refuses control characters anyway): every other one stays.
  const noNul = (v: string) => v.replace(/\u0000/g, '')
  const hostile = Object.fromEntries(Object.entries({ ...HOSTILE, message: hostileMessage() }).map(([k, v]) => [k, noNul(v as string)]))
  const id = await addInquiry(seed, hostile, 'en')
  const staff = await staffMember(app, time, 'responder')

  const page = await openInquiry(app, staff, id)
  t.equal(page.statusCode, 200)
  const html = rendered(page)
  t.notOk(html.includes('<script>alert') || /[\u202A-\u202E\u0001-\u0008]/.test(html), 'inert')
  t.match(textOf(html, 'data-inquiry-field="name"'), '<script>alert(1)</script>\\u202Eevil\\nname')
  t.match(textOf(html, 'data-inquiry-message=""'), '\\u0001c1\\u0002c2')
  t.match(textOf(html, 'data-inquiry-message=""'), '\\u202Eevil-rtl')
  const views = (await app.inboxStore.detail(id))!.events.filter((e) => e.kind === 'view')
  t.equal(views.length, 1, 'the view event')
  t.equal((await app.staffStore.listAudit({ action: 'inquiry.view' })).filter((a) => a.target === `inquiry:${id}`).length, 1, 'its audit entry')

  const change = await postInquiry(app, staff, id, 'change', { status: 'in-progress', statusWas: 'new', assignee: staff.who.account.id, assigneeWas: '', note: 'PG note' })
  t.equal(change.statusCode, 303)
  t.same(
    (await app.inboxStore.detail(id))!.events.filter((e) => e.kind !== 'view').map((e) => e.kind).sort(),
    ['assign', 'note', 'status'],
  )
  t.equal((await app.staffStore.listAudit({ action: 'inquiry.change' })).length, 1)
  t.equal((await postInquiry(app, staff, id, 'change', { note: '' })).statusCode, 422)

  const { subject, body } = stateOf(await openInquiry(app, staff, id)).data.reply.form
  t.match(subject, /^Your inquiry /, 'the template in the inquiry\'s language')
  t.equal((await postInquiry(app, staff, id, 'reply', { subject: 'a\r\nBcc: x@example.com', body, status: 'waiting', confirmed: '1' })).statusCode, 422, 'CR/LF refused')
  t.equal((await postInquiry(app, staff, id, 'reply', { subject, body, status: 'waiting', confirmed: '1' })).statusCode, 303)
  const detail = (await app.inboxStore.detail(id))!
  t.equal(detail.inquiry.status, 'waiting')
  t.equal(detail.mails.filter((m) => m.kind === 'reply' && m.status === 'pending').length, 1, 'the reply queued')

  const failed = await mailOutcome(seed, id, 'staff', 'failed', time.now())
  t.equal((await postInquiry(app, staff, id, 'retry', { seq: String(failed) })).statusCode, 303)
  t.equal((await app.inboxStore.detail(id))!.mails.find((m) => m.seq === failed)!.status, 'pending', 'retried: pending')

  await app.inboxStore.erase([id], 'request', { accountId: staff.who.account.id, role: 'responder', address: '127.0.0.1' }, time.now())
  const erased = rendered(await openInquiry(app, staff, id))
  t.match(erased, /data-erased=""/)
  t.notOk(erased.includes('data-form="triage"'), 'read-only')
  t.equal((await postInquiry(app, staff, id, 'change', { note: 'x' })).statusCode, 409)
})
