import t from 'tap'
import { readFileSync } from 'node:fs'
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { request } from 'node:http'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { MailTransport } from '../../server/outbox/worker'
import { build, logCollector, testConfig } from '../helper'
import { formFields, freshToken, postForm, tempDataDir, validInquiry, withFormToken } from './contact/helper'
import { waitFor } from './contact/smtp'

t.test('one log line per request with method, route, status, duration and request id; secrets redacted', async (t) => {
  const log = logCollector()
  const app = await build(t, { logLevel: 'info' }, { logStream: log.stream })
  const res = await app.inject({ url: '/en/news/2026-04-new-office', headers: { 'x-request-id': 'abc-123', cookie: 'i18n_redirected=en; auth_jwt=secret-token', authorization: 'Bearer secret-token' } })
  t.equal(res.headers['x-request-id'], 'abc-123', 'incoming id echoed')
  const lines = log.lines.filter((l) => l.msg === 'request')
  t.equal(lines.length, 1, 'exactly one line')
  t.match(lines[0], { reqId: 'abc-123', method: 'GET', route: '/*', statusCode: 200, url: '/en/news/2026-04-new-office' })
  t.type(lines[0].durationMs, 'number')
  t.notMatch(JSON.stringify(log.lines), /secret-token/, 'cookies and Authorization never reach the log')
  app.log.info({ inquiry: { name: '山田太郎', email: 'taro@example.jp', inquiryType: 'estimate' }, headers: { cookie: 'auth_jwt=secret-token' } }, 'inquiry stored')
  const stored = log.lines.find((l) => l.msg === 'inquiry stored')
  t.same(stored?.inquiry, { name: '[Redacted]', email: '[Redacted]', inquiryType: 'estimate' }, 'personal data redacted, the rest kept')
  t.equal(stored?.headers?.cookie, '[Redacted]')
  const generated = await app.inject({ url: '/about', headers: { 'x-request-id': 'bad id\nwith newline' } })
  t.match(generated.headers['x-request-id'], /^[0-9a-f-]{36}$/, 'an unsafe incoming id is replaced')
})

t.test('LOG_LEVEL=warn: no per-request info lines, a 5xx request line still kept', async (t) => {
  const log = logCollector()
  const app = await build(t, { logLevel: 'warn' }, { logStream: log.stream })
  for (const url of ['/en', '/about', '/nope', '/healthz']) await app.inject(url)
  t.same(log.lines.filter((l) => l.msg === 'request'), [], 'no request line for 2xx, 3xx or 4xx answers')
  t.notOk(log.lines.some((l) => l.level < 40), 'nothing below warn at all')
  const info = logCollector()
  const chatty = await build(t, { logLevel: 'info' }, { logStream: info.stream })
  await chatty.inject('/en')
  t.equal(info.lines.filter((l) => l.msg === 'request').length, 1, 'the same request is logged at info')
})

