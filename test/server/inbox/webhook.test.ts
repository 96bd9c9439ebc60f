import t from 'tap'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { WebhookConfig } from '../../../server/inbox/config'
import { maskWebhookError, postWebhook } from '../../../server/inbox/webhook'
import { webhookBody, type WebhookInquiry } from '../../../server/inbox/webhook-body'
import { freePort } from '../contact/smtp'
import { startHookServer } from './hook-server'

// The webhook's bodies (Slack, Teams, generic JSON), its signature as docs/inbox-jobs.md says to verify
// it, and what counts as a failure, against a real HTTP server on 127.0.0.1.

const SECRET = 'whsec-0123456789abcdef0123456789abcdef'
const SITE = 'https://www.example.test'
const inquiry = { id: 'Q-20261126-7F3K2A', receivedAt: '2026-11-26T01:02:03.000Z', inquiryType: 'estimate', locale: 'en' } satisfies WebhookInquiry
/** What a visitor typed: none of it may be in any webhook. */
const personal = { name: '山田 太郎', email: 'taro@example.com', phone: '03-1234-5678', company: '株式会社テスト', message: '外壁の塗装について相談したいです。' }

const dir = mkdtempSync(join(tmpdir(), 'webhook-test-'))
t.teardown(() => rmSync(dir, { recursive: true, force: true }))

/** The fenced block after a marker comment of docs/inbox-jobs.md. */
function docBlock(marker: string): string {
  const doc = readFileSync('docs/inbox-jobs.md', 'utf8')
  const m = new RegExp(`<!-- ${marker}:[^\\n]*-->\\n\`\`\`\\w+\\n([\\s\\S]*?)\\n\`\`\``).exec(doc)
  if (!m) throw new Error(`no block after <!-- ${marker}: … --> in docs/inbox-jobs.md`)
  return m[1]!
}

t.test('json: the documented recipe (Node.js and openssl) verifies the signature of what arrives', async (t) => {
  const hooks = await startHookServer()
  t.teardown(hooks.close)
  const config: WebhookConfig = { url: hooks.url(), format: 'json', secret: SECRET }
  const body = webhookBody('json', { ...inquiry, ...personal } as WebhookInquiry, SITE, 42)
  await postWebhook(config, body, 42)
  t.equal(hooks.requests.length, 1)
  const [req] = hooks.requests
  t.equal(req!.method, 'POST')
  t.equal(req!.headers['content-type'], 'application/json; charset=utf-8')
  t.equal(req!.headers['x-webhook-id'], '42', 'the delivery id')
  t.same(JSON.parse(req!.raw.toString('utf8')), {
    event: 'inquiry.received',
    delivery: 42,
    id: inquiry.id,
    receivedAt: inquiry.receivedAt,
    type: 'estimate',
    locale: 'en',
    url: `${SITE}/admin/inquiries/${inquiry.id}`,
    api: `${SITE}/admin/api/inquiries/${inquiry.id}`,
  })
  for (const value of Object.values(personal)) t.notOk(req!.raw.toString('utf8').includes(value), `no personal data: ${value}`)

  const module = join(dir, 'verify.mjs')
  writeFileSync(module, docBlock('verify-webhook'))
  const { verifyInquiryWebhook } = await import(pathToFileURL(module).href)
  t.equal(verifyInquiryWebhook(req!.raw, req!.headers, SECRET), true, 'the documented Node.js function accepts it')
  t.equal(verifyInquiryWebhook(Buffer.from(req!.raw.toString('utf8').replace('estimate', 'other')), req!.headers, SECRET), false, 'a changed body is refused')
  t.equal(verifyInquiryWebhook(req!.raw, req!.headers, 'another-secret-0123456789'), false, 'another secret is refused')
  t.equal(verifyInquiryWebhook(req!.raw, req!.headers, SECRET, Date.now() + 10 * 60_000), false, 'a replay ten minutes later is refused')
  t.equal(verifyInquiryWebhook(req!.raw, { ...req!.headers, 'x-webhook-timestamp': String(Number(req!.headers['x-webhook-timestamp']) + 1) }, SECRET), false, 'the timestamp is signed')
  t.ok(Math.abs(Number(req!.headers['x-webhook-timestamp']) - Date.now() / 1000) < 60, 'the timestamp is when it was sent')

  writeFileSync(join(dir, 'body.json'), req!.raw)
  const shell = execFileSync('bash', ['-c', docBlock('verify-webhook-shell')], { cwd: dir, env: { ...process.env, TS: String(req!.headers['x-webhook-timestamp']), INQUIRY_WEBHOOK_SECRET: SECRET }, encoding: 'utf8' })
  t.equal(shell.trim(), req!.headers['x-signature-256'], 'the documented openssl line prints the header')
})

