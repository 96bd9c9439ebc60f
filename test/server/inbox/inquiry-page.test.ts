// /admin/inquiries/:id through the real app on SQLite: every field as sent and inert (markup, a formula,
// a bidi override, C0 controls, 10,000 characters), the reply's template in the inquiry's language with
// the name and the quote inert, one audited view per GET (event and audit entry both there), the 404 of
// an unknown id, and the refusals (role, sign-in, CSRF, Origin).
import t from 'tap'
import { hasControlChars } from '../../../shared/validation/control-chars'
import { BODY_MAX, INQUIRY_STATUSES as PAGE_STATUSES } from '../../../shared/admin/inquiry/page-data'
import { INQUIRY_STATUSES } from '../../../server/inbox/types'
import { clock } from '../staff/web-helper'
import { SITE } from '../../helper'
import { addInquiry, HOSTILE, hostileMessage, inboxApp, LOCAL, openInquiry, postInquiry, rendered, staffMember, stateOf, textOf } from './detail-helper'

const BIDI = /[\u202A-\u202E\u2066-\u2069]/
const C0 = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/

t.test('the pages and the store read one list of statuses (shared/admin/inquiry-states.ts), not two kept alike', async (t) => {
  t.equal(PAGE_STATUSES, INQUIRY_STATUSES)
})

t.test('every field exactly as sent, inert; the message readable', async (t) => {
  const time = clock()
  const { app, seed } = await inboxApp(t, time)
  const message = hostileMessage()
  const id = await addInquiry(seed, { ...HOSTILE, message, preferredDate: '2026-12-01' })
  const ja = await staffMember(app, time, 'responder')
  const res = await openInquiry(app, ja, id)
  t.equal(res.statusCode, 200)
  const html = rendered(res)
  t.notOk(html.includes('<script>alert'), 'no markup of the visitor is markup')
  t.notOk(html.includes('<b>Bold'), 'nor a <b>')
  t.ok(html.includes('&lt;script&gt;alert(1)&lt;/script&gt;'), 'the markup shown as text')
  t.notOk(BIDI.test(html), 'no bidi control reaches the page')
  t.notOk(C0.test(html), 'no C0 control reaches the page')
  const field = (name: string) => textOf(html, `data-inquiry-field="${name}"`)
  t.match(field('reference'), id)
  t.match(field('received'), '2026-11-26 09:00:00 JST', 'Japan time')
  t.match(field('locale'), '日本語')
  t.match(field('name'), '<script>alert(1)</script>\\u202Eevil\\nname\\u0000', 'the name, its controls visible')
  t.match(field('nameKana'), '=HYPERLINK("http://x")', 'a formula is text')
  t.match(field('company'), '<b>Bold & Co</b>\\u0007\\u001F')
  t.match(field('email'), 'taro@example.com')
  t.match(field('phone'), '03\\u202E1234')
  t.match(field('inquiryType'), 'お見積りのご依頼', 'the type in the staff member\'s language')
  t.match(field('preferredDate'), '2026-12-01')
  t.match(field('privacyConsent'), '同意済み')

  const shown = textOf(html, 'data-inquiry-message=""')
  t.ok(shown.startsWith('<script>alert(1)</script>\n=HYPERLINK("http://x")\n\\u202Eevil-rtl\\u202C end\n'), 'the message keeps its line breaks, controls visible')
  t.match(shown, '\\u0000c0\\u0001c1', 'C0 controls shown as escapes')
  t.match(shown, 'W'.repeat(300), 'a long word whole (the box wraps it)')
  t.equal(shown.split('\n').length, message.split('\n').length, 'every line kept')
  t.ok(shown.length >= 10_000, `all ${message.length} characters shown (${shown.length} with the escapes)`)
  t.match(html, /class="inquiry-message" role="region" aria-labelledby="inquiry-message-heading" tabindex="0"/, 'a scrolling box keyboard users can reach')

  const en = await staffMember(app, time, 'admin', 'en')
  const page = rendered(await openInquiry(app, en, id))
  t.match(textOf(page, 'data-inquiry-field="inquiryType"'), 'Request an estimate')
  t.match(textOf(page, 'data-inquiry-field="locale"'), 'Japanese')
  t.match(textOf(page, 'data-inquiry-field="privacyConsent"'), 'Agreed')
})

