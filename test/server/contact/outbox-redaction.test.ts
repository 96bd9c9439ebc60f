import t from 'tap'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { maskEmailAddresses, type MailTransport } from '../../../server/outbox/worker'
import { build, logCollector, testConfig } from '../../helper'
import { mailState, postJson, tempDataDir, validInquiry, withFormToken } from './helper'
import { waitFor } from './smtp'

// SMTP servers quote the rejected recipient in their answer, and for the auto-reply that is the
// visitor's own address: the outbox's log lines and its last_error column must never hold it.

const VISITOR = 'hanako.visitor@example.org'
const FAST = { pollMs: 50, baseDelayMs: 100, maxDelayMs: 200, maxAttempts: 2 }

t.test('addresses are masked, the rest of the reason kept', async (t) => {
  t.equal(maskEmailAddresses('550 5.1.1 <taro@example.com>: Recipient address rejected'), '550 5.1.1 <[email]>: Recipient address rejected')
  t.equal(maskEmailAddresses('Invalid recipients: a.b+c@x.example, "d"@y.example'), 'Invalid recipients: [email] [email]')
  t.equal(maskEmailAddresses('connect ECONNREFUSED 127.0.0.1:25'), 'connect ECONNREFUSED 127.0.0.1:25')
})

t.test('a transport error quoting the address: neither the log nor last_error holds it', async (t) => {
  const dataDir = tempDataDir(t)
  const log = logCollector()
  const transport: MailTransport = {
    async sendMail(message) {
      throw new Error(`Can't send mail - all recipients were rejected: 550 5.1.1 <${String(message.to)}>: Recipient address rejected`)
    },
  }
  const contact = { minFillMs: 0, rateLimitMax: 1000, to: 'staff@example.test', from: 'noreply@example.test' }
  const app = await build(t, { dataDir, logLevel: 'info', contact: { ...testConfig().contact, ...contact } }, { logStream: log.stream, contact: { transport, outbox: FAST } })
  await app.ready()
  const res = await app.inject(postJson(await withFormToken(app, validInquiry({ email: VISITOR, emailConfirm: VISITOR }))))
  t.equal(res.statusCode, 201)
  const id = res.json().id
  await waitFor(() => mailState(dataDir, id)['auto-reply']?.status === 'failed' && mailState(dataDir, id).staff?.status === 'failed')
  const failures = log.lines.filter((l) => /^mail failed/.test(l.msg))
  t.ok(failures.some((l) => l.msg === 'mail failed, will retry'), 'a retry line')
  t.ok(failures.some((l) => l.msg === 'mail failed, giving up'), 'a giving-up line')
  for (const line of failures) t.match(line.reason, /^Can't send mail - all recipients were rejected: 550 5\.1\.1 <\[email\]>: Recipient address rejected$/, 'the reason without the address')
  t.notMatch(JSON.stringify(log.lines), VISITOR, 'the visitor\'s address is in no log line')
  t.notMatch(JSON.stringify(log.lines), 'staff@example.test', 'nor the staff address')
  const mail = mailState(dataDir, id)
  t.match(mail['auto-reply']?.lastError, /<\[email\]>: Recipient address rejected/)
  t.notMatch(String(mail['auto-reply']?.lastError), VISITOR, 'last_error does not keep the address')
})

t.test('a real SMTP server rejecting the visitor\'s address (nodemailer\'s own error message)', async (t) => {
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address === VISITOR) {
        const err = new Error(`5.1.1 <${address.address}>: Recipient address rejected: User unknown`) as Error & { responseCode: number }
        err.responseCode = 550
        return callback(err)
      }
      callback()
    },
    onData(stream, _session, callback) {
      stream.resume()
      stream.on('end', () => callback())
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()))
  t.teardown(() => new Promise<void>((resolve) => smtp.close(() => resolve())))
  const port = (smtp.server.address() as AddressInfo).port
  const dataDir = tempDataDir(t)
  const log = logCollector()
  const contact = { ...testConfig().contact, minFillMs: 0, rateLimitMax: 1000, smtpUrl: `smtp://127.0.0.1:${port}`, to: 'staff@example.test', from: 'noreply@example.test' }
  const app = await build(t, { dataDir, logLevel: 'info', contact }, { logStream: log.stream, contact: { outbox: FAST } })
  await app.ready()
  const id = (await app.inject(postJson(await withFormToken(app, validInquiry({ email: VISITOR, emailConfirm: VISITOR }))))).json().id
  await waitFor(() => mailState(dataDir, id)['auto-reply']?.status === 'failed' && mailState(dataDir, id).staff?.status === 'sent')
  const failure = log.lines.find((l) => /^mail failed/.test(l.msg) && l.mail === 'auto-reply')
  t.ok(failure, 'the failure is logged')
  t.match(failure?.reason, /Recipient address rejected/, 'with the server\'s reason')
  t.match(failure?.reason, /\[email\]/)
  t.notMatch(JSON.stringify(log.lines), VISITOR, 'the visitor\'s address is in no log line')
  t.notMatch(String(mailState(dataDir, id)['auto-reply']?.lastError), VISITOR, 'nor in last_error')
})
