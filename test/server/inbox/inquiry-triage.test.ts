// Triage on /admin/inquiries/:id (SQLite): each change writes its event(s) and one 'inquiry.change' audit
// entry, then 303 back with a notice; the history says it in words; a form with errors is the page again
// (422, localised in both languages, what was typed kept); a form shown before someone else's change does
// not undo it; a responder sets a legal hold but only an admin lifts it; an erased inquiry is read-only.
import t from 'tap'
import { clock } from '../staff/web-helper'
import { addInquiry, inboxApp, openInquiry, postInquiry, rendered, staffMember, stateOf, textOf } from './detail-helper'

t.test('each change: its event, its audit entry, 303 back with a notice, a sentence in the history', async (t) => {
  const time = clock()
  const { app, seed } = await inboxApp(t, time)
  const id = await addInquiry(seed)
  const sato = await staffMember(app, time, 'responder')
  const boss = await staffMember(app, time, 'admin')
  const events = async () => (await app.inboxStore.detail(id))!.events.filter((e) => e.kind !== 'view')
  const changes = () => app.staffStore.listAudit({ action: 'inquiry.change', limit: 100 })

  const status = await postInquiry(app, sato, id, 'change', { status: 'in-progress', statusWas: 'new', note: '' })
  t.equal(status.statusCode, 303)
  t.equal(status.headers.location, `/admin/inquiries/${id}?notice=changed`)
  t.same((await events()).map((e) => [e.kind, e.data]), [['status', { from: 'new', to: 'in-progress' }]])
  t.equal((await changes()).length, 1)

  time.advance(60_000)
  const assign = await postInquiry(app, sato, id, 'change', { assignee: sato.who.account.id, assigneeWas: '' })
  t.equal(assign.statusCode, 303, '"assign to me": only the assignee sent')
  time.advance(60_000)
  const both = await postInquiry(app, sato, id, 'change', { status: 'waiting', statusWas: 'in-progress', note: '  折り返し電話済み。\r\n見積りは来週。  ', legalHold: 'on' })
  t.equal(both.statusCode, 303)
  const kinds = (await events()).map((e) => e.kind)
  t.same(kinds.slice(0, 2), ['status', 'assign'])
  t.same(kinds.slice(2).sort(), ['hold', 'note', 'status'], 'status, note and hold at once: an event each')
  t.equal((await changes()).length, 3, 'one audit entry per change')
  t.ok((await changes()).every((a) => a.target === `inquiry:${id}` && a.accountId === sato.who.account.id))
  const note = (await events()).find((e) => e.kind === 'note')!
  t.same(note.data, { text: '折り返し電話済み。\n見積りは来週。' }, 'the note trimmed, CR LF as LF')

  const page = await openInquiry(app, sato, id, '?notice=changed')
  const html = rendered(page)
  t.match(html, /data-notice="changed"/)
  const name = sato.who.account.name
  // Each name whole in its sentence (an element of its own): the sentences read as text.
  const history = textOf(html, 'data-history=""')
  t.match(history, `${name} がステータスを「新規」から「対応中」に変更しました`)
  t.match(history, `${name} が担当者を ${name} にしました`)
  t.match(history, `${name} が法的保全を設定しました`)
  t.match(textOf(html, 'inquiry-history__item--note'), '折り返し電話済み。\n見積りは来週。')
  const order = [...html.matchAll(/data-event="(\w+)"/g)].map((m) => m[1])
  t.equal(order[0], 'received', 'oldest first: the receipt')
  t.equal(order.indexOf('status') < order.indexOf('assign'), true, 'newest last')
  t.same(stateOf(page).data.triage.form, { status: 'waiting', assignee: sato.who.account.id, note: '', legalHold: true })
  t.notOk(html.includes('data-form="assign-me"'), 'no "assign to me" for the assignee')

  // The legal hold: a responder cannot lift it (403, audited); an admin can.
  const lift = await postInquiry(app, sato, id, 'change', { legalHold: 'off', holdWas: '1' })
  t.equal(lift.statusCode, 403)
  t.equal((await app.inboxStore.detail(id))!.inquiry.legalHold, true)
  t.ok((await app.staffStore.listAudit({ action: 'request.refused' })).some((a) => a.target.endsWith(' hold')))
  t.match(rendered(await openInquiry(app, sato, id)), /data-hold="locked"/, 'a responder sees the hold, no checkbox')
  t.equal((await postInquiry(app, boss, id, 'change', { legalHold: 'off', holdWas: '1' })).statusCode, 303, 'an admin lifts it')
  t.equal((await app.inboxStore.detail(id))!.inquiry.legalHold, false)

  // Unassigning, and the English sentences.
  t.equal((await postInquiry(app, boss, id, 'change', { assignee: '', assigneeWas: sato.who.account.id })).statusCode, 303)
  const en = await staffMember(app, time, 'admin', 'en')
  const english = textOf(rendered(await openInquiry(app, en, id)), 'data-history=""')
  t.match(english, `${name} changed the status from New to In progress`)
  t.match(english, `${boss.who.account.name} removed the assignee (${name})`)
  t.match(english, `${boss.who.account.name} lifted the legal hold`)
})

