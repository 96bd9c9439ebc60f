import t from 'tap'
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { ConfigError, loadConfig } from '../../server/config'
import { METRIC_NAMES } from '../../server/metrics'
import { build, FIXTURE_CONTENT, testConfig } from '../helper'
import { postJson, tempDataDir, validInquiry, withFormToken } from './contact/helper'

/** GET (or another method) on the app's metrics server, over real HTTP. */
async function scrape(app: FastifyInstance, path = '/metrics', method = 'GET') {
  const address = app.metrics?.address
  if (!address) throw new Error('the metrics server is not listening')
  const res = await fetch(`http://127.0.0.1:${address.port}${path}`, { method })
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() }
}

/** The value of one sample of the exposition text, the labels given exactly (order as prom-client writes them). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`).join(',')
  const line = text.split('\n').find((l) => l.startsWith(wanted ? `${name}{${wanted}} ` : `${name} `))
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1))
}

/** An app whose contact form takes inquiries at once (no minimum fill time), on its own database. */
async function metricsApp(t: Parameters<typeof build>[0], deps: Parameters<typeof build>[2] = {}) {
  const contact = { ...testConfig().contact, minFillMs: 0, rateLimitMax: 1000 }
  const app = await build(t, { metricsPort: 0, dataDir: tempDataDir(t), contact }, deps)
  await app.ready()
  return app
}

