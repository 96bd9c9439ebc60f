// The throttle's behaviour, one suite for both implementations (memory: throttle.test.ts; Redis: throttle-redis.test.ts).
import type { Test } from 'tap'
import { signInKeys, THROTTLE, type Throttle } from '../../../server/staff/throttle'

export const T0 = 1_800_000_000_000
const MIN = 60_000

/** Fails `n` times on the keys at `at`, checking before each attempt that it was allowed. */
async function failTimes(t: Test, throttle: Throttle, keys: string[], n: number, at: number) {
  for (let i = 0; i < n; i++) {
    t.equal((await throttle.check(keys, at)).allowed, true, `attempt ${i + 1} allowed`)
    await throttle.fail(keys, at)
  }
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
    t.same(await throttle.check(keys, T0), { allowed: false, retryAfterMs: 1_000 }, 'after the 5th: wait 1 s')
    t.same(await throttle.check(keys, T0 + 400), { allowed: false, retryAfterMs: 600 }, 'the wait counts down')
    const waits: number[] = []
    let now = T0
    for (let i = 0; i < 12; i++) {
      const { retryAfterMs } = await throttle.check(keys, now)
      waits.push(retryAfterMs / 1000)
      now += retryAfterMs
      t.equal((await throttle.check(keys, now)).allowed, true, `allowed again after ${retryAfterMs / 1000} s`)
      await throttle.fail(keys, now)
    }
    t.same(waits, [1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300, 300], 'doubling, capped at 5 minutes')
    t.same(await throttle.check(keys, now + THROTTLE.maxDelayMs), { allowed: true, retryAfterMs: 0 }, 'even after 17 failures: 5 minutes and it may try again')
    await throttle.close()
  })

  t.test('the count is forgotten 15 minutes after the last failure', async (t) => {
    const throttle = await make()
    const { account } = signInKeys('taro@example.co.jp', '203.0.113.8')
    await failTimes(t, throttle, [account], 5, T0)
    t.equal((await throttle.check([account], T0 + 15 * MIN)).allowed, true)
    await throttle.fail([account], T0 + 15 * MIN + 1)
    // A forgotten count starts again at 1: four more free failures.
    await failTimes(t, throttle, [account], 4, T0 + 15 * MIN + 2)
    t.equal((await throttle.check([account], T0 + 15 * MIN + 2)).allowed, false, 'the 5th failure of the new count: wait')
    await throttle.close()
  })

  t.test('per account and per address; a success clears the account only', async (t) => {
    const throttle = await make()
    const ip = '198.51.100.20'
    // One address trying five accounts: the address is throttled, each account has one failure.
    for (let i = 0; i < 5; i++) {
      const k = signInKeys(`user${i}@example.co.jp`, ip)
      await failTimes(t, throttle, [k.account, k.address], 1, T0)
    }
    const sixth = signInKeys('user5@example.co.jp', ip)
    t.same(await throttle.check([sixth.account, sixth.address], T0), { allowed: false, retryAfterMs: 1_000 }, 'a sixth account from that address: wait')
    t.equal((await throttle.check([signInKeys('user5@example.co.jp', '198.51.100.21').account, signInKeys('x@x', '198.51.100.21').address], T0)).allowed, true, 'the same account from another address: allowed')

    // Five failures on one account from five addresses: the account waits on any address.
    const victim = 'victim@example.co.jp'
    for (let i = 0; i < 5; i++) await throttle.fail([signInKeys(victim, `192.0.2.${i}`).account], T0)
    const fromHome = signInKeys(victim, '192.0.2.200')
    t.equal((await throttle.check([fromHome.account, fromHome.address], T0)).retryAfterMs, 1_000, 'the account key counts over addresses')
    await throttle.succeed([fromHome.account])
    t.same(await throttle.check([fromHome.account, fromHome.address], T0), { allowed: true, retryAfterMs: 0 }, 'after a success: cleared')
    t.equal((await throttle.check([sixth.address], T0)).allowed, false, 'an address key is not cleared by another key\'s success')
    await throttle.close()
  })
}
