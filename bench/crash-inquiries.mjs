// Crash test of the inquiry store: sends inquiries concurrently to the built server, kills it with
// SIGKILL at a random moment, restarts it on the same DATA_DIR, and repeats; then checks that every
// inquiry that got a 201 is in the database with the same reference, and that resending an
// acknowledged token after the crashes answers the same reference without storing again.
// Each inquiry carries the signed token of a form served just before (GET /contact), as the
// browser's script sends it; the tokens stay valid across restarts (DATA_DIR/form-secret).
// Usage: node build.mjs && node bench/crash-inquiries.mjs [--rounds 5] [--concurrency 16] [--round-ms 1500] [--min-acks 0] [--json]
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { serverArgs } from './node-args.mjs'

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`)
  return i === -1 ? fallback : Number(process.argv[i + 1])
}
const ROUNDS = arg('rounds', 5)
const CONCURRENCY = arg('concurrency', 16)
const ROUND_MS = arg('round-ms', 1500)
/** A round also lasts until this many inquiries were acknowledged in it (a busy machine starts the server slowly), at most a minute. */
const MIN_ACKS = arg('min-acks', 0)
const JSON_OUT = process.argv.includes('--json')
const dataDir = mkdtempSync(join(tmpdir(), 'crash-inquiries-'))

function startServer() {
  const child = spawn(process.execPath, serverArgs(), {
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', DATA_DIR: dataDir, CONTENT_DIR: 'test/fixtures/content', RATE_LIMIT_CONTACT_MAX: '1000000', CONTACT_MIN_FILL_MS: '0', SMTP_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stderr = ''
  child.stderr.on('data', (d) => (stderr += d))
  return new Promise((resolve, reject) => {
    let buffer = ''
    const timer = setTimeout(() => reject(new Error(`server did not start: ${stderr}`)), 20_000)
    child.stdout.on('data', (d) => {
      buffer += d
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(buffer)
      if (m && timer) {
        clearTimeout(timer)
        buffer = ''
        resolve({ child, origin: m[1] })
      }
    })
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${stderr}`)))
  })
}

const inquiry = (token, n) => ({
  name: `Crash Test ${n}`,
  email: 'crash@example.com',
  emailConfirm: 'crash@example.com',
  inquiryType: 'other',
  message: `crash test message ${n}`,
  privacyConsent: true,
  locale: n % 2 ? 'en' : 'ja',
  _token: token,
})

/** The hidden _token of a freshly served contact form (uncompressed: the bench spends no CPU on brotli). */
async function formToken(origin) {
  const res = await fetch(`${origin}/contact`, { headers: { 'accept-encoding': 'identity' }, signal: AbortSignal.timeout(10_000) })
  const token = /name="_token" value="([^"]+)"/.exec(await res.text())?.[1]
  if (!token) throw new Error(`no form token (${res.status})`)
  return token
}

async function send(origin, token, n) {
  const res = await fetch(`${origin}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(inquiry(token, n)),
    signal: AbortSignal.timeout(10_000),
  })
  const body = await res.json()
  return res.status === 201 ? body.id : null
}

const acked = new Map() // token -> reference
let sent = 0
let failed = 0
let n = 0
const started = Date.now()

for (let round = 1; round <= ROUNDS; round++) {
  const { child, origin } = await startServer()
  let stop = false
  const worker = async () => {
    // The next form is fetched while the current inquiry is sent.
    let next = formToken(origin)
    while (!stop) {
      sent++
      try {
        const token = await next
        next = formToken(origin)
        next.catch(() => {})
        const id = await send(origin, token, ++n)
        if (id) acked.set(token, id)
        else failed++
      } catch {
        failed++ // connection refused or reset by the kill: not acknowledged
        if (stop) return
      }
    }
  }
  const ackedBefore = acked.size
  const workers = Array.from({ length: CONCURRENCY }, worker)
  await new Promise((r) => setTimeout(r, ROUND_MS * (0.5 + Math.random())))
  const deadline = Date.now() + 60_000
  while (acked.size - ackedBefore < MIN_ACKS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20))
  const exited = new Promise((r) => child.once('exit', r))
  child.kill('SIGKILL')
  stop = true
  await exited
  await Promise.allSettled(workers)
}

// After the last crash: a resend of acknowledged tokens answers the first reference, storing nothing.
const { child, origin } = await startServer()
const sample = [...acked].slice(0, 20)
let resendMismatch = 0
for (const [token, id] of sample) if ((await send(origin, token, 0)) !== id) resendMismatch++
const exited = new Promise((r) => child.once('exit', r))
child.kill('SIGTERM')
await exited

const db = new Database(join(dataDir, 'inquiries.db'), { readonly: true })
const byToken = db.prepare('SELECT id FROM inquiries WHERE token = ?').pluck()
let missing = 0
let wrong = 0
for (const [token, id] of acked) {
  const found = byToken.get(token)
  if (!found) missing++
  else if (found !== id) wrong++
}
const storedTotal = db.prepare('SELECT COUNT(*) FROM inquiries').pluck().get()
db.close()
rmSync(dataDir, { recursive: true, force: true })

const result = {
  rounds: ROUNDS,
  concurrency: CONCURRENCY,
  sent,
  acknowledged: acked.size,
  notAcknowledged: failed,
  storedTotal,
  storedButNotAcknowledged: storedTotal - acked.size,
  missing,
  wrongReference: wrong,
  resendMismatch,
  seconds: Math.round((Date.now() - started) / 100) / 10,
}
if (JSON_OUT) console.log(JSON.stringify(result))
else {
  console.log(`crash test: ${ROUNDS} SIGKILLs, ${CONCURRENCY} concurrent senders, ${result.seconds} s`)
  console.log(`  sent ${sent}, acknowledged (201) ${acked.size}, not acknowledged ${failed}`)
  console.log(`  in the database: ${storedTotal} (${result.storedButNotAcknowledged} committed but cut off before the answer)`)
  console.log(`  acknowledged but missing: ${missing}; wrong reference: ${wrong}; resends answered differently: ${resendMismatch}`)
  console.log(missing + wrong + resendMismatch === 0 ? 'PASS: every acknowledged inquiry survived' : 'FAIL')
}
process.exit(missing + wrong + resendMismatch === 0 ? 0 : 1)
