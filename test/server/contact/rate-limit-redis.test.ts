import t, { type Test } from 'tap'
import Fastify from 'fastify'
import rateLimit from '@fastify/rate-limit'
import { pino } from 'pino'
import { Redis } from 'ioredis'
import { freePort, startRedis } from '../../../scripts/engines.mjs'
import { createRateLimitStore } from '../../../server/contact/rate-limit'
import { RateLimited } from '../../../server/errors'
import { build, logCollector, testConfig } from '../../helper'
import { formFields, freshToken, postForm, tempDataDir, validInquiry } from './helper'

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
    const limiter = scope.rateLimit({ groupId: 'contact', max: MAX, timeWindow: 60_000 })
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

/** Every key in a Redis server, with its value. */
async function redisKeys(url: string): Promise<Record<string, string | null>> {
  const client = new Redis(url)
  try {
    const keys = (await client.keys('*')).sort()
    return Object.fromEntries(await Promise.all(keys.map(async (key) => [key, await client.get(key)] as const)))
  } finally {
    client.disconnect()
  }
}

t.test('a limiter names its keys: the contact budget counts under site-rl:contact:<ip>; one without a name is refused at start', async (t) => {
  const redis = await startRedis()
  t.teardown(() => redis.stop())
  const a = await replica(t, redis.url, 'rl-test:')
  t.same([await a.post('203.0.113.1'), await a.post('203.0.113.1'), await a.post('2001:db8::1')], [200, 200, 200])
  t.same(await redisKeys(redis.url), { 'rl-test:contact:203.0.113.1': '2', 'rl-test:contact:2001:db8::': '1' }, 'the budget and the client, nothing undefined')

  const limits = createRateLimitStore({ redisUrl: redis.url, log: pino({ level: 'silent' }) })
  t.teardown(() => limits.close())
  const app = Fastify()
  await app.register(async (scope) => {
    await scope.register(rateLimit, { ...limits.options, global: false })
    t.throws(() => scope.rateLimit({ max: 1, timeWindow: 1000 }), /a limiter needs a groupId/)
  })
  await app.ready()
  await app.close()
})

t.test('the site with REDIS_URL: form and API POSTs share one key per client; a refused POST logs one line and no error', async (t) => {
  const redis = await startRedis()
  t.teardown(() => redis.stop())
  const log = logCollector()
  const contact = { ...testConfig().contact, minFillMs: 0, rateLimitMax: 2 }
  const app = await build(t, { dataDir: tempDataDir(t), contact, redisUrl: redis.url, logLevel: 'info' }, { logStream: log.stream })
  const token = await freshToken(app)
  const review = () => postForm(app, '/contact', { ...formFields({ message: 'Typed before the limit' }), _token: token, step: 'review' })
  const api = () => app.inject({ method: 'POST', url: '/api/contact', payload: { ...validInquiry(), _token: token } })
  t.same([(await review()).statusCode, (await api()).statusCode], [200, 201])
  const form = await review()
  t.equal(form.statusCode, 429, 'the third contact POST is refused')
  t.match(form.body, /Typed before the limit/, 'the form again, values kept')
  const json = await api()
  t.equal(json.statusCode, 429)
  t.match(json.json(), { message: String })
  t.same(await redisKeys(redis.url), { 'site-rl:contact:127.0.0.1': '4' }, 'one key: the contact budget of this client')

  await app.close()
  const refused = log.lines.filter((l) => l.msg === 'inquiry refused')
  t.same(refused.map((l) => l.statusCode), [429, 429], 'one line per refused POST')
  const others = log.lines.filter((l) => l.level >= 40 && !/^content warning/.test(l.msg))
  t.same(others.map((l) => l.err?.code ?? l.msg), [], 'no warning or error (no "Reply was already sent")')
})