t.test('a real contact POST: the logs never hold the visitor\'s personal data', async (t) => {
  const personal = {
    name: '秘密 花子',
    nameKana: 'ヒミツハナコ',
    company: 'Confidential Holdings KK',
    email: 'hanako.secret@example.org',
    emailConfirm: 'hanako.secret@example.org',
    phone: '090-8765-4321',
    message: 'Please keep this message private: QX7-unique-marker',
  }
  const sent: unknown[] = []
  const transport: MailTransport = { sendMail: async (message) => void sent.push(message) }
  const log = logCollector()
  const contact = { ...testConfig().contact, minFillMs: 0, rateLimitMax: 1000, to: 'staff@example.test', from: 'noreply@example.test' }
  const app = await build(t, { logLevel: 'trace', dataDir: tempDataDir(t), contact }, { logStream: log.stream, contact: { transport, outbox: { pollMs: 50 } } })
  await app.ready()
  const api = await app.inject({ method: 'POST', url: '/api/contact', headers: { 'x-request-id': 'contact-api' }, payload: await withFormToken(app, validInquiry(personal)) })
  t.equal(api.statusCode, 201, 'the JSON API stored it')
  const refused = await app.inject({ method: 'POST', url: '/api/contact', payload: await withFormToken(app, validInquiry({ ...personal, emailConfirm: 'other.secret@example.org' })) })
  t.equal(refused.statusCode, 422, 'and refused a wrong one')
  const token = await freshToken(app, '/en/contact')
  const fields = formFields({ ...personal, _token: token })
  t.equal((await postForm(app, '/en/contact', { ...fields, step: 'review' })).statusCode, 200, 'the form\'s review step')
  t.equal((await postForm(app, '/en/contact', { ...fields, step: 'send' })).statusCode, 303, 'the form\'s send step')
  await waitFor(() => sent.length === 4)
  const text = JSON.stringify(log.lines)
  t.ok(log.lines.some((l) => l.msg === 'request' && l.reqId === 'contact-api' && l.method === 'POST' && l.statusCode === 201), 'the POST is logged')
  t.ok(log.lines.some((l) => l.msg === 'inquiry stored'), 'the inquiry is logged (without its data)')
  t.ok(log.lines.some((l) => l.msg === 'mail sent'), 'and its mail')
  for (const [field, value] of Object.entries(personal)) t.notMatch(text, value, `${field} is in no log line`)
  t.notMatch(text, 'other.secret@example.org', 'nor a refused inquiry\'s')
})

t.test('security headers: strict CSP without unsafe-inline, no framing, HSTS only over HTTPS', async (t) => {
  const app = await build(t)
  const res = await app.inject('/en')
  const csp = String(res.headers['content-security-policy'])
  t.match(csp, /script-src 'self'/)
  t.notMatch(csp, /unsafe-inline/)
  t.match(csp, /frame-ancestors 'none'/)
  t.match(csp, /object-src 'none'/)
  t.equal(res.headers['x-content-type-options'], 'nosniff')
  t.equal(res.headers['referrer-policy'], 'strict-origin-when-cross-origin')
  t.equal(res.headers['cross-origin-opener-policy'], 'same-origin')
  t.match(String(res.headers['permissions-policy']), /camera=\(\)/)
  t.notOk(res.headers['strict-transport-security'], 'no HSTS over plain HTTP')
  const proxied = await build(t, { trustProxy: true })
  const https = await proxied.inject({ url: '/en', headers: { 'x-forwarded-proto': 'https' } })
  t.match(String(https.headers['strict-transport-security']), /max-age=63072000/)
  const inline = [...res.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!)
  t.equal(inline.length, 1, 'one inline script: the theme, before first paint')
  const hash = createHash('sha256').update(inline[0]!).digest('base64')
  t.match(csp, `'sha256-${hash}'`, 'allowed by its hash, not by unsafe-inline')
  const rules = [...res.body.matchAll(/<script type="speculationrules">([\s\S]*?)<\/script>/g)].map((m) => m[1]!)
  t.equal(rules.length, 1, 'and the speculation rules')
  t.match(csp, `'sha256-${createHash('sha256').update(rules[0]!).digest('base64')}'`, 'allowed by their hash too')
  const excluded = JSON.parse(rules[0]!).prerender[0].where.and[1].not.href_matches as string[]
  for (const path of ['/_*', '/api/*', '/admin/*', '/media/*']) t.ok(excluded.includes(path), `never prerendered: ${path}`)
  // Every kind of answer carries them: error pages, JSON errors, static files, health checks, redirects.
  const assets = JSON.parse(readFileSync('dist/manifest.json', 'utf8')) as { css: string }
  for (const url of ['/nope', '/en/news/no-such-article', '/api/nope', '/_i18n/x/ja/messages.json', assets.css, '/healthz', '/about/', '/robots.txt']) {
    const other = await app.inject(url)
    t.equal(other.headers['content-security-policy'], res.headers['content-security-policy'], `${url} (${other.statusCode}): CSP`)
    t.equal(other.headers['x-frame-options'], 'DENY', `${url}: x-frame-options`)
    t.equal(other.headers['x-content-type-options'], 'nosniff', `${url}: nosniff`)
    t.match(String(other.headers['permissions-policy']), /camera=\(\)/, `${url}: permissions-policy`)
  }
})

