// Abuse can be traced: every log line about an inquiry (stored, resent, dropped, refused, auto-reply
// withheld; the JSON API and the form's own POSTs) carries the client address, taken through the
// trusted proxy (TRUST_PROXY) and never from a header an untrusted client sends.
import t from 'tap'
import { build, logCollector, testConfig } from '../../helper'
import { formFields, freshToken, postForm, postJson, tempDataDir, validInquiry, withFormToken } from './helper'

const INQUIRY_LINES = /^(inquiry |form token refused|auto-reply not queued)/

async function loggedApp(t: Parameters<typeof build>[0], trustProxy: boolean) {
  const log = logCollector()
  const contact = { ...testConfig().contact, minFillMs: 0, rateLimitMax: 1000, autoReplyMaxPerDay: 1 }
  const app = await build(t, { dataDir: tempDataDir(t), contact, trustProxy, logLevel: 'info' }, { logStream: log.stream })
  await app.ready()
  return { app, log }
}

t.test('behind a trusted proxy: each inquiry line names the client of X-Forwarded-For', async (t) => {
  const { app, log } = await loggedApp(t, true)
  const from = (ip: string) => ({ 'x-forwarded-for': ip })
  const inject = async (payload: Record<string, unknown>, ip: string) => app.inject({ ...postJson(payload), headers: from(ip) })

  const first = await withFormToken(app, validInquiry())
  t.equal((await inject(first, '203.0.113.1')).statusCode, 201)
  t.equal((await inject(first, '203.0.113.2')).statusCode, 201, 'a resend')
  t.equal((await inject(await withFormToken(app, validInquiry()), '203.0.113.3')).statusCode, 201, 'the same address again: no auto-reply')
  t.equal((await inject(await withFormToken(app, validInquiry({ website: 'spam' })), '203.0.113.4')).statusCode, 201, 'a bot')
  t.equal((await inject(validInquiry({ _token: 'forged' }), '203.0.113.5')).statusCode, 403)
  t.equal((await inject({ ...validInquiry(), extra: 1 }, '203.0.113.6')).statusCode, 400)
  const sent = await postForm(app, '/contact', { ...formFields({ _token: await freshToken(app) }), step: 'send' }, from('203.0.113.7'))
  t.equal(sent.statusCode, 303)
  const form = await postForm(app, '/contact', { ...formFields({ _token: 'expired' }), step: 'send' }, from('203.0.113.8'))
  t.equal(form.statusCode, 403)

  const lines = log.lines.filter((l) => INQUIRY_LINES.test(l.msg)).map((l) => [l.msg, l.ip])
  t.same(lines, [
    ['inquiry stored', '203.0.113.1'],
    ['inquiry resent, answered with the first id', '203.0.113.2'],
    ['inquiry stored', '203.0.113.3'],
    ['auto-reply not queued: daily limit for the address reached', '203.0.113.3'],
    ['inquiry dropped', '203.0.113.4'],
    ['inquiry refused: no valid form token', '203.0.113.5'],
    ['inquiry refused: unknown fields or wrong types', '203.0.113.6'],
    ['inquiry stored', '203.0.113.7'],
    ['auto-reply not queued: daily limit for the address reached', '203.0.113.7'],
    ['form token refused', '203.0.113.8'],
  ])
  const stored = log.lines.find((l) => l.msg === 'inquiry stored')
  t.ok(stored.reqId && stored.inquiryId, 'with the request id and the reference')
  t.notMatch(JSON.stringify(log.lines), /taro@example\.com|山田/, 'never the visitor\'s address or name')
})

t.test('without a trusted proxy: the connection\'s address, whatever X-Forwarded-For claims', async (t) => {
  const { app, log } = await loggedApp(t, false)
  const res = await app.inject({ ...postJson(await withFormToken(app, validInquiry())), headers: { 'x-forwarded-for': '198.51.100.9' }, remoteAddress: '192.0.2.44' })
  t.equal(res.statusCode, 201)
  t.same(log.lines.filter((l) => l.msg === 'inquiry stored').map((l) => l.ip), ['192.0.2.44'])
})
