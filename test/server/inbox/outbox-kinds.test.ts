import t from 'tap'
import { normalizeContact } from '../../../shared/pages/contact/normalize'
import { logCollector } from '../../helper'
import { freshToken, validInquiry } from '../contact/helper'
import { startSmtp } from '../contact/smtp'
import { addAccount, clock, START } from '../staff/web-helper'
import { startHookServer } from './hook-server'
import { CONTACT_TO, jobsApp, sideStore, storeInquiry, until } from './jobs-helper'

// The outbox's new kinds through the real app and a real SMTP server / HTTP receiver: a staff reply
// (From MAIL_FROM, Reply-To the company), and the webhook of a new inquiry with its retries and give-up.

const SECRET = 'whsec-0123456789abcdef0123456789abcdef'

t.test('a reply: From MAIL_FROM, Reply-To the company, To the visitor, subject and Japanese text intact', async (t) => {
  const smtp = await startSmtp()
  t.teardown(smtp.close)
  const time = clock()
  const { app, dataDir } = await jobsApp(t, time, { smtpPort: smtp.port })
  const store = await sideStore(t, app, dataDir)
  const id = await storeInquiry(store, START, { email: 'taro@example.com', emailConfirm: 'taro@example.com' })
  await until(() => smtp.mails.length === 2) // the staff mail and the auto-reply
  const responder = await addAccount(app, time, 'responder')
  const actor = { accountId: responder.account.id, role: 'responder' as const, address: '127.0.0.1' }
  const subject = `Re: お問い合わせ（受付番号 ${id}）について`
  const body = `山田 太郎 様\n\nお問い合わせありがとうございます。\r\n外壁の塗装は、10月中旬に伺えます。\n\n-- \n蒼栄建設 営業部\n受付番号 ${id}`
  const audit = { at: time.now(), accountId: actor.accountId, address: actor.address, action: 'inquiry.reply', target: `inquiry:${id}`, outcome: 'ok' as const }
  const seq = await app.inboxStore.queueReply(id, { to: 'taro@example.com', replyTo: '蒼栄建設 営業部 <eigyo@example.test>', subject, body, status: null }, actor, time.now(), audit)
  t.type(seq, 'number', 'queued')
  app.outbox?.kick()
  await until(() => smtp.mails.length === 3)
  const reply = smtp.mails[2]!
  t.equal(reply.from, 'noreply@example.test', 'envelope sender: MAIL_FROM')
  t.match(reply.headers.from, /蒼栄建設 <noreply@example\.test>/, 'From: MAIL_FROM')
  t.same(reply.to, ['taro@example.com'])
  t.equal(reply.headers.to, 'taro@example.com')
  t.match(reply.headers['reply-to'], /蒼栄建設 営業部 <eigyo@example\.test>/, 'Reply-To: the company')
  t.equal(reply.headers.subject, subject, 'the subject as written')
  t.equal(reply.headers['content-transfer-encoding'], 'base64')
  t.match(reply.headers['content-type'], /^text\/plain; charset=utf-8/i)
  t.equal(reply.text.replace(/\r\n/g, '\n'), `${body.replace(/\r\n/g, '\n')}\n`, 'the text as written (line ends made one kind)')
  t.equal(reply.headers['x-inquiry-reference'], id)
  t.notOk(smtp.mails.some((m) => m.to.includes(CONTACT_TO) && m.headers.subject === subject), 'not sent to staff')
  await until(async () => (await app.inboxStore.detail(id))?.mails.find((m) => m.kind === 'reply')?.status === 'sent')
  t.pass('recorded as sent')
})

t.test('a reply whose subject holds a line break cannot add a header', async (t) => {
  const smtp = await startSmtp()
  t.teardown(smtp.close)
  const time = clock()
  const { app, dataDir } = await jobsApp(t, time, { smtpPort: smtp.port })
  const store = await sideStore(t, app, dataDir)
  const id = await storeInquiry(store, START)
  await until(() => smtp.mails.length === 2)
  const audit = { at: time.now(), accountId: null, address: 'cli', action: 'inquiry.reply', target: `inquiry:${id}`, outcome: 'ok' as const }
  await app.inboxStore.queueReply(id, { to: 'taro@example.com', replyTo: CONTACT_TO, subject: 'Re: x\r\nBcc: victim@example.net', body: 'text', status: null }, { accountId: null, role: null, address: 'cli' }, time.now(), audit)
  app.outbox?.kick()
  await until(() => smtp.mails.length === 3)
  t.same(smtp.mails[2]!.to, ['taro@example.com'], 'no Bcc recipient')
  t.equal(smtp.mails[2]!.headers.subject, 'Re: x Bcc: victim@example.net')
  t.notOk('bcc' in smtp.mails[2]!.headers)
})

