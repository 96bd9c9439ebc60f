import t from 'tap'
import { spawnSync } from 'node:child_process'
import { brotliDecompressSync } from 'node:zlib'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify from 'fastify'
import { ALLOWED, ConfigError, ENV_VARIABLES, envSchema, loadConfig } from '../../server/config'
import { loadManifest } from '../../server/render/manifest'
import { build, configError } from '../helper'

t.test('configuration: defaults, and one clear line per wrong variable', async (t) => {
  const config = loadConfig({})
  t.match(config, { host: '127.0.0.1', port: 3000, siteUrl: '', trustProxy: false, logLevel: 'info', rootRedirect: true })
  t.equal(loadConfig({ TRUST_PROXY: '2' }).trustProxy, 2)
  t.equal(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy, '10.0.0.0/8')
  t.equal(loadConfig({ SITE_URL: 'https://www.example.co.jp/' }).siteUrl, 'https://www.example.co.jp')
  try {
    loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud', SITE_URL: 'www.example.com/path' })
    t.fail('should throw')
  } catch (err) {
    t.ok(err instanceof ConfigError, 'a ConfigError')
    const lines = (err as Error).message.split('\n')
    t.equal(lines.length, 3, 'one line per variable')
    t.match(lines.find((l) => l.startsWith('PORT')), /PORT: invalid value "eighty" \(must be integer\)/)
    t.match(lines.find((l) => l.startsWith('LOG_LEVEL')), /one of fatal, error, warn, info, debug, trace, silent/)
    t.ok(lines.some((l) => l.startsWith('SITE_URL')))
  }
  const res = spawnSync(process.execPath, ['dist/server/index.js'], { env: { ...process.env, PORT: '99999' }, encoding: 'utf8', timeout: 15_000 })
  t.equal(res.status, 1, 'the server refuses to start')
  t.match(res.stderr, /^config error: PORT: invalid value "99999" \(must be <= 65535\)$/m)
})

t.test('TRUST_PROXY: true, false, a hop count, or IP addresses/CIDR ranges within bounds', async (t) => {
  const allowed = ['true', 'false', '0', '2', '127.0.0.1', '10.0.0.0/8', '10.0.0.0/8,172.16.0.0/12, 192.168.0.0/16', '::1', 'fe80::/10', '::ffff:10.0.0.1', '127.0.0.1, ::1/128', '10.0.0.0/32', '2001:db8::/128']
  for (const value of allowed) {
    const { trustProxy } = loadConfig({ TRUST_PROXY: value })
    t.doesNotThrow(() => Fastify({ trustProxy: typeof trustProxy === 'number' ? () => true : trustProxy }), `${value}: accepted, and Fastify accepts it too`)
  }
  const message = (value: string) => `TRUST_PROXY: invalid value ${JSON.stringify(value)} (allowed: true, false, a hop count, or comma-separated IP addresses/CIDR ranges)`
  for (const value of ['abc', '999.1.1.1', '10.0.0.0/99', '10.0.0.0/0', '10.0.0.0/', '::/129', '10.0.0.1,', '10.0.0.1,,10.0.0.2', '10.0.0.0/8 127.0.0.1', 'yes', '1.2.3', '1e3']) {
    t.equal(configError({ TRUST_PROXY: value }), message(value), `${value}: refused with one clear line`)
  }
})

t.test('HOST: a host name or an IP address', async (t) => {
  for (const host of ['127.0.0.1', '0.0.0.0', '::', '::1', 'localhost', 'site.internal', 'my-host.example.co.jp']) t.equal(loadConfig({ HOST: host, SITE_URL: 'https://www.example.co.jp' }).host, host)
  for (const host of ['999.1.1.1', 'my host', 'http://localhost', 'a_b', '-x', '[::1]', 'x'.repeat(64)]) {
    t.equal(configError({ HOST: host }), `HOST: invalid value ${JSON.stringify(host)} (allowed: a host name or an IP address, e.g. 0.0.0.0, ::, 127.0.0.1 or localhost)`, host)
  }
})