t.test('slack: { text } with &, < and > escaped, so a stored value can make no mention or link; no personal data', async (t) => {
  const hostile = { ...inquiry, ...personal, inquiryType: '<!channel> & <https://evil.example|click here>' } as WebhookInquiry
  const body = JSON.parse(webhookBody('slack', hostile, SITE, 7))
  t.same(Object.keys(body).sort(), ['text', 'unfurl_links', 'unfurl_media'])
  t.equal(body.unfurl_links, false)
  t.equal(body.text, `新しいお問い合わせ <${SITE}/admin/inquiries/${inquiry.id}|${inquiry.id}>（&lt;!channel&gt; &amp; &lt;https://evil.example|click here&gt;・英語）`)
  t.equal(body.text.match(/</g).length, 1, 'one link: the inquiry\'s own')
  t.notMatch(body.text, /<!channel>|<https:\/\/evil/, 'no mention, no link of the visitor\'s')
  for (const value of Object.values(personal)) t.notMatch(JSON.stringify(body), value, `no personal data: ${value}`)
  t.equal(JSON.parse(webhookBody('slack', inquiry, '', 7)).text, `新しいお問い合わせ ${inquiry.id}（お見積りのご依頼・英語）`, 'without SITE_URL: no link')
})

t.test('a chat format is signed only when a secret is set', async (t) => {
  const hooks = await startHookServer()
  t.teardown(hooks.close)
  const body = webhookBody('slack', inquiry, SITE, 3)
  await postWebhook({ url: hooks.url(), format: 'slack', secret: '' }, body, 3)
  await postWebhook({ url: hooks.url(), format: 'slack', secret: SECRET }, body, 3)
  t.notOk('x-signature-256' in hooks.requests[0]!.headers, 'no secret: no signature')
  t.equal(hooks.requests[0]!.headers['x-webhook-id'], '3')
  t.match(hooks.requests[1]!.headers['x-signature-256'], /^sha256=[0-9a-f]{64}$/, 'a secret: signed')
  t.equal(hooks.requests[1]!.raw.toString('utf8'), body, 'the body as built')
})

t.test('teams: a message with one Adaptive Card, Markdown in values escaped, an Open button; no personal data', async (t) => {
  const body = JSON.parse(webhookBody('teams', { ...inquiry, ...personal, inquiryType: '[click](https://evil.example) **now**' } as WebhookInquiry, SITE, 7))
  t.equal(body.type, 'message')
  t.equal(body.attachments.length, 1)
  const card = body.attachments[0].content
  t.equal(body.attachments[0].contentType, 'application/vnd.microsoft.card.adaptive')
  t.equal(card.type, 'AdaptiveCard')
  t.match(card.body[0], { type: 'TextBlock', wrap: true })
  t.notMatch(JSON.stringify(card), /\[click\]\(https/, 'the link syntax is escaped')
  t.match(card.body[0].text, '\\[click\\]\\(https://evil.example\\) \\*\\*now\\*\\*')
  t.same(card.body[1].facts.map((f: { title: string }) => f.title), ['受付番号', '受付日時', 'お問い合わせ種別', '言語'])
  t.same(card.actions, [{ type: 'Action.OpenUrl', title: '受信箱で開く', url: `${SITE}/admin/inquiries/${inquiry.id}` }])
  for (const value of Object.values(personal)) t.notMatch(JSON.stringify(body), value, `no personal data: ${value}`)
})

t.test('failures: a non-2xx answer, a redirect, no answer in time, no connection; the URL and secret never in the reason', async (t) => {
  const echo = await startHookServer((n, req) => (n === 0 ? { status: 500, body: `internal error at ${req.url} with ${SECRET} for taro@example.com` } : { status: 302, headers: { location: '/elsewhere' } }))
  t.teardown(echo.close)
  const config: WebhookConfig = { url: echo.url('/services/T0/B0/xoxb-secret-path'), format: 'json', secret: SECRET }
  const failure = await postWebhook(config, '{}', 1).then(() => null, (err: Error) => err.message)
  t.equal(failure, 'webhook answered 500: internal error at [secret] with [secret] for taro@example.com', 'the answer, the path and secret masked (the outbox masks the address)')
  const redirected = await postWebhook(config, '{}', 1).then(() => null, (err: Error) => err.message)
  t.equal(redirected, 'webhook answered 302', 'a redirect is a failure, not followed')
  t.equal(echo.requests.length, 2, 'nothing requested at the redirect\'s target')

  const hang = await startHookServer(() => 'hang')
  t.teardown(hang.close)
  const timedOut = await postWebhook({ ...config, url: hang.url() }, '{}', 1, { timeoutMs: 300 }).then(() => null, (err: Error) => err.message)
  t.equal(timedOut, 'webhook not answered within 0.3 s')

  const closed = await freePort()
  const refused = await postWebhook({ ...config, url: `http://127.0.0.1:${closed}/x` }, '{}', 1).then(() => null, (err: Error) => err.message)
  t.equal(refused, 'webhook not reached: ECONNREFUSED')
})

t.test('maskWebhookError: the URL in any form, its path, its credentials and the secret', async (t) => {
  const config: WebhookConfig = { url: 'https://user:pa55word@hooks.example.test/services/T0/B0/tok3n?x=1', format: 'slack', secret: SECRET }
  t.equal(maskWebhookError(`POST ${config.url} failed`, config), 'POST [secret] failed')
  t.equal(maskWebhookError('at /services/T0/B0/tok3n?x=1: 404 pa55word', config), 'at [secret]: 404 [secret]')
  t.equal(maskWebhookError(`key ${SECRET}\r\nnext\u202eline`, config), 'key [secret] next line', 'one line, no controls')
})
