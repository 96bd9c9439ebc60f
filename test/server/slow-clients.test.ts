// Slow clients are cut: headers or a body that have not arrived within HEADERS_TIMEOUT_MS /
// REQUEST_TIMEOUT_MS get the site's small 408 page and the connection is closed; connections are capped at
// MAX_CONNECTIONS. Over a real port with raw sockets (inject has no connection), with short timeouts set
// through the config.
import t from 'tap'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { connect, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { loadConfig } from '../../server/config'
import { clientErrorPage } from '../../server/client-error'
import { httpServerOptions } from '../../server/http-limits'
import { replicaProxyConfig } from '../../scripts/engines.mjs'
import { build, logCollector } from '../helper'
import { adaptable } from './caddyfile'

/** Longest a test waits for the server to close a connection: far above the timeouts set here, far below a stuck one. */
const GUARD_MS = 8_000

interface Exchange {
  /** Everything the server sent. */
  data: string
  /** Whether the server closed the connection before the guard ran out (else the test closes it). */
  closed: boolean
}

/**
 * Opens a connection, writes `head` at once, then `trickle` one byte every `everyMs`, until the server closes
 * the connection (or GUARD_MS passes: then `closed` is false and the connection is closed here).
 */
function exchange(port: number, head: string, trickle = '', everyMs = 40): Promise<Exchange> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    let data = ''
    let sent = 0
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => (data += chunk))
    socket.on('error', () => {})
    const drip = setInterval(() => {
      if (sent < trickle.length && socket.writable) socket.write(trickle[sent++]!)
    }, everyMs)
    let closed = true
    const guard = setTimeout(() => {
      closed = false
      socket.destroy()
    }, GUARD_MS)
    socket.on('close', () => {
      clearInterval(drip)
      clearTimeout(guard)
      resolve({ data, closed })
    })
    if (head) socket.write(head)
  })
}

/** A response's status line and body (after the blank line). */
function parse(raw: string): { status: string; body: string; headers: string } {
  const end = raw.indexOf('\r\n\r\n')
  return { status: raw.slice(0, raw.indexOf('\r\n')), headers: raw.slice(0, end), body: raw.slice(end + 4) }
}

async function listening(t: Parameters<typeof build>[0], overrides: Parameters<typeof build>[1]) {
  const log = logCollector()
  // No load shedding: a busy test machine must not turn an answer into a 503 here.
  const app = await build(t, { logLevel: 'info', maxEventLoopDelayMs: 0, ...overrides }, { logStream: log.stream })
  await app.listen({ host: '127.0.0.1', port: 0 })
  return { app, log, port: (app.server.address() as { port: number }).port }
}

/** Waits (polling) until `ok()` holds, for up to GUARD_MS; the assertions that follow say whether it did. */
async function until(ok: () => boolean | Promise<boolean>): Promise<void> {
  const end = Date.now() + GUARD_MS
  while (!(await ok()) && Date.now() < end) await new Promise((r) => setTimeout(r, 20))
}

const openConnections = (app: FastifyInstance) => new Promise<number>((resolve, reject) => app.server.getConnections((err, n) => (err ? reject(err) : resolve(n))))

t.test('settings: 30 s for headers and for the whole request, 1,024 connections; headers within the request', async (t) => {
  const config = loadConfig({})
  t.same([config.headersTimeoutMs, config.requestTimeoutMs, config.maxConnections], [30_000, 30_000, 1024])
  const set = loadConfig({ HEADERS_TIMEOUT_MS: '5000', REQUEST_TIMEOUT_MS: '20000', MAX_CONNECTIONS: '200' })
  t.same([set.headersTimeoutMs, set.requestTimeoutMs, set.maxConnections], [5000, 20_000, 200])
  t.throws(() => loadConfig({ HEADERS_TIMEOUT_MS: '40000' }), /^HEADERS_TIMEOUT_MS: must not exceed REQUEST_TIMEOUT_MS \(30000\)/m)
  t.throws(() => loadConfig({ REQUEST_TIMEOUT_MS: '0' }), /REQUEST_TIMEOUT_MS: invalid value "0"/, 'never off')
  t.throws(() => loadConfig({ MAX_CONNECTIONS: '0' }), /MAX_CONNECTIONS: invalid value "0"/)
  const options = httpServerOptions(config)
  t.same([options.headersTimeout, options.requestTimeout], [30_000, 30_000])
  t.ok(options.connectionsCheckingInterval! <= 1000, 'expired requests are looked for every second at most (Node: every 30 s)')
})

t.test('a body that trickles in gets the 408 page and its connection closed; the refusal is logged once, as 408', async (t) => {
  const { port, log } = await listening(t, { headersTimeoutMs: 300, requestTimeoutMs: 600 })
  const form = await exchange(
    port,
    'POST /contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 30000\r\n\r\n',
    'a'.repeat(30_000),
  )
  t.ok(form.closed, 'the connection is closed by the server')
  const answer = parse(form.data)
  t.equal(answer.status, 'HTTP/1.1 408 Request Timeout')
  t.equal(answer.body, clientErrorPage(408), "the site's small bilingual error page")
  t.match(answer.headers, /\r\nContent-Security-Policy: default-src 'none'/i)
  t.match(answer.headers, /\r\nConnection: close/i)

  const api = await exchange(port, 'POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 30000\r\n\r\n{"name":"', 'x'.repeat(30_000))
  t.ok(api.closed)
  t.equal(parse(api.data).status, 'HTTP/1.1 408 Request Timeout', 'the JSON API alike')

  const parser = log.lines.filter((l) => l.msg === 'request refused by the HTTP parser')
  t.same(parser.map((l) => [l.statusCode, l.code, l.remoteAddress]), [[408, 'ERR_HTTP_REQUEST_TIMEOUT', '127.0.0.1'], [408, 'ERR_HTTP_REQUEST_TIMEOUT', '127.0.0.1']])
  // The route's own line comes once Node has told the request that its body was cut off.
  await until(() => log.lines.filter((l) => l.msg === 'inquiry refused').length >= 2)
  const refused = log.lines.filter((l) => l.msg === 'inquiry refused')
  t.same(refused.map((l) => l.statusCode), [408, 408], 'the route logs the request as the 408 it got, not as a 400')
  t.notOk(log.lines.some((l) => l.level >= 40 && !/content warning/.test(l.msg)), 'no warning or error')
})