t.test('METRICS_PORT is off by default; METRICS_HOST defaults to loopback', async (t) => {
  const config = loadConfig({})
  t.equal(config.metricsPort, null)
  t.equal(config.metricsHost, '127.0.0.1')
  t.equal(loadConfig({ METRICS_PORT: '9100', METRICS_HOST: '0.0.0.0', SITE_URL: 'https://www.example.co.jp' }).metricsPort, 9100)
  t.throws(() => loadConfig({ METRICS_PORT: '3000' }), /^METRICS_PORT: must differ from PORT \(3000\)/m)
  t.throws(() => loadConfig({ METRICS_PORT: '0' }), /METRICS_PORT: invalid value "0"/)
  t.throws(() => loadConfig({ METRICS_HOST: 'not a host' }), /METRICS_HOST: invalid value "not a host" \(allowed: a host name or an IP address/)
  const app = await build(t)
  await app.ready()
  t.equal(app.metrics, null, 'nothing is counted and nothing listens')
})

t.test('requests by route pattern and status, latency, page cache, runtime metrics', async (t) => {
  const app = await metricsApp(t)
  for (let i = 0; i < 2; i++) t.equal((await app.inject('/about')).statusCode, 200)
  t.equal((await app.inject('/healthz')).statusCode, 200)
  t.equal((await app.inject('/no-such-page-7f3k?utm=x')).statusCode, 404)
  t.equal((await app.inject('/metrics')).statusCode, 404, 'the public site has no /metrics')

  const res = await scrape(app)
  t.equal(res.status, 200)
  t.match(res.type, /^text\/plain; version=0\.0\.4/)
  const { text } = res
  t.equal(sample(text, 'http_requests_total', { method: 'GET', route: '/healthz', status: '200' }), 1)
  t.equal(sample(text, 'http_requests_total', { method: 'GET', route: '/*', status: '200' }), 2, 'pages by the pattern of their route')
  t.equal(sample(text, 'http_requests_total', { method: 'GET', route: '/*', status: '404' }), 2, 'the unknown page and /metrics')
  t.notMatch(text, /no-such-page|utm|route="\/about"|route="\/metrics"/, 'never a raw URL as a label')
  t.equal(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/*', status: '200' }), 2)
  t.ok(sample(text, 'http_request_duration_seconds_bucket', { le: '+Inf', method: 'GET', route: '/healthz', status: '200' }) === 1, 'a latency histogram per route and status')
  t.equal(sample(text, 'site_page_cache_lookups_total', { result: 'miss' }), 1, 'first request of the page: rendered')
  t.equal(sample(text, 'site_page_cache_lookups_total', { result: 'hit' }), 1, 'second request: from memory')
  t.equal(sample(text, 'site_inquiries_received_total', { via: 'form' }), 0, 'counters exist before their first event')
  for (const name of METRIC_NAMES) t.match(text, new RegExp(`^# TYPE ${name} `, 'm'), `${name} exposed`)
  for (const name of ['nodejs_eventloop_lag_seconds', 'nodejs_eventloop_lag_p99_seconds', 'nodejs_heap_size_used_bytes', 'process_cpu_seconds_total']) {
    t.match(text, new RegExp(`^${name} [0-9.e+-]+$`, 'm'), `${name}: a default metric`)
  }
})

t.test('the metrics server answers /metrics only; the public port answers it 404', async (t) => {
  const app = await metricsApp(t)
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as AddressInfo
  t.not(port, app.metrics!.address!.port, 'a port of its own')
  const pub = await fetch(`http://127.0.0.1:${port}/metrics`)
  t.equal(pub.status, 404)
  t.notMatch(await pub.text(), /http_requests_total/)
  t.equal((await scrape(app, '/')).status, 404)
  t.equal((await scrape(app, '/metrics/../x')).status, 404)
  t.equal((await scrape(app, '/metrics', 'POST')).status, 405)
  const head = await scrape(app, '/metrics', 'HEAD')
  t.equal(head.status, 200)
  t.equal(head.text, '')
  t.equal(app.metrics!.address!.address, '127.0.0.1', 'METRICS_HOST: loopback by default')
})

t.test('inquiries received, outbox pending (counted at scrape time)', async (t) => {
  const app = await metricsApp(t)
  const payload = await withFormToken(app, validInquiry())
  t.equal((await app.inject(postJson(payload))).statusCode, 201)
  t.equal((await app.inject(postJson(payload))).statusCode, 201, 'the same submission resent')
  const { text } = await scrape(app)
  t.equal(sample(text, 'site_inquiries_received_total', { via: 'api' }), 1, 'a resend is no new inquiry')
  t.equal(sample(text, 'site_outbox_mails', { status: 'pending' }), 2, 'without SMTP the staff mail and the auto-reply wait')
  t.equal(sample(text, 'site_outbox_mails', { status: 'failed' }), 0)
})

t.test('mail send failures: each failed attempt, and the mails given up on', async (t) => {
  const transport = { sendMail: async () => Promise.reject(new Error('550 refused for taro@example.com')) }
  const app = await metricsApp(t, { contact: { transport, outbox: { pollMs: 20, baseDelayMs: 20, maxDelayMs: 20, maxAttempts: 2 } } })
  t.equal((await app.inject(postJson(await withFormToken(app, validInquiry())))).statusCode, 201)
  let text = ''
  const end = Date.now() + 10_000
  while (Date.now() < end) {
    text = (await scrape(app)).text
    if (sample(text, 'site_outbox_mails', { status: 'failed' }) === 2) break
    await new Promise((r) => setTimeout(r, 25))
  }
  t.equal(sample(text, 'site_outbox_mails', { status: 'failed' }), 2, 'both mails given up on')
  t.equal(sample(text, 'site_outbox_mails', { status: 'pending' }), 0)
  t.equal(sample(text, 'site_mail_send_failures_total', { kind: 'staff' }), 2, 'two attempts each')
  t.equal(sample(text, 'site_mail_send_failures_total', { kind: 'auto-reply' }), 2)
  t.notMatch(text, /taro@example\.com|refused/, 'no error text in the metrics')
})

t.test('closing the app closes the metrics server, even with a scraper connected', async (t) => {
  const app = await build(t, { metricsPort: 0 })
  await app.ready()
  await scrape(app)
  const { port } = app.metrics!.address!
  const started = Date.now()
  await app.close()
  t.ok(Date.now() - started < 2000, 'the kept-alive scrape connection does not hold the close')
  await t.rejects(fetch(`http://127.0.0.1:${port}/metrics`), 'nothing listens any more')
})

t.test('a metrics port in use stops the start with one line naming the variable', async (t) => {
  const holder = createServer()
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', () => resolve()))
  t.teardown(() => holder.close())
  const { port } = holder.address() as AddressInfo
  const app = await build(t, { metricsPort: port })
  const err = await app.ready().then(
    () => null,
    (e: unknown) => e,
  )
  t.ok(err instanceof ConfigError, 'a setup error: one line, no stack')
  t.equal((err as Error).message, `METRICS_PORT: cannot listen on 127.0.0.1 port ${port} (EADDRINUSE)`)
})

t.test('content reloads are counted: ok, and failed (the previous content still served)', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'metrics-content-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  cpSync(FIXTURE_CONTENT, dir, { recursive: true })
  const app = await build(t, { metricsPort: 0, dataDir: tempDataDir(t), contentDir: dir })
  await app.ready()
  t.equal(sample((await scrape(app)).text, 'site_content_reloads_total', { result: 'failed' }), 0, 'exported before the first reload')
  t.ok((await app.reloadContent('test')).ok)
  writeFileSync(join(dir, 'news/broken.en.md'), '---\ntitle: Broken\n---\n')
  t.notOk((await app.reloadContent('test')).ok)
  const { text } = await scrape(app)
  t.equal(sample(text, 'site_content_reloads_total', { result: 'ok' }), 1)
  t.equal(sample(text, 'site_content_reloads_total', { result: 'failed' }), 1)
})