t.test('HTML, JSON and XML are compressed on the fly', async (t) => {
  const app = await build(t)
  const res = await app.inject({ url: '/en/news', headers: { 'accept-encoding': 'br, gzip' } })
  t.equal(res.headers['content-encoding'], 'br')
  t.match(brotliDecompressSync(res.rawPayload).toString('utf8'), /<html lang="en">/)
  const xml = await app.inject({ url: '/sitemap.xml', headers: { 'accept-encoding': 'gzip' } })
  t.equal(xml.headers['content-encoding'], 'gzip')
  // JSON: the languages' messages, one in each coding (both well above the 1 KiB threshold).
  const { id } = (await app.inject('/_build/latest.json')).json()
  for (const [url, encoding] of [[`/_i18n/${id}/en/messages.json`, 'br'], [`/_i18n/${id}/ja/messages.json`, 'gzip']] as const) {
    const plain = await app.inject(url)
    t.equal(plain.statusCode, 200, url)
    t.match(plain.headers['content-type'], /application\/json/)
    t.ok(plain.rawPayload.length > 1024, `${url}: ${plain.rawPayload.length} bytes, above the threshold`)
    t.notOk(plain.headers['content-encoding'], 'not compressed for a client that takes no encoding')
    const packed = await app.inject({ url, headers: { 'accept-encoding': encoding } })
    t.equal(packed.headers['content-encoding'], encoding, `${url}: ${encoding}`)
    t.match(String(packed.headers.vary), /accept-encoding/i)
    const unpacked = encoding === 'br' ? brotliDecompressSync(packed.rawPayload) : gunzipSync(packed.rawPayload)
    t.ok(packed.rawPayload.length < unpacked.length, `${url}: ${packed.rawPayload.length} < ${unpacked.length} bytes`)
    t.same(JSON.parse(unpacked.toString('utf8')), plain.json(), 'the same JSON')
  }
  // Below the threshold an answer is sent as it is (compressing it would cost more than it saves).
  const small = await app.inject({ url: '/_build/latest.json', headers: { 'accept-encoding': 'br' } })
  t.ok(small.rawPayload.length < 1024)
  t.notOk(small.headers['content-encoding'], '/_build/latest.json is too small to compress')
})

t.test('SIGTERM: in-flight requests complete, then the process exits 0', async (t) => {
  const child = spawn(process.execPath, ['dist/server/index.js'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', CONTENT_DIR: 'test/fixtures/content', DATA_DIR: (await import('node:fs')).mkdtempSync((await import('node:os')).tmpdir() + '/sig-') },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const origin = await new Promise<string>((resolve, reject) => {
    let out = ''
    child.stdout!.on('data', (d) => {
      out += d
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out)
      if (m) resolve(m[1]!)
    })
    child.on('exit', () => reject(new Error('server exited early')))
  })
  const url = new URL(origin)
  // Uncached image variants take a while to encode: they are the in-flight work.
  const html = await (await fetch(origin + '/en/news/2026-04-new-office')).text()
  const variants = [...new Set([...html.matchAll(/\/media\/[0-9a-f]{16}\/cover-\d+\.(?:avif|webp|jpg)/g)].map((m) => m[0]))]
  t.ok(variants.length >= 6, 'several variants to fetch')
  const inFlight = variants.map(
    (path) =>
      new Promise<number>((resolve, reject) => {
        const req = request({ host: url.hostname, port: url.port, path, agent: false }, (res) => {
          res.resume()
          res.on('end', () => resolve(res.statusCode ?? 0))
        })
        req.on('error', reject)
        req.end()
      }),
  )
  // Let the server receive every request before the signal (a connection with no request yet is idle).
  await new Promise((r) => setTimeout(r, 150))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  child.kill('SIGTERM')
  const statuses = await Promise.all(inFlight)
  t.same(statuses, variants.map(() => 200), 'every request in flight at SIGTERM completed')
  t.equal(await exited, 0, 'exit code 0')
})
