import t from 'tap'
import { Redis } from 'ioredis'
import { startRedis } from '../../../scripts/engines.mjs'
import { signInKeys } from '../../../server/staff/throttle'
import { createThrottle } from '../../../server/staff/throttle-redis'
import { T0, throttleCases } from './throttle-cases'

// REDIS_URL: the sign-in throttle counted in a real redis-server, shared by replicas; an outage falls back
// to counting per replica (warned once) and sharing resumes when Redis is back. Injected clock throughout.

const WARNING = 'sign-in throttle: Redis unreachable, counting per replica until it is back'
const BACK = 'sign-in throttle: Redis is back, counting across replicas again'

function collector() {
  const lines: string[] = []
  return { lines, log: { warn: (_obj: object, msg: string) => void lines.push(msg), info: (msg: string) => void lines.push(msg) } }
}

async function until(what: string, ok: () => boolean, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for: ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

t.test('with Redis', async (t) => {
  const redis = await startRedis()
  t.teardown(() => redis.stop())
  let n = 0
  await throttleCases(t, () => createThrottle({ redisUrl: redis.url, log: collector().log, nameSpace: `case${n++}:` }))

  t.test('the cases above counted in Redis', async (t) => {
    const client = new Redis(redis.url)
    t.teardown(() => client.quit())
    const keys = await client.keys('case*')
    t.equal(n, 5, 'five cases, five namespaces')
    t.ok(keys.some((k) => k.startsWith('case0:account:')) && keys.some((k) => k.startsWith('case3:address:')), keys.join(' '))
  })

  t.test('two replicas count the same failures; only hashes and counts are stored', async (t) => {
    const [a, b] = [createThrottle({ redisUrl: redis.url, log: collector().log }), createThrottle({ redisUrl: redis.url, log: collector().log })]
    t.teardown(async () => void (await Promise.all([a.close(), b.close()])))
    await Promise.all([a.ready(), b.ready()])
    t.equal(a.mode, 'redis')
    const { account, address } = signInKeys('shared@example.co.jp', '203.0.113.50')
    for (let i = 0; i < 5; i++) t.equal((await (i % 2 ? b : a).attempt([account, address], T0)).allowed, true)
    t.same(await a.attempt([account], T0), { allowed: false, retryAfterMs: 1_000 }, 'replica A sees the five failures spread over both')
    t.same(await b.attempt([address], T0), { allowed: false, retryAfterMs: 1_000 }, 'and replica B')
    const other = signInKeys('other@example.co.jp', '203.0.113.50').account
    t.same(await b.attempt([other], T0), { allowed: true, retryAfterMs: 0 }, 'another account')
    await b.succeed([account], [other])

    const client = new Redis(redis.url)
    t.teardown(() => client.quit())
    const keys = (await client.keys('staff-throttle:*')).sort()
    t.same(keys, [`staff-throttle:${address}`], 'the address key; the cleared account key is gone')
    t.same(await client.hgetall(`staff-throttle:${address}`), { count: '5', last: String(T0) })
    const ttl = await client.pttl(`staff-throttle:${address}`)
    t.ok(ttl > 14 * 60_000 && ttl <= 15 * 60_000, `expires 15 minutes after the last failure (${ttl} ms left)`)
    t.notOk(keys.join(' ').includes('shared@'), 'no e-mail address in Redis')
    t.equal((await a.attempt([account], T0)).allowed, true, 'a success on B clears the account on A')
  })

  t.test('Redis gone in the middle of a burst: the replica goes on from the attempts Redis allowed it', async (t) => {
    const logs = collector()
    const a = createThrottle({ redisUrl: redis.url, log: logs.log, nameSpace: 'midway:' })
    t.teardown(() => a.close())
    await a.ready()
    const keys = [signInKeys('midway@example.co.jp', '203.0.113.70').account]
    for (let i = 0; i < 5; i++) t.equal((await a.attempt(keys, T0)).allowed, true, `attempt ${i + 1} allowed by Redis`)
    await redis.pause()
    await until('the replica notices', () => logs.lines.includes(WARNING))
    t.same(await a.attempt(keys, T0), { allowed: false, retryAfterMs: 1_000 }, 'the 6th waits: decided on its own copy, not an empty count')
    await redis.resume()
    await until('the replica reconnects', () => logs.lines.includes(BACK), 15_000)
  })

  t.test('Redis down: each replica counts on its own, warns once; back: shared again', async (t) => {
    const logs = collector()
    const bLogs = collector()
    const a = createThrottle({ redisUrl: redis.url, log: logs.log, nameSpace: 'outage:' })
    const b = createThrottle({ redisUrl: redis.url, log: bLogs.log, nameSpace: 'outage:' })
    t.teardown(async () => void (await Promise.all([a.close(), b.close()])))
    await Promise.all([a.ready(), b.ready()])
    const keys = [signInKeys('down@example.co.jp', '203.0.113.60').account]

    await redis.pause()
    await until('replica A notices', () => logs.lines.includes(WARNING))
    for (let i = 0; i < 5; i++) await a.attempt(keys, T0)
    t.equal((await a.attempt(keys, T0)).allowed, false, 'A throttles on its own count')
    t.equal((await b.attempt(keys, T0)).allowed, true, 'B has its own count (no error, no 500)')
    await a.attempt(keys, T0)
    t.same(logs.lines.filter((l) => l === WARNING).length, 1, 'one warning for the outage')

    await redis.resume()
    await until('replica A reconnects', () => logs.lines.includes(BACK), 15_000)
    for (let i = 0; i < 5; i++) await a.attempt(keys, T0 + 1)
    // B reconnects on its own schedule: asked once it has.
    await until('replica B reconnects', () => bLogs.lines.includes(BACK), 15_000)
    t.same(await b.attempt(keys, T0 + 1), { allowed: false, retryAfterMs: 1_000 }, 'B sees A\'s failures in Redis again')
  })
})
