import t from 'tap'
// @ts-expect-error: a plain ES module shared with the bench script
import { hostileLoad, peakRssMb, rssMb } from '../../bench/hostile-load.mjs'
import { startBuiltServer } from '../../bench/built-server.mjs'
import { imageAllocatorEnv } from './image-env'

// 20,000 requests of which a third are compressed per answer: minutes on a busy 2-core machine.
t.setTimeout(900_000)

/** What browsers send: answers over 1 KiB are compressed per request (brotli), in libuv's thread pool. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' }

/**
 * One client must not be able to grow the server's memory: 20,000 GETs, each with something the site
 * has never seen (a unique query of 15,000 or 4,000 characters on a real page, a unique long unknown path), against the built
 * server started as the Docker image starts it (`npm start`'s heap limit, the image's memory allocator). It must stay
 * alive, answer /healthz, never shed load for memory (under-pressure answers 503 near the heap limit), and keep its
 * resident memory flat once warm: glibc's malloc kept what compressing the answers used (231 MB after 5,000
 * requests, 310 MB after 15,000 more; docs/performance.md, Memory), which the image's jemalloc does not.
 */
t.test('unique long URLs grow neither the heap nor resident memory', { timeout: 900_000 }, async (t) => {
  const server = await startBuiltServer({ LOG_LEVEL: 'error', MAX_EVENT_LOOP_DELAY_MS: '0', ...imageAllocatorEnv() }, { timeoutMs: 60_000 })
  t.teardown(server.stop)
  const warm = await hostileLoad(server.origin, { requests: 5000, concurrency: 20, length: 4000, headers: BROWSER })
  const warmRss = rssMb(server.child.pid)
  const rest = await hostileLoad(server.origin, { requests: 15_000, first: 5000, concurrency: 20, length: 4000, headers: BROWSER })
  const afterRss = rssMb(server.child.pid)
  const statuses: Record<string, number> = { ...warm }
  for (const [status, n] of Object.entries(rest as Record<string, number>)) statuses[status] = (statuses[status] ?? 0) + n
  t.equal(server.child.exitCode, null, 'the process is alive')
  const health = await fetch(`${server.origin}/healthz`)
  t.equal(health.status, 200, '/healthz answers')
  t.equal(statuses[0] ?? 0, 0, 'every request got an answer')
  t.equal(statuses[503] ?? 0, 0, 'never shed for memory: the heap stayed under the bound')
  t.equal(statuses[414], 13_334, 'the over-long URLs answered 414')
  t.equal((statuses[200] ?? 0) + (statuses[404] ?? 0) + (statuses[414] ?? 0), 20_000, `pages, not-found pages and 414 only: ${JSON.stringify(statuses)}`)
  const peak = peakRssMb(server.child.pid)
  t.ok(peak === null || peak < 350, `peak RSS ${peak} MB`)
  t.ok(warmRss === null || afterRss - warmRss < 40, `resident memory ${warmRss} MB after 5,000 requests, ${afterRss} MB after 15,000 more`)
})