t.test('the reply template: the inquiry\'s language, its reference, the name and the quote inert', async (t) => {
  const time = clock()
  const { app, seed } = await inboxApp(t, time)
  const id = await addInquiry(seed, { ...HOSTILE, message: hostileMessage() }, 'en')
  const ja = await staffMember(app, time, 'responder')
  const res = await openInquiry(app, ja, id)
  const { subject, body, status } = stateOf(res).data.reply.form
  t.equal(status, 'waiting', 'after sending: waiting for the customer, unless chosen otherwise')
  t.match(subject, id, 'the subject quotes the reference')
  t.match(subject, /^Your inquiry /, 'in the inquiry\'s language (English), not the staff member\'s (Japanese)')
  t.notOk(hasControlChars(subject), 'a subject of one line')
  const lines = body.split('\n')
  t.equal(lines[0], 'Dear <script>alert(1)</script> evil name,', 'the greeting by name, on one line: controls and bidi overrides gone')
  t.match(body, `inquiry ${id}`)
  t.notOk(BIDI.test(body) || C0.test(body), 'nothing in the template acts on a mail reader')
  const quote = lines.slice(lines.findIndex((l: string) => l.startsWith('--- ')) + 1).filter((l: string) => l !== '')
  t.ok(quote.length > 100 && quote.every((l: string) => l.startsWith('> ')), 'the message quoted, every line after "> "')
  t.match(quote.join('\n'), '> \\u202Eevil-rtl\\u202C end', 'its bidi override visible in the quote')
  t.ok(body.length <= BODY_MAX, `the template (${body.length} characters) fits the body limit`)
  t.match(rendered(res), '&lt;script&gt;alert(1)&lt;/script&gt; evil name,', 'the textarea holds it as text')

  const sent = await postInquiry(app, ja, id, 'reply', { subject, body, status, confirmed: '1' })
  t.equal(sent.statusCode, 303, 'the template is sent as it is')

  // A message of 10,000 line breaks: its quote is cut to fit, saying so.
  const many = await addInquiry(seed, { message: 'x\n'.repeat(5_000) + 'y'.repeat(5_000) }, 'ja')
  const cut = stateOf(await openInquiry(app, ja, many)).data.reply.form.body as string
  t.ok(cut.length <= BODY_MAX, `cut to ${cut.length} characters`)
  t.match(cut, '> （長いため、以下は省略しました）', 'the cut said in the inquiry\'s language')
  t.match(cut, /^山田 太郎 様\n/, 'a Japanese greeting')

  // A name typed in half-width katakana is greeted in the full-width form a letter uses; other characters stay.
  const kana = await addInquiry(seed, { name: 'ﾔﾏﾀﾞ ﾀﾛｳ（ＡＢＣ工務店）' }, 'ja')
  const greeting = (stateOf(await openInquiry(app, ja, kana)).data.reply.form.body as string).split('\n')[0]
  t.equal(greeting, 'ヤマダ タロウ（ＡＢＣ工務店） 様')
})

t.test('a view per GET, audited: the event and the audit entry both there; not on a POST rendered again', async (t) => {
  const time = clock()
  const { app, seed } = await inboxApp(t, time)
  const id = await addInquiry(seed)
  const staff = await staffMember(app, time, 'responder')
  const views = async () => (await app.inboxStore.detail(id))!.events.filter((e) => e.kind === 'view')
  const audits = () => app.staffStore.listAudit({ action: 'inquiry.view', limit: 100 })
  t.equal((await openInquiry(app, staff, id)).statusCode, 200)
  time.advance(1_000)
  t.equal((await openInquiry(app, staff, id, '?notice=changed')).statusCode, 200)
  const events = await views()
  t.equal(events.length, 2, 'two views')
  t.same(
    events.map((e) => e.accountId),
    [staff.who.account.id, staff.who.account.id],
  )
  const entries = await audits()
  t.equal(entries.length, 2, 'two audit entries')
  t.ok(entries.every((e) => e.target === `inquiry:${id}` && e.accountId === staff.who.account.id && e.outcome === 'ok'))
  t.same(entries.map((e) => e.at).sort(), events.map((e) => e.at).sort(), 'each entry at its event\'s time')

  const again = await postInquiry(app, staff, id, 'change', { note: '' })
  t.equal(again.statusCode, 422)
  t.equal((await views()).length, 2, 'a form shown again is not a view')
  t.equal((await audits()).length, 2)
  const page = rendered(await openInquiry(app, staff, id))
  t.match(page, /data-event="view"/, 'views in the history')
  t.match(textOf(page, 'data-history=""'), `${staff.who.account.name} が2回閲覧しました`, 'the two views in a row: one line (this one is recorded as the page is drawn, not shown in it)')
})