t.test('a form with errors: 422, localised in both languages, what was typed kept, nothing changed', async (t) => {
  const time = clock()
  const { app, seed } = await inboxApp(t, time)
  const id = await addInquiry(seed)
  const ja = await staffMember(app, time, 'responder')
  const en = await staffMember(app, time, 'responder', 'en')
  const cases: Array<[Record<string, string>, string, string, string]> = [
    [{ note: '   ' }, 'note', '社内メモを書くか、ほかの項目を変更してください。', 'Write a note or change something.'],
    [{ note: 'あ'.repeat(5_001) }, 'note', '社内メモは5,000文字以内で書いてください。', 'Keep the note to 5,000 characters or fewer.'],
    [{ note: 'bell\u0007' }, 'note', '社内メモに制御文字は使えません', 'A note cannot hold control characters'],
    [{ status: 'closed', note: 'x' }, 'status', 'ステータスを選んでください。', 'Choose a status.'],
    [{ assignee: 'no-such-account', note: 'x' }, 'assignee', '担当者は、有効な対応担当者か管理者から選んでください。', 'Choose an active responder or admin as the assignee.'],
  ]
  for (const [fields, field, jaText, enText] of cases) {
    for (const [who, text] of [[ja, jaText], [en, enText]] as const) {
      const res = await postInquiry(app, who, id, 'change', { statusWas: 'new', assigneeWas: '', holdWas: '0', ...fields })
      t.equal(res.statusCode, 422, `${field}: ${JSON.stringify(fields).slice(0, 40)}`)
      t.match(textOf(rendered(res), `id="triage-${field}-error"`), text)
      t.match(rendered(res), new RegExp(`id="triage-${field}"[^>]*aria-describedby="[^"]*triage-${field}-error`), 'the field points at its error')
    }
  }
  const typed = await postInquiry(app, ja, id, 'change', { status: 'bogus', note: '<b>keep</b> me' })
  t.match(rendered(typed), /<textarea[^>]*name="note"[^>]*>&lt;b&gt;keep&lt;\/b&gt; me<\/textarea>/, 'the note typed kept, inert')
  t.equal(stateOf(typed).path, `/admin/inquiries/${id}`, 'the page again at its own path (language switch, links)')
  t.same((await app.inboxStore.detail(id))!.events.filter((e) => e.kind !== 'view'), [], 'nothing changed')
  t.equal((await app.staffStore.listAudit({ action: 'inquiry.change' })).length, 0)
})