t.test('webhook: a 500 is retried with back-off and then sent; the same delivery id each time', async (t) => {
  const smtp = await startSmtp()
  t.teardown(smtp.close)
  const hooks = await startHookServer((n) => (n < 2 ? { status: 500, body: 'temporarily unavailable' } : { status: 200, body: 'ok' }))
  t.teardown(hooks.close)
  const time = clock()
  const webhook = { url: hooks.url('/inquiries'), format: 'json' as const, secret: SECRET }
  const { app } = await jobsApp(t, time, { smtpPort: smtp.port, inbox: { webhook } })
  const res = await app.inject({ method: 'POST', url: '/api/contact', payload: { ...validInquiry(), _token: await freshToken(app) } })
  t.equal(res.statusCode, 201)
  const id = res.json().id
  await until(async () => (await app.inboxStore.detail(id))?.mails.find((m) => m.kind === 'webhook')?.status === 'sent')
  t.equal(hooks.requests.length, 3, 'two failures, then the success')
  t.same(new Set(hooks.requests.map((r) => r.headers['x-webhook-id'])).size, 1, 'one delivery id')
  t.ok(hooks.requests[1]!.at - hooks.requests[0]!.at >= 90, 'the retry waited its back-off')
  t.equal(JSON.parse(hooks.requests[2]!.raw.toString('utf8')).id, id)
  const mail = (await app.inboxStore.detail(id))!.mails.find((m) => m.kind === 'webhook')!
  t.equal(mail.attempts, 3)
  t.equal(smtp.mails.filter((m) => m.headers['x-inquiry-reference'] === id).length, 2, 'the staff mail and the auto-reply as before')
})

t.test('webhook: given up after the last attempt; the error stored and logged without URL or secret', async (t) => {
  const smtp = await startSmtp()
  t.teardown(smtp.close)
  const hooks = await startHookServer((_n, req) => ({ status: 503, body: `no service at ${req.url}` }))
  t.teardown(hooks.close)
  const log = logCollector()
  const time = clock()
  const webhook = { url: hooks.url('/services/T0/B0/xoxb-secret-path'), format: 'slack' as const, secret: '' }
  const { app, dataDir } = await jobsApp(t, time, { smtpPort: smtp.port, inbox: { webhook }, outbox: { maxAttempts: 2 }, logStream: log.stream })
  const store = await sideStore(t, app, dataDir)
  const { id } = await store.insert({ values: normalizeContact(validInquiry(), 'ja'), locale: 'ja', token: null, now: new Date(START), webhook: true })
  app.outbox?.kick()
  await until(async () => (await app.inboxStore.detail(id))?.mails.find((m) => m.kind === 'webhook')?.status === 'failed')
  t.equal(hooks.requests.length, 2, 'maxAttempts')
  const mail = (await app.inboxStore.detail(id))!.mails.find((m) => m.kind === 'webhook')!
  t.equal(mail.lastError, 'webhook answered 503: no service at [secret]')
  t.ok(log.lines.some((l) => l.msg === 'webhook failed, will retry'), 'a retry line')
  t.ok(log.lines.some((l) => l.msg === 'webhook failed, giving up'), 'a giving-up line')
  t.notMatch(JSON.stringify(log.lines), /xoxb-secret-path/, 'the URL is in no log line')
  t.match(JSON.parse(hooks.requests[0]!.raw.toString('utf8')), { text: new RegExp(id) }, 'the Slack body')
})

t.test('webhook: no answer within the timeout is a failure', async (t) => {
  const smtp = await startSmtp()
  t.teardown(smtp.close)
  const hooks = await startHookServer((n) => (n === 0 ? 'hang' : { status: 204 }))
  t.teardown(hooks.close)
  const time = clock()
  const webhook = { url: hooks.url(), format: 'teams' as const, secret: '' }
  const { app, dataDir } = await jobsApp(t, time, { smtpPort: smtp.port, inbox: { webhook }, outbox: { webhookTimeoutMs: 300 } })
  const store = await sideStore(t, app, dataDir)
  const { id } = await store.insert({ values: normalizeContact(validInquiry(), 'ja'), locale: 'ja', token: null, now: new Date(START), webhook: true })
  app.outbox?.kick()
  await until(async () => (await app.inboxStore.detail(id))?.mails.find((m) => m.kind === 'webhook')?.status === 'sent')
  const mail = (await app.inboxStore.detail(id))!.mails.find((m) => m.kind === 'webhook')!
  t.equal(mail.attempts, 2, 'the first attempt timed out, the second was answered')
  t.equal(hooks.requests.length, 2)
  t.equal(JSON.parse(hooks.requests[1]!.raw.toString('utf8')).type, 'message', 'the Teams body')
})
