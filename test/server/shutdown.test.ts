import t from 'tap'
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { connect, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../../server/database'
import { formToken, validInquiry } from './contact/helper'
import { sqliteStores } from './stores'

// Shutdown of the built server (dist/, `node build.mjs` first) in a child process, as the
// container runs it: a signal, the drain, the database closed, the exit code.

const WAL = 'inquiries.db-wal'

/**
 * Starts dist/server/index.js on a free port with its own DATA_DIR, image variants made on request only (ready at
 * once: MEDIA_WARM=off); killed at the test's end if still running.
 */
async function startServer(t: { teardown: (fn: () => unknown) => void }, env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'shutdown-'))
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }))
  const child = spawn(process.execPath, ['dist/server/index.js'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', CONTENT_DIR: 'test/fixtures/content', DATA_DIR: dataDir, CONTACT_MIN_FILL_MS: '0', MEDIA_WARM: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  t.teardown(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  })
  let stdout = ''
  let stderr = ''
  child.stdout!.on('data', (d) => (stdout += d))
  child.stderr!.on('data', (d) => (stderr += d))
  const exited = new Promise<{ code: number | null; at: number }>((resolve) => child.on('exit', (code) => resolve({ code, at: Date.now() })))
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start: ${stderr}`)), 30_000)
    child.stdout!.on('data', () => {
      const m = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(stdout)
      if (m) {
        clearTimeout(timer)
        resolve(Number(m[1]))
      }
    })
    void exited.then(({ code }) => reject(new Error(`exited early (${code}): ${stderr}`)))
  })
  const logs = () => stdout.split('\n').filter((l) => l.trim().startsWith('{')).map((l) => JSON.parse(l))
  return { child, port, dataDir, exited, logs }
}

/** A raw HTTP/1.1 connection: what the server answered so far, as status codes in order. */
function rawConnection(port: number) {
  const socket: Socket = connect(port, '127.0.0.1')
  let received = ''
  socket.on('data', (d) => (received += d))
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()))
  socket.on('error', () => {})
  return {
    socket,
    closed,
    statuses: () => [...received.matchAll(/HTTP\/1\.1 (\d{3}) [A-Z]/g)].map((m) => Number(m[1])),
    received: () => received,
  }
}

/**
 * An inquiry POST whose body arrives slowly: the headers and a part now, the rest when asked.
 * Until then it is a request in flight (not an idle connection the close could drop).
 */
async function slowInquiry(port: number) {
  const form = await fetch(`http://127.0.0.1:${port}/en/contact`)
  const body = JSON.stringify(validInquiry({ locale: 'en', _token: formToken(await form.text()) }))
  const conn = rawConnection(port)
  conn.socket.write(`POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 20)}`)
  return { ...conn, finish: (pipelined = '') => conn.socket.write(body.slice(20) + pipelined) }
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function refused(port: number): Promise<string> {
  try {
    await fetch(`http://127.0.0.1:${port}/readyz`)
    return 'answered'
  } catch (err) {
    return String((err as { cause?: { code?: string } }).cause?.code)
  }
}

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  t.test(`${signal}: the request in flight completes and closes its connection, the database closes cleanly, exit 0`, async (t) => {
    const server = await startServer(t)
    t.equal((await fetch(`http://127.0.0.1:${server.port}/readyz`)).status, 200, 'ready before the signal')
    t.ok(existsSync(join(server.dataDir, WAL)), `${WAL} exists while the server runs (WAL mode)`)
    const slow = await slowInquiry(server.port)
    await pause(200) // the server has the request (headers read, body pending)
    server.child.kill(signal)
    await pause(300)
    t.equal(server.child.exitCode, null, 'still draining: the request in flight holds the exit')
    t.equal(await refused(server.port), 'ECONNREFUSED', 'no new connections: a proxy health check sees the site as down')
    // The rest of the body, and another request pipelined on the same connection behind it.
    slow.finish('GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')
    const { code } = await server.exited
    await slow.closed
    t.same(slow.statuses(), [201], 'the inquiry in flight is stored (201); the request pipelined behind it is not taken (its client reconnects)')
    t.match(slow.received(), /\r\nconnection: close\r\n/i, 'the answer closes the connection: a kept-alive client cannot hold the drain open')
    t.equal(code, 0, 'exit code 0')
    t.notOk(existsSync(join(server.dataDir, WAL)), `no ${WAL} left: the database was closed cleanly (checkpointed)`)
    const id = /"id":"([^"]+)"/.exec(slow.received())?.[1]
    t.ok(id, 'the answer carries the reference')
    const db = openDatabase(server.dataDir)
    t.teardown(() => db.close())
    t.ok(await sqliteStores(db).find(id!), 'the inquiry answered during the drain is in the database')
    const lines = server.logs()
    t.ok(lines.some((l) => l.msg === 'shutting down' && l.signal === signal), 'the signal is logged')
    t.ok(lines.some((l) => l.msg === 'closed'))
  })
}

t.test('SHUTDOWN_TIMEOUT_MS bounds a request that never completes', async (t) => {
  const server = await startServer(t, { SHUTDOWN_TIMEOUT_MS: '1000' })
  const hung = await slowInquiry(server.port) // its body never arrives
  await pause(200)
  const signalled = Date.now()
  server.child.kill('SIGTERM')
  const timeout = setTimeout(() => server.child.kill('SIGKILL'), 30_000)
  const { code, at } = await server.exited
  clearTimeout(timeout)
  t.equal(code, 1, 'the process exited by itself, with 1: the drain was not clean')
  t.ok(at - signalled >= 900, 'not before the timeout')
  t.ok(at - signalled < 20_000, `well before the hung request would end by itself (${at - signalled} ms)`)
  await hung.closed
  t.same(hung.statuses(), [], 'the hung request was cut, not answered')
  t.ok(server.logs().some((l) => l.level === 50 && /^shutdown timed out/.test(l.msg) && l.timeoutMs === 1000), 'the timeout is logged as an error')
  t.notOk(existsSync(join(server.dataDir, WAL)), 'the database is still closed cleanly')
})

t.test('SHUTDOWN_DELAY_MS: /readyz turns 503 at once, requests are still served (with Connection: close) for the delay, then the drain, exit 0', async (t) => {
  const server = await startServer(t, { SHUTDOWN_DELAY_MS: '1500' })
  const kept = rawConnection(server.port)
  kept.socket.write('GET /about HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')
  while (kept.statuses().length < 1) await pause(20)
  const signalledAt = Date.now()
  server.child.kill('SIGTERM')
  // A balancer's health check: 503 as soon as the signal is handled, while the port still accepts.
  let ready = 200
  while (ready === 200) ready = (await fetch(`http://127.0.0.1:${server.port}/readyz`)).status
  t.equal(ready, 503, '/readyz says 503 during the delay')
  const fresh = await fetch(`http://127.0.0.1:${server.port}/about`)
  t.equal(fresh.status, 200, 'a new request during the delay is still served')
  t.equal(fresh.headers.get('connection'), 'close', 'and asked to reconnect elsewhere')
  kept.socket.write('GET /en/about HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')
  await kept.closed
  t.same(kept.statuses(), [200, 200], 'the request on the kept-alive connection is answered')
  t.match(kept.received(), /\r\nconnection: close\r\n/i, 'with Connection: close')
  const { code, at } = await server.exited
  t.equal(code, 0, 'exit 0')
  t.ok(at - signalledAt >= 1500, `the port stayed open for the delay (${at - signalledAt} ms)`)
  t.ok(server.logs().some((l) => l.msg === 'shutting down' && l.delayMs === 1500), 'the delay is logged')
})