t.test('a form shown before someone else\'s change does not undo it', async (t) => {
  const time = clock()
  const { app, seed } = await inboxApp(t, time)
  const id = await addInquiry(seed)
  const a = await staffMember(app, time, 'responder')
  const b = await staffMember(app, time, 'responder')
  const seenByB = stateOf(await openInquiry(app, b, id)).data.was
  t.equal((await postInquiry(app, a, id, 'change', { status: 'done', statusWas: 'new' })).statusCode, 303)
  // B's form still shows 'new'; B only adds a note.
  const res = await postInquiry(app, b, id, 'change', { status: seenByB.status, statusWas: seenByB.status, assignee: '', assigneeWas: '', legalHold: 'off', holdWas: '0', note: 'called back' })
  t.equal(res.statusCode, 303)
  const detail = (await app.inboxStore.detail(id))!
  t.equal(detail.inquiry.status, 'done', "A's change stays")
  t.same(detail.events.filter((e) => e.kind !== 'view').map((e) => e.kind), ['status', 'note'])
})

t.test('spam stops the pending mail', async (t) => {
  const time = clock()
  const { app, seed } = await inboxApp(t, time)
  const id = await addInquiry(seed)
  const staff = await staffMember(app, time, 'admin')
  const hint = rendered(await openInquiry(app, staff, id))
  t.match(hint, '「スパム」にすると、この問い合わせの送信待ちのメールも止まります。')
  t.equal((await postInquiry(app, staff, id, 'change', { status: 'spam', statusWas: 'new' })).statusCode, 303)
  const html = rendered(await openInquiry(app, staff, id))
  const state = (kind: string) => new RegExp(`data-mail="${kind}"(?:(?!</tr>)[^])*data-mail-state="(\\w+)"`).exec(html)?.[1]
  t.equal(state('staff'), 'cancelled', 'the staff mail cancelled')
  t.equal(state('auto-reply'), 'cancelled', 'the auto-reply cancelled')
  t.notOk(html.includes('data-form="retry"'), 'nothing left to retry')
})

t.test('an erased inquiry: read-only, saying when its personal data was erased', async (t) => {
  const time = clock()
  const { app, seed } = await inboxApp(t, time)
  const id = await addInquiry(seed, { name: '消去 される人', message: '秘密の相談' })
  const staff = await staffMember(app, time, 'admin')
  t.equal((await postInquiry(app, staff, id, 'change', { note: '消える予定のメモ' })).statusCode, 303)
  time.advance(10 * 60_000)
  t.equal(await app.inboxStore.erase([id], 'request', { accountId: staff.who.account.id, role: 'admin', address: '127.0.0.1' }, time.now()), 1)
  const res = await openInquiry(app, staff, id)
  t.equal(res.statusCode, 200)
  const html = rendered(res)
  t.match(textOf(html, 'data-erased=""'), /この問い合わせの個人情報は消去されました。消去日時: 2026-11-26 09:1\d:\d\d JST/)
  for (const gone of ['消去 される人', '秘密の相談', '消える予定のメモ', 'taro@example.com']) t.notOk(html.includes(gone), `${gone}: not shown`)
  for (const form of ['triage', 'reply', 'assign-me', 'retry']) t.notOk(html.includes(`data-form="${form}"`), `no ${form} form`)
  t.match(html, /data-inquiry-field="reference"/, 'what erasure keeps: the reference')
  t.match(html, /data-event="erase"/)
  t.match(textOf(html, 'data-history=""'), `${staff.who.account.name} がご本人の求めにより個人情報を消去しました`)
  t.match(html, /data-event="note"[^]*?（消去済み）/, 'the note: its time and author, not its text')
  const refused = await postInquiry(app, staff, id, 'change', { status: 'done', statusWas: 'new' })
  t.equal(refused.statusCode, 409)
  t.match(rendered(refused), /data-notice="erased"/)
  t.equal((await postInquiry(app, staff, id, 'reply', { subject: 's', body: 'b', status: 'keep', confirmed: '1' })).statusCode, 409)
})
