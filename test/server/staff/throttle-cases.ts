// The throttle's behaviour, one suite for both implementations (memory: throttle.test.ts; Redis: throttle-redis.test.ts).
import type { Test } from 'tap'
import { signInKeys, THROTTLE, type Throttle } from '../../../server/staff/throttle'

export const T0 = 1_800_000_000_000
const MIN = 60_000

/** `n` attempts on the keys at `at`, each allowed (and so counted as a failure). */
async function failTimes(t: Test, throttle: Throttle, keys: string[], n: number, at: number) {
  for (let i = 0; i < n; i++) t.equal((await throttle.attempt(keys, at)).allowed, true, `attempt ${i + 1} allowed`)
}

export async function throttleCases(t: Test, create: () => Throttle) {
  const make = async () => {
    const throttle = create()
    await throttle.ready()
    return throttle
  }
  t.test('five free failures, then a delay that doubles from 1 s up to 5 minutes, never a lockout', async (t) => {
    const throttle = await make()
    const { account, address } = signInKeys('hanako@example.co.jp', '203.0.113.7')
    const keys = [account, address]
    await failTimes(t, throttle, keys, 5, T0)
    t.same(await throttle.attempt(keys, T0), { allowed: false, retryAfterMs: 1_000 }, 'after the 5th: wait 1 s')
    t.same(await throttle.attempt(keys, T0 + 400), { allowed: false, retryAfterMs: 600 }, 'a refused attempt counts nothing: the wait counts down')
    const waits: number[] = []
    let now = T0
    for (let i = 0; i < 12; i++) {
      const { retryAfterMs } = await throttle.attempt(keys, now)
      waits.push(retryAfterMs / 1000)
      now += retryAfterMs
      t.equal((await throttle.attempt(keys, now)).allowed, true, `allowed again after ${retryAfterMs / 1000} s`)
    }
    t.same(waits, [1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300, 300], 'doubling, capped at 5 minutes')
    t.same(await throttle.attempt(keys, now + THROTTLE.maxDelayMs), { allowed: true, retryAfterMs: 0 }, 'even after 17 failures: 5 minutes and it may try again')
    await throttle.close()
  })

  t.test('attempts sent at once: no more allowed than one after another', async (t) => {
    const throttle = await make()
    const { account, address } = signInKeys('burst@example.co.jp', '203.0.113.9')
    const decisions = await Promise.all(Array.from({ length: 40 }, () => throttle.attempt([account, address], T0)))
    t.equal(decisions.filter((d) => d.allowed).length, THROTTLE.free, 'the free attempts only')
    t.ok(decisions.filter((d) => !d.allowed).every((d) => d.retryAfterMs === 1_000), 'the others wait 1 s')
    t.same(await throttle.attempt([account], T0), { allowed: false, retryAfterMs: 1_000 }, 'each allowed attempt counted')
    await throttle.close()
  })

  t.test('the count is forgotten 15 minutes after the last failure', async (t) => {
    const throttle = await make()
    const { account } = signInKeys('taro@example.co.jp', '203.0.113.8')
    await failTimes(t, throttle, [account], 5, T0)
    t.equal((await throttle.attempt([account], T0 + 15 * MIN - 1)).allowed, true, 'the delay is long over, the count is not')
    t.equal((await throttle.attempt([account], T0 + 15 * MIN - 1)).allowed, false, 'counted on that count: wait')
    // A count forgotten starts again at 1: this attempt and four more are free.
    await failTimes(t, throttle, [account], 5, T0 + 30 * MIN)
    t.equal((await throttle.attempt([account], T0 + 30 * MIN)).allowed, false, 'the 5th failure of the new count: wait')
    await throttle.close()
  })

  t.test('per account and per address; a success clears the account and gives the address its attempt back', async (t) => {
    const throttle = await make()
    const ip = '198.51.100.20'
    // One address trying five accounts: the address is throttled, each account has one failure.
    for (let i = 0; i < 5; i++) {
      const k = signInKeys(`user${i}@example.co.jp`, ip)
      await failTimes(t, throttle, [k.account, k.address], 1, T0)
    }
    const sixth = signInKeys('user5@example.co.jp', ip)
    t.same(await throttle.attempt([sixth.account, sixth.address], T0), { allowed: false, retryAfterMs: 1_000 }, 'a sixth account from that address: wait')
    t.equal((await throttle.attempt([sixth.account, signInKeys('x@x', '198.51.100.21').address], T0)).allowed, true, 'the same account from another address: allowed')

    // Five failures on one account from five addresses: the account waits on any address.
    const victim = 'victim@example.co.jp'
    for (let i = 0; i < 5; i++) await failTimes(t, throttle, [signInKeys(victim, `192.0.2.${i}`).account], 1, T0)
    const fromHome = signInKeys(victim, '192.0.2.200')
    t.equal((await throttle.attempt([fromHome.account, fromHome.address], T0)).retryAfterMs, 1_000, 'the account key counts over addresses')
    t.equal((await throttle.attempt([fromHome.account, fromHome.address], T0 + 1_000)).allowed, true, 'after the wait')
    await throttle.succeed([fromHome.account], [fromHome.address])
    t.same(await throttle.attempt([fromHome.account, fromHome.address], T0 + 1_000), { allowed: true, retryAfterMs: 0 }, 'after a success: cleared')
    t.equal((await throttle.attempt([sixth.address], T0)).allowed, false, 'an address key is not cleared by another key\'s success')
    await throttle.close()
  })

  t.test('a success costs the address nothing, and never clears its failures', async (t) => {
    const throttle = await make()
    const ip = '198.51.100.30'
    for (let i = 0; i < 10; i++) {
      const colleague = signInKeys(`colleague${i}@example.co.jp`, ip)
      t.equal((await throttle.attempt([colleague.account, colleague.address], T0)).allowed, true, `sign-in ${i + 1} from one office`)
      await throttle.succeed([colleague.account], [colleague.address])
    }
    for (let i = 0; i < 4; i++) await failTimes(t, throttle, [signInKeys(`guess${i}@example.co.jp`, ip).account, `address:${ip}`], 1, T0)
    const good = signInKeys('good@example.co.jp', ip)
    await failTimes(t, throttle, [good.account, good.address], 1, T0)
    await throttle.succeed([good.account], [good.address])
    t.equal((await throttle.attempt([signInKeys('guess4@example.co.jp', ip).account, good.address], T0)).allowed, true, 'the four failures stay, the success gave its attempt back: a 5th free one')
    t.equal((await throttle.attempt([signInKeys('guess5@example.co.jp', ip).account, good.address], T0)).allowed, false, 'then the address waits')
    await throttle.close()
  })
}
