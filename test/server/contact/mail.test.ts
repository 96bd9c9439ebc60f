import t from 'tap'
import { IntlMessageFormat } from 'intl-messageformat'
import { headerText } from '../../../server/contact/mail-text'
import { MAIL_MESSAGES } from '../../../server/i18n/mail'
import { retryDelay } from '../../../server/outbox/worker'
import { flattenKeys, lookupMessage } from '../../../shared/i18n/messages'
import { logCollector } from '../../helper'
import { openDatabase } from '../../../server/database'
import { normalizeContact } from '../../../shared/pages/contact/normalize'
import { contactApp, formFields, freshToken, mailState, postForm, postJson, tempDataDir, validInquiry, withFormToken } from './helper'
import { freePort, startSmtp, waitFor } from './smtp'
import { sqliteStores } from '../stores'

const FAST = { pollMs: 50, baseDelayMs: 200, maxDelayMs: 400, maxAttempts: 50 }
const mailSettings = (port: number) => ({ smtpUrl: `smtp://127.0.0.1:${port}`, to: 'staff@example.test', from: '蒼栄建設 <noreply@example.test>' })

t.test('mail texts: ja and en have the same keys and every message parses', async (t) => {
  t.same(flattenKeys(MAIL_MESSAGES.ja), flattenKeys(MAIL_MESSAGES.en))
  for (const code of ['ja', 'en'] as const) {
    for (const key of flattenKeys(MAIL_MESSAGES[code])) t.doesNotThrow(() => new IntlMessageFormat(lookupMessage(MAIL_MESSAGES[code], key)!, code), `${code} ${key}`)
  }
})

t.test('staff mail and an auto-reply in the visitor\'s language', async (t) => {
  const smtp = await startSmtp()
  t.teardown(smtp.close)
  const { app, dataDir } = await contactApp(t, mailSettings(smtp.port), { outbox: FAST })
  await app.ready()
  const ja = (await app.inject(postJson(await withFormToken(app, validInquiry())))).json().id
  const en = (await app.inject(postJson(await withFormToken(app, validInquiry({ locale: 'en', name: 'Jane Smith', email: 'jane@example.org', emailConfirm: 'jane@example.org', nameKana: '', inquiryType: 'renovation', preferredDate: '' }))))).json().id
  await waitFor(() => smtp.mails.length === 4)
  const find = (to: string, ref: string) => smtp.mails.find((m) => m.to.includes(to) && m.headers['x-inquiry-reference'] === ref)!

  const staff = find('staff@example.test', ja)
  t.same(staff.to, ['staff@example.test'])
  t.equal(staff.from, 'noreply@example.test')
  t.equal(staff.headers.subject, `[お問い合わせ] ${ja}（お見積りのご依頼）`)
  t.match(staff.headers['reply-to'], /山田 太郎.*<taro@example\.com>/)
  t.match(staff.text, /新しいお問い合わせが届きました/)
  t.match(staff.text, /お名前: 山田 太郎/)
  t.match(staff.text, /お問い合わせ内容:\n事務所の改修について相談したいです。/)

  const replyJa = find('taro@example.com', ja)
  t.equal(replyJa.headers.subject, `【蒼栄建設株式会社】お問い合わせを受け付けました（受付番号 ${ja}）`)
  t.equal(replyJa.headers['auto-submitted'], 'auto-replied')
  t.match(replyJa.text, /^お問い合わせいただいたお客様へ\n/)
  t.match(replyJa.text, new RegExp(`受付番号: ${ja}`))
  t.notMatch(replyJa.text, /山田|事務所の改修について/, 'none of the visitor\'s free text: the form is no relay')
  t.same(replyJa.to, ['taro@example.com'], 'no display name taken from the form')
  t.match(replyJa.text, /TEL 03-5555-0123/)

  const staffEn = find('staff@example.test', en)
  t.equal(staffEn.headers.subject, `[お問い合わせ] ${en}（改修・リフォームのご相談）`, 'staff mail stays Japanese')
  t.match(staffEn.text, /言語: 英語/)
  const replyEn = find('jane@example.org', en)
  t.equal(replyEn.headers.subject, `[Soei Construction Co., Ltd.] We have received your inquiry (reference ${en})`)
  t.match(replyEn.text, /^Dear customer,\n/)
  t.notMatch(replyEn.text, /Jane/)
  t.match(replyEn.text, /Inquiry type: Renovation or remodelling/)
  t.match(replyEn.text, /Preferred site-visit date: \(not given\)/)

  await waitFor(() => mailState(dataDir, ja)['auto-reply']?.status === 'sent' && mailState(dataDir, en).staff?.status === 'sent')
  t.equal(mailState(dataDir, ja).staff?.status, 'sent')
})