t.test('headers that trickle in, and a connection that sends nothing, get the 408 page too', async (t) => {
  const { port } = await listening(t, { headersTimeoutMs: 300, requestTimeoutMs: 600 })
  const headers = await exchange(port, '', `GET /about HTTP/1.1\r\nHost: localhost\r\nX-Slow: ${'b'.repeat(500)}`)
  t.ok(headers.closed)
  t.equal(parse(headers.data).status, 'HTTP/1.1 408 Request Timeout')
  t.equal(parse(headers.data).body, clientErrorPage(408))
  const silent = await exchange(port, '')
  t.ok(silent.closed, 'an opened connection that sends nothing is closed')
  t.equal(parse(silent.data).status, 'HTTP/1.1 408 Request Timeout')
})

t.test('requests that arrive in time are not cut, nor are kept-alive connections between requests', async (t) => {
  const { port } = await listening(t, { headersTimeoutMs: 300, requestTimeoutMs: 600 })
  const socket = connect(port, '127.0.0.1')
  socket.setEncoding('utf8')
  let data = ''
  socket.on('data', (chunk: string) => (data += chunk))
  const answers = (n: number) => (data.match(/HTTP\/1\.1 \d{3}/g) ?? []).length >= n
  socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n')
  await until(() => answers(1))
  // Idle past both timeouts (keep-alive has its own, longer limit): a slow request begun after this connection went
  // idle has been cut meanwhile, and this connection still serves.
  const later = await exchange(port, 'POST /contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 9000\r\n\r\n', 'a'.repeat(9000))
  t.equal(parse(later.data).status, 'HTTP/1.1 408 Request Timeout', 'a slow request begun later has been cut')
  t.notOk(socket.destroyed, 'the kept-alive connection is still open')
  socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n')
  await until(() => answers(2))
  t.same(data.match(/HTTP\/1\.1 \d{3}/g), ['HTTP/1.1 200', 'HTTP/1.1 200'])
  socket.destroy()
})

t.test('connections beyond MAX_CONNECTIONS are closed at once, with one warning; a freed place serves again', async (t) => {
  const { app, port, log } = await listening(t, { maxConnections: 3 })
  const held: Socket[] = []
  for (let i = 0; i < 3; i++) {
    const socket = connect(port, '127.0.0.1')
    socket.on('error', () => {})
    held.push(socket)
    await new Promise((r) => socket.once('connect', r))
  }
  await until(async () => (await openConnections(app)) === 3)
  t.equal(await openConnections(app), 3)
  const extra = await exchange(port, 'GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n')
  t.ok(extra.closed, 'the fourth connection is closed by the server')
  t.equal(extra.data, '', 'without an answer')
  await exchange(port, 'GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n')
  const warnings = log.lines.filter((l) => l.msg === 'connections refused: MAX_CONNECTIONS are open')
  t.same(warnings.map((l) => [l.level, l.maxConnections]), [[40, 3]], 'one warning (at most one a minute), naming the cap')

  held.pop()!.destroy()
  await until(async () => (await openConnections(app)) === 2)
  const served = await exchange(port, 'GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n')
  t.equal(parse(served.data).status, 'HTTP/1.1 200 OK', 'a place freed: served again')
  for (const socket of held) socket.destroy()
})

const caddyMissing = Boolean(spawnSync('caddy', ['version'], { encoding: 'utf8' }).error)
t.test('the shipped Caddyfiles and the test harness\'s cut slow clients too (caddy adapt)', { skip: caddyMissing && 'caddy is not installed' }, async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'caddyfile-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const harness = join(dir, 'Caddyfile')
  writeFileSync(harness, replicaProxyConfig({ upstreams: ['127.0.0.1:3001'], port: 8080, adminPort: 2019 }))
  const version = spawnSync('caddy', ['version'], { encoding: 'utf8' }).stdout.trim()
  for (const file of ['deploy/Caddyfile', 'deploy/Caddyfile.replicas', harness]) {
    // Without its rate_limit block where the installed caddy lacks that module (test/server/caddyfile.ts).
    const run = spawnSync('caddy', ['adapt', '--config', adaptable(file, dir), '--adapter', 'caddyfile'], { encoding: 'utf8', env: { ...process.env, SITE_DOMAIN: 'www.example.co.jp' } })
    t.equal(run.status, 0, `caddy ${version} adapts ${file}: ${run.stderr.slice(-300)}`)
    const servers = Object.values(JSON.parse(run.stdout).apps.http.servers) as { read_header_timeout?: number; read_timeout?: number }[]
    t.ok(servers.length > 0, file)
    for (const server of servers) {
      // Caddy's JSON durations are nanoseconds.
      t.equal(server.read_header_timeout, 10e9, `${file}: headers within 10 s`)
      t.equal(server.read_timeout, 30e9, `${file}: the whole request (read_body) within 30 s`)
    }
  }
})