t.test('repeated views: one history line per run of one person\'s views (a count, from – until), every view still recorded', async (t) => {
  const time = clock()
  const { app, seed } = await inboxApp(t, time)
  const id = await addInquiry(seed)
  const sato = await staffMember(app, time, 'responder')
  const kato = await staffMember(app, time, 'responder')
  const ja = await staffMember(app, time, 'admin')
  const en = await staffMember(app, time, 'admin', 'en')
  const open = async (who: typeof sato, times: number) => {
    for (let i = 0; i < times; i++) {
      t.equal((await openInquiry(app, who, id)).statusCode, 200)
      time.advance(2 * 60_000)
    }
  }
  const first = time.now()
  await open(sato, 3)
  const last = first + 2 * 2 * 60_000
  await open(kato, 1)
  await open(sato, 2)
  t.equal((await postInquiry(app, sato, id, 'change', { status: 'in-progress', statusWas: 'new', note: '' })).statusCode, 303)
  await open(sato, 1)

  const lines = (page: Awaited<ReturnType<typeof openInquiry>>) => (stateOf(page).data.history as { kind: string; who: string | null; count?: number }[]).map((h) => [h.kind, h.who, h.count ?? null])
  const page = await openInquiry(app, ja, id)
  const [s, k] = [sato.who.account.name, kato.who.account.name]
  t.same(lines(page).slice(0, 6), [
    ['received', null, null],
    ['view', s, 3],
    ['view', k, 1],
    ['view', s, 2],
    ['status', s, null],
    ['view', s, 1],
  ], 'consecutive views by one person grouped; another person or a change between starts a new line')
  const html = rendered(page)
  const iso = (ms: number) => new Date(ms).toISOString()
  const history = textOf(html, 'data-history=""')
  t.match(history, `${s} が3回閲覧しました`, 'the count')
  t.match(html, new RegExp(`<time dateTime="${iso(first)}"[\\s\\S]*?〜[\\s\\S]*?<time dateTime="${iso(last)}"`), 'and the time range')
  t.match(history, `${k} が閲覧しました`, 'one view: as before')
  const english = await openInquiry(app, en, id)
  t.match(textOf(rendered(english), 'data-history=""'), `${s} viewed it 3 times`, 'in English')
  t.match(rendered(english), new RegExp(`<time dateTime="${iso(first)}"[\\s\\S]*? to [\\s\\S]*?<time dateTime="${iso(last)}"`))

  const events = (await app.inboxStore.detail(id))!.events.filter((e) => e.kind === 'view')
  t.equal(events.length, 3 + 1 + 2 + 1 + 2, 'every view an event (the two pages just drawn too)')
  t.equal((await app.staffStore.listAudit({ action: 'inquiry.view', limit: 100 })).length, events.length, 'and an audit entry')
})

t.test('an unknown inquiry: the staff 404 page, in the staff member\'s language, no view', async (t) => {
  const time = clock()
  const { app } = await inboxApp(t, time)
  const staff = await staffMember(app, time, 'admin', 'en')
  for (const id of ['Q-20261126-NOPE00', 'x'.repeat(65), '%3Cscript%3E']) {
    const res = await app.inject({ url: `/admin/inquiries/${id}`, headers: staff.headers })
    t.equal(res.statusCode, 404, id.slice(0, 20))
    t.match(res.body, /data-reason="notFound"/)
    t.match(res.body, /<html lang="en"/)
  }
  const post = await postInquiry(app, staff, 'Q-20261126-NOPE00', 'change', { note: 'x' })
  t.equal(post.statusCode, 404, 'a form for an unknown inquiry: 404')
  t.equal((await app.staffStore.listAudit({ action: 'inquiry.view' })).length, 0)
})

t.test('refusals: editor 403, signed out to sign-in, missing or wrong CSRF 403, another Origin 403', async (t) => {
  const time = clock()
  const { app, seed } = await inboxApp(t, time)
  const id = await addInquiry(seed)
  const editor = await staffMember(app, time, 'editor')
  const responder = await staffMember(app, time, 'responder')
  t.equal((await openInquiry(app, editor, id)).statusCode, 403, 'an editor may not open it')
  const out = await app.inject({ url: `/admin/inquiries/${id}`, headers: LOCAL })
  t.equal(out.statusCode, 303)
  t.equal(out.headers.location, `/admin/sign-in?next=${encodeURIComponent(`/admin/inquiries/${id}`)}`)
  const change = { status: 'done', statusWas: 'new' }
  for (const form of ['change', 'reply', 'retry'] as const) {
    t.equal((await postInquiry(app, editor, id, form, change)).statusCode, 403, `${form}: editor`)
    t.equal((await postInquiry(app, responder, id, form, { ...change, _csrf: '' })).statusCode, 403, `${form}: no token`)
    t.equal((await postInquiry(app, responder, id, form, { ...change, _csrf: 'x'.repeat(43) })).statusCode, 403, `${form}: wrong token`)
    const crossSite = await app.inject({
      method: 'POST',
      url: `/admin/inquiries/${id}/${form}`,
      headers: { ...responder.headers, origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ _csrf: responder.csrf, ...change }).toString(),
    })
    t.equal(crossSite.statusCode, 403, `${form}: another Origin`)
    const signedOut = await app.inject({ method: 'POST', url: `/admin/inquiries/${id}/${form}`, headers: { ...LOCAL, origin: SITE, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'status=done' })
    t.equal(signedOut.statusCode, 303, `${form}: signed out`)
    t.match(signedOut.headers.location, /^\/admin\/sign-in\?next=/)
  }
  const detail = (await app.inboxStore.detail(id))!
  t.equal(detail.inquiry.status, 'new', 'nothing changed')
  t.same(detail.events.filter((e) => e.kind !== 'view'), [])
  t.ok((await app.staffStore.listAudit({ action: 'request.refused', limit: 100 })).length >= 12, 'each refusal audited')
})