t.test('nothing a visitor types reaches a mail header or adds a line to the staff mail', async (t) => {
  const smtp = await startSmtp()
  t.teardown(smtp.close)
  const { app, dataDir } = await contactApp(t, mailSettings(smtp.port), { outbox: FAST })
  await app.ready()
  const injected = { name: 'Evil\r\nBcc: victim@example.net\r\nメールアドレス: attacker@example.net\u001B[8m', company: 'x\r\nTo: other@example.net', message: 'hello\r\nsecond line\u001B[2J' }
  const refused = await app.inject(postJson(await withFormToken(app, validInquiry(injected))))
  t.equal(refused.statusCode, 422, 'the form refuses line breaks and escapes in one-line fields')
  t.same(Object.keys(refused.json().errors), ['name', 'company', 'message'])
  // A row stored before that rule (or by any other way in): the mail is built safely all the same.
  const db = openDatabase(dataDir)
  const { id } = await sqliteStores(db).insert({ values: { ...normalizeContact(validInquiry(), 'ja'), ...injected }, locale: 'ja', token: null, now: new Date() })
  db.close()
  await waitFor(() => smtp.mails.length === 2)
  for (const mail of smtp.mails) {
    t.notOk(mail.to.some((to) => to.includes('example.net')), 'no extra recipient')
    t.notOk(mail.headers.bcc, 'no Bcc header')
    t.notMatch(mail.headers['reply-to'] ?? '', /[\r\n\u001B]/, 'the display name is one line without controls')
  }
  const staff = smtp.mails.find((m) => m.to.includes('staff@example.test') && m.headers['x-inquiry-reference'] === id)!
  const lines = staff.text.split('\n')
  t.same(lines.filter((l) => l.startsWith('メールアドレス:')), ['メールアドレス: taro@example.com'], 'one Email line: the real address')
  t.ok(lines.includes('お名前: Evil\\r\\nBcc: victim@example.net\\r\\nメールアドレス: attacker@example.net\\u001B[8m'), 'the name on its one line, its controls shown as escapes')
  t.ok(lines.includes('会社名: x\\r\\nTo: other@example.net'))
  t.notOk(lines.some((l) => /^(Bcc|To):/.test(l)), 'no line of the visitor\'s making')
  t.notMatch(staff.text, /\u001B/, 'no raw ESC reaches the mail')
  t.match(staff.text, /お問い合わせ内容:\nhello\nsecond line\\u001B\[2J\n/, 'the message keeps its line breaks, not its escape sequence')
})

t.test('invisible characters reach the staff mail as visible escapes', async (t) => {
  const smtp = await startSmtp()
  t.teardown(smtp.close)
  const { app, dataDir } = await contactApp(t, mailSettings(smtp.port), { outbox: FAST })
  await app.ready()
  const res = await app.inject(postJson(await withFormToken(app, validInquiry({ message: 'see\u200Bhere\n👨\u200D👩' }))))
  t.equal(res.statusCode, 201, 'the message may hold them')
  // One-line fields refuse them; a row stored before that rule still shows them.
  const db = openDatabase(dataDir)
  const old = await sqliteStores(db).insert({ values: { ...normalizeContact(validInquiry(), 'ja'), name: 'v\u200Bictim\u2060', company: '\u061CACME\uFEFF' }, locale: 'ja', token: null, now: new Date() })
  db.close()
  await waitFor(() => smtp.mails.length === 4)
  const staff = (id: string) => smtp.mails.find((m) => m.to.includes('staff@example.test') && m.headers['x-inquiry-reference'] === id)!
  t.match(staff(res.json().id).text, 'お問い合わせ内容:\nsee\\u200Bhere\n👨\\u200D👩\n', 'the message: shown, its line breaks kept')
  const lines = staff(old.id).text.split('\n')
  t.ok(lines.includes('お名前: v\\u200Bictim\\u2060'), 'the name: shown')
  t.ok(lines.includes('会社名: \\u061CACME\\uFEFF'), 'the company: shown')
  for (const mail of smtp.mails) t.notMatch(mail.text + (mail.headers['reply-to'] ?? ''), /[\u061C\u200B-\u200F\u2060-\u2064\uFEFF]/, 'none raw, in the text or the Reply-To name')
})

t.test('a display name from the form: one line, without any control character', async (t) => {
  t.equal(headerText('Evil\r\nBcc: x@example.net'), 'Evil Bcc: x@example.net')
  t.equal(headerText('\u202Eevil\u0085name\u2066\u001B[31m'), 'evil name [31m', 'C1, bidi and ESC too')
  t.equal(headerText('v\u200B\u200Cictim\uFEFF'), 'v ictim', 'and invisible characters')
  t.equal(headerText('山田 太郎'), '山田 太郎')
})

t.test('a bot\'s inquiry (honeypot, too fast) is never mailed; the drop is logged', async (t) => {
  const smtp = await startSmtp()
  t.teardown(smtp.close)
  const log = logCollector()
  // The clock starts two minutes back, so the person's form below is old enough to pass the
  // minimum fill time while its mail (queued at the clock's time) is already due for the outbox.
  let now = Date.now() - 120_000
  const { app, dataDir } = await contactApp(t, { ...mailSettings(smtp.port), minFillMs: 60_000 }, { outbox: FAST, now: () => new Date(now) }, undefined, log.stream)
  await app.ready()
  const personToken = await freshToken(app)
  const trap = await app.inject(postJson(await withFormToken(app, validInquiry({ website: 'http://spam.example' }))))
  t.equal(trap.statusCode, 201)
  const fast = await app.inject(postJson(validInquiry({ _token: await freshToken(app) })))
  t.equal(fast.statusCode, 201)
  const form = await postForm(app, '/contact', formFields({ _token: await freshToken(app), website: 'x', step: 'send' }))
  t.equal(form.statusCode, 303)
  // A person's inquiry after the bots': once its two mails are in, the outbox has run after
  // the bots' requests (it sends in order), so any mail of theirs would have gone first.
  now = Date.now()
  const person = (await app.inject(postJson(validInquiry({ _token: personToken })))).json().id
  await waitFor(() => mailState(dataDir, person)['auto-reply']?.status === 'sent' && mailState(dataDir, person).staff?.status === 'sent')
  await new Promise((r) => setTimeout(r, 3 * FAST.pollMs)) // a few more polls
  t.equal(smtp.mails.length, 2, 'only the person\'s two mails')
  t.same(smtp.mails.map((m) => m.headers['x-inquiry-reference']), [person, person])
  const bots = [trap.json().id, fast.json().id, new URL(String(form.headers.location), 'http://x').searchParams.get('ref')]
  t.notOk(smtp.mails.some((m) => bots.includes(m.headers['x-inquiry-reference'] ?? '')), 'no mail names a bot\'s reference')
  t.notOk(smtp.mails.some((m) => m.text.includes('spam.example')))
  t.same(log.lines.filter((l) => l.msg === 'inquiry dropped').map((l) => [l.reason, l.via]), [['honeypot', 'api'], ['too-fast', 'api'], ['honeypot', 'form']])
  t.equal(log.lines.filter((l) => l.msg === 'mail sent').length, 2, 'the outbox logged two sends')
})

t.test('SMTP down: the visitor still gets 201, mail is retried with back-off and sent once SMTP is back', async (t) => {
  const port = await freePort()
  const { app, dataDir } = await contactApp(t, mailSettings(port), { outbox: FAST })
  await app.ready()
  const payload = await withFormToken(app, validInquiry())
  const started = Date.now()
  const res = await app.inject(postJson(payload))
  t.equal(res.statusCode, 201)
  t.ok(Date.now() - started < 1000, 'the request does not wait for mail')
  const id = res.json().id
  await waitFor(() => (mailState(dataDir, id).staff?.attempts ?? 0) >= 2)
  const failing = mailState(dataDir, id).staff!
  t.equal(failing.status, 'pending')
  t.match(failing.lastError, /ECONNREFUSED|connect/i, 'the reason is recorded for ops')
  const smtp = await startSmtp(port)
  t.teardown(smtp.close)
  await waitFor(() => smtp.mails.length === 2)
  await waitFor(() => mailState(dataDir, id)['auto-reply']?.status === 'sent' && mailState(dataDir, id).staff?.status === 'sent')
  t.ok(mailState(dataDir, id).staff!.attempts >= 3)
})

t.test('pending mail survives a restart', async (t) => {
  const dataDir = tempDataDir(t)
  const port = await freePort()
  const first = await contactApp(t, mailSettings(port), { outbox: FAST }, dataDir)
  await first.app.ready()
  const id = (await first.app.inject(postJson(await withFormToken(first.app, validInquiry({ locale: 'en' }))))).json().id
  await waitFor(() => (mailState(dataDir, id).staff?.attempts ?? 0) >= 1)
  await first.app.close()
  const smtp = await startSmtp(port)
  t.teardown(smtp.close)
  const second = await contactApp(t, mailSettings(port), { outbox: FAST }, dataDir)
  await second.app.ready()
  await waitFor(() => smtp.mails.length === 2)
  t.same(smtp.mails.map((m) => m.headers['x-inquiry-reference']), [id, id])
})

t.test('without SMTP the inquiry is stored and its mail waits', async (t) => {
  const { app, dataDir } = await contactApp(t)
  const id = (await app.inject(postJson(await withFormToken(app, validInquiry())))).json().id
  t.same(mailState(dataDir, id).staff, { status: 'pending', attempts: 0, lastError: null, sentAt: null })
})

t.test('back-off doubles up to the cap', async (t) => {
  const o = { baseDelayMs: 30_000, maxDelayMs: 3_600_000 }
  t.same([1, 2, 3, 4, 8, 20].map((n) => retryDelay(n, o)), [30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000])
})
