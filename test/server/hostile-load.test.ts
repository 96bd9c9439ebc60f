import t from 'tap'
// @ts-expect-error: a plain ES module shared with the bench script
import { hostileLoad, peakRssMb } from '../../bench/hostile-load.mjs'
import { startBuiltServer } from '../../bench/built-server.mjs'

/**
 * One client must not be able to grow the server's memory: 20,000 GETs, each with something the site
 * has never seen (a unique query of 15,000 or 4,000 characters on a real page, a unique long unknown path), against the built
 * server started as `npm start` starts it (same heap limit). It must stay alive, answer /healthz, never
 * shed load for memory (under-pressure answers 503 near the heap limit), and keep its RSS bounded.
 */
t.test('unique long URLs do not grow the heap', { timeout: 600_000 }, async (t) => {
  const server = await startBuiltServer({ LOG_LEVEL: 'error', MAX_EVENT_LOOP_DELAY_MS: '0' })
  t.teardown(server.stop)
  const statuses = await hostileLoad(server.origin, { requests: 20_000, concurrency: 20, length: 4000 })
  t.equal(server.child.exitCode, null, 'the process is alive')
  const health = await fetch(`${server.origin}/healthz`)
  t.equal(health.status, 200, '/healthz answers')
  t.equal(statuses[0] ?? 0, 0, 'every request got an answer')
  t.equal(statuses[503] ?? 0, 0, 'never shed for memory: the heap stayed under the bound')
  t.equal(statuses[414], 13_334, 'the over-long URLs answered 414')
  t.equal((statuses[200] ?? 0) + (statuses[404] ?? 0) + (statuses[414] ?? 0), 20_000, `pages, not-found pages and 414 only: ${JSON.stringify(statuses)}`)
  const peak = peakRssMb(server.child.pid)
  t.ok(peak === null || peak < 350, `peak RSS ${peak} MB`)
})
