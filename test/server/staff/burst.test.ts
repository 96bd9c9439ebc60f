// Guesses sent at once through the real app: of 40 sign-ins with the right password and wrong
// codes, 40 confirmations, 40 forged passkey sign-ins, no more than THROTTLE.free are checked (the throttle
// counts each attempt before its check, throttle.ts); the others get 429 with Retry-After. In memory, and
// with REDIS_URL on a real redis-server, where the counts are.
import t, { type Test } from 'tap'
import { generateKeyPairSync } from 'node:crypto'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { Redis } from 'ioredis'
import { startRedis } from '../../../scripts/engines.mjs'
import { signInKeys, THROTTLE } from '../../../server/staff/throttle'
import { addAccount, clock, codeAt, entries, field, FORM, LOCAL, postForm, postJson, signIn, staffApp, withPasskey, type Clock } from './web-helper'

const BURST = 40
const MIN = 60_000

const redis = await startRedis()
t.teardown(() => redis.stop())
const client = new Redis(redis.url)
t.teardown(() => client.quit())

/** A six-digit code that is not the account's code now. */
const wrongCode = async (secret: string, now: number) => String((Number(await codeAt(secret, now)) + 1) % 1_000_000).padStart(6, '0')

/** The answers of a burst: THROTTLE.free checked and refused (401), the others 429 with Retry-After. */
function tally(t: Test, answers: LightMyRequestResponse[]) {
  const throttled = answers.filter((r) => r.statusCode === 429)
  t.equal(answers.filter((r) => r.statusCode === 401).length, THROTTLE.free, `${THROTTLE.free} checked`)
  t.equal(throttled.length, BURST - THROTTLE.free, 'the others not checked')
  t.ok(throttled.every((r) => Number(r.headers['retry-after']) >= 1), 'each with Retry-After')
}

const engines = [
  { name: 'memory', redisUrl: '' },
  { name: 'redis', redisUrl: redis.url },
] as const

for (const engine of engines) {
  /** The app on this engine's throttle, its count empty, the throttle connected. */
  const ready = async (t: Test, time: Clock): Promise<FastifyInstance> => {
    await client.flushall()
    const app = await staffApp(t, time, { redisUrl: engine.redisUrl })
    await app.staffArea.throttle.ready()
    t.equal(app.staffArea.throttle.mode, engine.name)
    return app
  }
  /** With Redis: the count it keeps for a key. */
  const countedInRedis = async (t: Test, key: string, count: number) => {
    if (engine.redisUrl) t.equal(await client.hget(`staff-throttle:${key}`, 'count'), String(count), `counted in Redis: ${key.split(':')[0]}`)
  }

  t.test(`${engine.name}: 40 sign-ins at once with the right password and wrong codes`, async (t) => {
    const time = clock()
    const app = await ready(t, time)
    const who = await addAccount(app, time)
    const page = await app.inject({ url: '/admin/sign-in', headers: LOCAL })
    const form = new URLSearchParams({ _token: field(page.body, '_token'), email: who.account.email, password: who.password, code: await wrongCode(who.totpSecret, time.now()) }).toString()
    const answers = await Promise.all(Array.from({ length: BURST }, () => app.inject({ method: 'POST', url: '/admin/sign-in', headers: FORM, payload: form })))
    tally(t, answers)
    t.equal(entries(await app.staffStore.listAudit({ action: 'signin.failed' })), THROTTLE.free, 'as many failures audited: as many codes checked')
    t.equal(entries(await app.staffStore.listAudit({ action: 'signin.throttled' })), BURST - THROTTLE.free)
    const keys = signInKeys(who.account.email, '127.0.0.1')
    await countedInRedis(t, keys.account, THROTTLE.free)
    await countedInRedis(t, keys.address, THROTTLE.free)
  })

  t.test(`${engine.name}: 40 confirmations at once with the right password and wrong codes`, async (t) => {
    const time = clock()
    const app = await ready(t, time)
    const who = await addAccount(app, time)
    const session = await signIn(app, time, who)
    time.advance(6 * MIN)
    const fields = { _csrf: session.csrf, next: '/admin/tokens', password: who.password, code: await wrongCode(who.totpSecret, time.now()) }
    const answers = await Promise.all(Array.from({ length: BURST }, () => postForm(app, '/admin/confirm', session.headers, fields)))
    tally(t, answers)
    t.equal(entries(await app.staffStore.listAudit({ action: 'reauth.failed' })), THROTTLE.free, 'as many failures audited')
    t.equal(entries(await app.staffStore.listAudit({ action: 'reauth.throttled' })), BURST - THROTTLE.free)
    await countedInRedis(t, `reauth:${who.account.id}`, THROTTLE.free)
  })

  t.test(`${engine.name}: 40 forged passkey sign-ins at once`, async (t) => {
    const time = clock()
    const app = await ready(t, time)
    const who = await addAccount(app, time)
    const authenticator = await withPasskey(app, who, time.now())
    const forged = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey
    const bodies: object[] = []
    for (let i = 0; i < BURST; i++) {
      const { options, challengeToken } = (await postJson(app, '/admin/passkey/options', LOCAL, '', {})).json()
      bodies.push({ response: authenticator.get(options.challenge, { key: forged }), challengeToken })
    }
    const answers = await Promise.all(bodies.map((body) => postJson(app, '/admin/passkey/sign-in', LOCAL, '', body)))
    tally(t, answers)
    t.equal(entries(await app.staffStore.listAudit({ action: 'signin.failed' })), THROTTLE.free, 'as many failures audited: as many signatures checked')
    await countedInRedis(t, 'address:127.0.0.1', THROTTLE.free)
  })
}
