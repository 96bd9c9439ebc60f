import t, { type Test } from 'tap'
import Fastify from 'fastify'
import rateLimit from '@fastify/rate-limit'
import { pino } from 'pino'
import { freePort, startRedis } from '../../../scripts/engines.mjs'
import { createRateLimitStore } from '../../../server/contact/rate-limit'
import { RateLimited } from '../../../server/errors'

// REDIS_URL: the contact rate limit counted in Redis, shared by the replicas. Two Fastify instances
// (two replicas) with the limiter wired as in plugins/contact.ts, a real redis-server, no mocks.

const MAX = 3
const WARNING = 'rate limit: Redis unreachable, counting per replica until it is back'
const BACK = 'rate limit: Redis is back, counting across replicas again'

interface Replica {
  close(): Promise<void>
  lines: { level: number; msg: string }[]
  post(ip: string): Promise<number>
}

/** One replica: its own logger (lines kept in an array), its own Redis connection, one limited POST route. */
async function replica(t: Test, redisUrl: string, nameSpace: string): Promise<Replica> {
  const lines: Replica['lines'] = []
  const app = Fastify({ loggerInstance: pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) }) })
  const limits = createRateLimitStore({ redisUrl, log: app.log.child({ component: 'rate-limit' }), nameSpace })
  app.addHook('onReady', async () => limits.ready())
  app.addHook('onClose', async () => limits.close())
  await app.register(async (scope) => {
    await scope.register(rateLimit, { ...limits.options, global: false, errorResponseBuilder: (_req, ctx) => new RateLimited(ctx.after) })
    const limiter = scope.rateLimit({ max: MAX, timeWindow: 60_000 })
    scope.post('/contact', { onRequest: limiter }, async () => ({ ok: true }))
  })
  await app.ready()
  t.teardown(() => app.close())
  const post = async (ip: string) => (await app.inject({ method: 'POST', url: '/contact', remoteAddress: ip, payload: {} })).statusCode
  return { close: async () => void (await app.close()), lines, post }
}

const said = (r: Replica, msg: string) => r.lines.filter((l) => l.msg === msg).length

async function until(what: string, ok: () => boolean, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for: ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

t.test('no REDIS_URL: in memory, as before', async (t) => {
  const limits = createRateLimitStore({ redisUrl: '', log: pino({ level: 'silent' }) })
  t.equal(limits.mode, 'memory')
  t.same(limits.options, {}, 'the plugin keeps its own LocalStore')
  await limits.ready()
  await limits.close()
})

t.test('two replicas, one Redis: one budget per client; Redis down: per replica, one warning; back: shared again', async (t) => {
  const redis = await startRedis()
  t.teardown(() => redis.stop())
  const [a, b] = [await replica(t, redis.url, 'rl-test:'), await replica(t, redis.url, 'rl-test:')] as [Replica, Replica]

  // Shared: three POSTs spread over the replicas pass, the fourth is refused on either one.
  t.same([await a.post('203.0.113.1'), await b.post('203.0.113.1'), await a.post('203.0.113.1')], [200, 200, 200])
  t.equal(await b.post('203.0.113.1'), 429, 'the 4th, on the other replica: refused')
  t.equal(await a.post('203.0.113.1'), 429, 'and on the first one')
  t.equal(await b.post('203.0.113.2'), 200, 'another client has its own budget')

  // Down: every POST is answered, counted per replica with the same max; each replica warns once.
  await redis.pause()
  const down: number[] = []
  for (let i = 0; i < 5; i++) down.push(await a.post('203.0.113.3'))
  for (let i = 0; i < 5; i++) down.push(await b.post('203.0.113.3'))
  // Several reconnect attempts fail meanwhile (ECONNREFUSED 'error' events): still one warning.
  await new Promise((r) => setTimeout(r, 1_500))
  for (let i = 0; i < 3; i++) down.push(await a.post('203.0.113.4'))
  t.same(down, [200, 200, 200, 429, 429, 200, 200, 200, 429, 429, 200, 200, 200], 'max 3 per replica, no 500')
  t.equal(await a.post('203.0.113.4'), 429, 'the 4th on one replica: refused')
  for (const r of [a, b]) {
    t.equal(said(r, WARNING), 1, 'one warning for the whole outage')
    t.equal(said(r, BACK), 0)
    t.notOk(r.lines.some((l) => l.level >= 50), 'nothing logged as an error')
  }

  // Back: counted in Redis again (the new, empty server), and each replica says so once.
  await redis.resume()
  await until('both replicas reconnected', () => said(a, BACK) === 1 && said(b, BACK) === 1)
  t.same([await b.post('203.0.113.3'), await a.post('203.0.113.3'), await b.post('203.0.113.3')], [200, 200, 200], 'the local counts are left behind')
  t.equal(await a.post('203.0.113.3'), 429, 'shared again: the 4th over both replicas is refused')
  for (const r of [a, b]) {
    t.equal(said(r, WARNING), 1)
    t.equal(said(r, BACK), 1)
  }
})

t.test('Redis down from the start: counted per replica, one warning; close() ends the reconnect attempts', async (t) => {
  const port = await freePort()
  const r = await replica(t, `redis://127.0.0.1:${port}`, 'rl-test:')
  const codes: number[] = []
  for (let i = 0; i < 5; i++) codes.push(await r.post('198.51.100.1'))
  t.same(codes, [200, 200, 200, 429, 429])
  await new Promise((res) => setTimeout(res, 1_000))
  t.equal(said(r, WARNING), 1)
  await r.close()
  // The tap process ends only if no reconnect timer or socket is left: a leak shows as a timeout.
})