t.test('production requires SITE_URL unless the server listens on loopback only', async (t) => {
  for (const host of ['0.0.0.0', '::', 'site.internal', '192.168.1.10']) {
    t.match(configError({ HOST: host }), /^SITE_URL: required in production when HOST \(.+\) is reachable from other machines/, host)
    t.equal(loadConfig({ HOST: host, NODE_ENV: 'development' }).host, host, `${host} in development`)
  }
  for (const host of ['127.0.0.1', '::1', 'localhost']) t.equal(loadConfig({ HOST: host }).siteUrl, '', `${host}: a first try on one's own machine needs nothing`)
})

t.test('pattern-validated variables say what is allowed in words, never as a regular expression', async (t) => {
  const wrong: Record<string, [string, RegExp]> = {
    SITE_URL: ['www.example.com/path', /allowed: empty, or an origin: http:\/\/ or https:\/\/ and a host/],
    RATE_LIMIT_CONTACT_WINDOW: ['soon', /allowed: a duration: milliseconds, or a number with ms, s, m/],
    CONTACT_TO: ['not an address', /allowed: empty, or one or more email addresses separated by commas/],
    MAIL_FROM: ['Name <not-an-address>', /allowed: empty, or an email address or "Name <address>"/],
    SMTP_URL: ['http://user:hunter2@x', /allowed: empty, or an smtp:\/\/ or smtps:\/\/ URL/],
    FORM_SECRET: ['short', /allowed: empty, or at least 16 characters without spaces/],
  }
  for (const [name, [value, allowed]] of Object.entries(wrong)) {
    const line = configError({ [name]: value })
    t.equal(line.split('\n').length, 1, `${name}: one line`)
    t.match(line, new RegExp(`^${name}: invalid value `), `${name}: names the variable`)
    t.match(line, allowed, `${name}: says what is allowed`)
    t.notMatch(line, /must match pattern|\^\(|\[\^/, `${name}: no regular expression`)
  }
  t.notMatch(configError({ SMTP_URL: 'http://user:hunter2@x' }), /hunter2/, 'secrets still hidden')
  for (const [name, property] of Object.entries(envSchema.properties)) {
    if ('pattern' in property || 'format' in property) t.ok(ALLOWED[name], `${name}: validated by a pattern or format, described in words`)
  }
})

t.test('the server: a known setup problem is one line without a stack', async (t) => {
  const run = (env: Record<string, string>) =>
    spawnSync(process.execPath, ['dist/server/index.js'], { env: { ...process.env, LOG_LEVEL: 'silent', CONTENT_DIR: 'test/fixtures/content', ...env }, encoding: 'utf8', timeout: 20_000 })
  const lines = (stderr: string) => stderr.trim().split('\n')
  const proxy = run({ TRUST_PROXY: '999.1.1.1' })
  t.equal(proxy.status, 1)
  t.same(lines(proxy.stderr), ['config error: TRUST_PROXY: invalid value "999.1.1.1" (allowed: true, false, a hop count, or comma-separated IP addresses/CIDR ranges)'])
  const host = run({ HOST: 'not a host' })
  t.equal(host.status, 1)
  t.same(lines(host.stderr), ['config error: HOST: invalid value "not a host" (allowed: a host name or an IP address, e.g. 0.0.0.0, ::, 127.0.0.1 or localhost)'])
  const empty = mkdtempSync(join(tmpdir(), 'no-dist-'))
  t.teardown(() => rmSync(empty, { recursive: true, force: true }))
  const dist = run({ DIST_DIR: empty, DATA_DIR: join(empty, 'data'), PORT: '0' })
  t.equal(dist.status, 1)
  t.same(lines(dist.stderr), [`config error: DIST_DIR: no build manifest at ${join(empty, 'manifest.json')} (run "npm run build" first, or set DIST_DIR to the build output folder)`])
  // A port someone else holds.
  const holder = createServer()
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', () => resolve()))
  t.teardown(() => new Promise<void>((resolve) => holder.close(() => resolve())))
  const port = (holder.address() as AddressInfo).port
  const busy = run({ HOST: '127.0.0.1', PORT: String(port), DATA_DIR: join(empty, 'data') })
  t.equal(busy.status, 1)
  t.same(lines(busy.stderr), [`config error: PORT: cannot listen on 127.0.0.1 port ${port}: the port is already in use (EADDRINUSE)`])
  for (const r of [proxy, host, dist, busy]) t.notMatch(r.stderr, /\n\s+at /, 'no stack')
})

t.test('every variable of the config schema is documented in docs/configuration.md and .env.example', async (t) => {
  const docs = readFileSync('docs/configuration.md', 'utf8')
  const example = readFileSync('.env.example', 'utf8')
  t.ok(ENV_VARIABLES.length >= 20, 'the schema lists the variables')
  for (const name of ENV_VARIABLES) {
    t.match(docs, new RegExp(`^\\| \`${name}\` \\| `, 'm'), `${name}: a row of the table in docs/configuration.md`)
    t.match(example, new RegExp(`^${name}=`, 'm'), `${name}: in .env.example with its default`)
  }
})

t.test('static files: pre-compressed assets, no dotfiles, no traversal, no listing', async (t) => {
  const app = await build(t)
  const { js } = loadManifest('dist')
  const br = await app.inject({ url: js, headers: { 'accept-encoding': 'br' } })
  t.equal(br.statusCode, 200)
  t.equal(br.headers['content-encoding'], 'br')
  t.equal(br.headers['cache-control'], 'public, max-age=31536000, immutable')
  t.equal(brotliDecompressSync(br.rawPayload).toString('utf8'), readFileSync('dist/public' + js, 'utf8'), 'the brotli copy is the same file')
  const gz = await app.inject({ url: js, headers: { 'accept-encoding': 'gzip' } })
  t.equal(gz.headers['content-encoding'], 'gzip')
  for (const url of ['/assets/', '/assets', '/.env', '/assets/.hidden', '/assets/%2e%2e/manifest.json', '/..%2fmanifest.json', '/assets/..%2f..%2fpackage.json']) {
    const res = await app.inject(url)
    t.not(res.statusCode, 200, url)
    t.notMatch(res.body, /"name": "corporate-site"|"preload": \[/, `${url} leaks nothing`)
  }
})

t.test('load shedding: 503 with Retry-After when the event loop lags', async (t) => {
  const app = await build(t, { maxEventLoopDelayMs: 20 })
  await app.ready()
  // Block the loop; under-pressure samples the delay on its own interval, so poll for the verdict.
  const until = Date.now() + 300
  while (Date.now() < until) {
    // busy: this is the lag being simulated
  }
  let res = await app.inject('/en')
  for (let i = 0; i < 30 && res.statusCode !== 503; i++) {
    await new Promise((r) => setTimeout(r, 100))
    res = await app.inject('/en')
    if (res.statusCode === 503) break
    const again = Date.now() + 300
    while (Date.now() < again) {
      // keep lagging until the sampler has seen it
    }
  }
  t.equal(res.statusCode, 503)
  t.equal(res.headers['retry-after'], '10')
  // The shed answer is an answer like any other: it carries the security headers.
  t.match(String(res.headers['content-security-policy']), /frame-ancestors 'none'/, 'shed 503: CSP')
  t.equal(res.headers['x-frame-options'], 'DENY', 'shed 503: x-frame-options')
  t.equal(res.headers['x-content-type-options'], 'nosniff', 'shed 503: nosniff')
  t.match(String(res.headers['permissions-policy']), /camera=\(\)/, 'shed 503: permissions-policy')
  t.ok(res.headers['x-request-id'], 'shed 503: request id')
  // Still shedding (the same sample), liveness is not: an orchestrator must not restart a busy replica.
  t.equal((await app.inject('/en')).statusCode, 503, 'still shedding')
  t.equal((await app.inject('/healthz')).statusCode, 200, '/healthz answers 200 while the server sheds load')
})
