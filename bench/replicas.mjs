// Several replicas: what a rolling restart costs, and what PostgreSQL costs an inquiry.
//   node bench/replicas.mjs [--before 5] [--duration 6] [--concurrency 8] [--rounds 2]
// Needs `node build.mjs` first (it runs dist/, as `npm start` does) and the Debian packages the tests use
// (postgresql, redis-server, caddy): every engine is a throw-away one on a free loopback port
// (scripts/engines.mjs). Prints, in one run (about a minute and a half):
//   1. rolling restart: three replicas behind Caddy sharing PostgreSQL and Redis, under a steady load
//      (3 loops of page GETs, 2 loops of inquiries: GET the form, POST it, as fast as answered); after a
//      3 s warm-up and --before seconds more, the replicas are restarted one at a time (SIGTERM, exit, a new one on the port,
//      ready). Requests, failures and p99 latency before and during the restart. Twice: with Caddy's active
//      /readyz?exclude=database check (replicaProxyConfig, the same directives as deploy/Caddyfile.replicas),
//      then without it (only retries: a POST meeting a closed port fails on Caddy < 2.11.2, caddyserver/caddy#7546).
//   2. inquiries per second on one replica: SQLite (no DATABASE_URL) and PostgreSQL (DATABASE_URL), the
//      same client: --concurrency loops, each GETting /contact for a fresh `_token` and POSTing
//      /api/contact (201), for --duration seconds; --rounds times, alternating (a busy machine shows as
//      rounds that disagree). No SMTP_URL there: the mails wait in the outbox, so
//      the figure is the store's (and the request's), not the mail worker's.
// The harness is test/replicas/cluster.ts (TypeScript): this script loads it through tsx.
import { register } from 'tsx/esm/api'
import { arg } from './built-server.mjs'

register()
const { p99, sendInquiry, startCluster, startLoad } = await import('../test/replicas/cluster.ts')

const before = Number(arg('before', '5')) * 1000
const duration = Number(arg('duration', '6')) * 1000
const concurrency = Number(arg('concurrency', '8'))
const rounds = Number(arg('rounds', '2'))
const pause = (ms) => new Promise((r) => setTimeout(r, ms))
const fmt = (ms) => `${ms.toFixed(1)} ms`

/** Requests, failures and p99 of the answers that started in [from, to). */
function window(answers, from, to) {
  const inside = answers.filter((a) => a.at >= from && a.at < to)
  return { requests: inside.length, failures: inside.filter((a) => a.failed).length, p99: p99(inside) }
}

async function rollingRestart(healthChecks) {
  const cluster = await startCluster(null, { replicas: 3, healthChecks, env: { LOG_LEVEL: 'warn' } })
  try {
    const load = startLoad(cluster.url, { getLoops: 3, postLoops: 2 })
    await pause(3000) // warm-up (page caches, JIT, connection pools): not counted in "before"
    const start = performance.now()
    await pause(before)
    const restartAt = performance.now()
    const exits = []
    for (let i = 0; i < cluster.replicas.length; i++) {
      exits.push((await cluster.restart(i)).code)
      await pause(1500) // the proxy's health check sees the new replica before the next goes
    }
    const restartEnd = performance.now()
    await pause(1000)
    const { answers, ids } = await load.stop()
    const failed = answers.filter((a) => a.at >= start && a.failed)
    const counted = answers.filter((a) => a.at >= start)
    const b = window(answers, start, restartAt)
    const d = window(answers, restartAt, restartEnd)
    console.log(`1${healthChecks ? 'a' : 'b'}. rolling restart of 3 replicas (Caddy ${healthChecks ? 'with' : 'WITHOUT'} the active /readyz check, PostgreSQL, Redis), under load`)
    const warmupFailed = answers.filter((a) => a.at < start && a.failed).length
    console.log(`   total: ${counted.length} requests after a 3 s warm-up (${answers.length - counted.length} in it, ${warmupFailed} failed), ${failed.length} failed; ${ids.length} inquiries acknowledged; exit codes ${exits.join(', ')}`)
    console.log(`   before the restart (${((restartAt - start) / 1000).toFixed(1)} s): ${b.requests} requests, ${b.failures} failed, p99 ${fmt(b.p99)}`)
    console.log(`   during the restart (${((restartEnd - restartAt) / 1000).toFixed(1)} s): ${d.requests} requests, ${d.failures} failed, p99 ${fmt(d.p99)}`)
    for (const f of failed.slice(0, 5)) console.log(`   failed: ${f.what} ${f.status} ${f.detail ?? ''}`.slice(0, 300))
    const proxyErrors = cluster.lb.log().split('\n').filter((l) => l.includes('"level":"error"')).map((l) => JSON.parse(l).msg)
    for (const msg of [...new Set(proxyErrors)].slice(0, 3)) console.log(`   Caddy: ${msg}`)
  } finally {
    await cluster.stop()
  }
}

/** Inquiries per second on one replica: `concurrency` loops of GET /contact + POST /api/contact for `duration`. */
async function inquiriesPerSecond(label, postgres) {
  const cluster = await startCluster(null, {
    replicas: 1,
    proxy: false,
    redis: false,
    postgres,
    env: { LOG_LEVEL: 'warn', SMTP_URL: '', CONTACT_TO: '', MAIL_FROM: '', SHUTDOWN_DELAY_MS: '0' },
  })
  try {
    const base = cluster.replicas[0].origin
    for (let n = 0; n < 20; n++) await sendInquiry(base, 1_000_000 + n, { via: 'api' }) // warm up
    let next = 0
    const posts = []
    const end = performance.now() + duration
    const started = performance.now()
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (performance.now() < end) {
          const r = await sendInquiry(base, next++, { via: 'api' })
          posts.push(r.answers.at(-1))
        }
      }),
    )
    const seconds = (performance.now() - started) / 1000
    const ok = posts.filter((a) => !a.failed)
    const ms = ok.map((a) => a.ms).sort((x, y) => x - y)
    const p50 = ms[Math.floor(ms.length / 2)] ?? 0
    console.log(
      `   ${label.padEnd(10)} ${(ok.length / seconds).toFixed(0).padStart(5)} inquiries/s (${ok.length} in ${seconds.toFixed(1)} s, ${posts.length - ok.length} failed); POST p50 ${fmt(p50)}, p99 ${fmt(p99(ok))}`,
    )
  } finally {
    await cluster.stop()
  }
}

await rollingRestart(true)
await rollingRestart(false)
console.log(`2. inquiries per second, one replica, ${concurrency} concurrent clients (GET /contact for the token, then POST /api/contact)`)
for (let round = 1; round <= rounds; round++) {
  await inquiriesPerSecond(`SQLite`, false)
  await inquiriesPerSecond(`PostgreSQL`, true)
}
