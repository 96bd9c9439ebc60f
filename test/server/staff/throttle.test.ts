import t from 'tap'
import { addressKey, createMemoryThrottle, signInKeys } from '../../../server/staff/throttle'
import { createThrottle } from '../../../server/staff/throttle-redis'
import { throttleCases } from './throttle-cases'

// The sign-in throttle in memory (one replica), with an injected clock. Redis: throttle-redis.test.ts.

t.test('in memory', async (t) => throttleCases(t, createMemoryThrottle))

t.test('no REDIS_URL: in memory', async (t) => {
  const throttle = createThrottle({ redisUrl: '', log: { warn: () => t.fail('no warning'), info: () => {} } })
  t.equal(throttle.mode, 'memory')
  await throttle.ready()
  await throttle.close()
})

t.test('keys: the account by the hash of its address (any case), the client by IPv4 or IPv6 /64', async (t) => {
  const a = signInKeys(' Hanako@Example.co.jp ', '203.0.113.7')
  t.equal(a.account, signInKeys('hanako@example.co.jp', '203.0.113.7').account, 'case and spaces do not make another key')
  t.match(a.account, /^account:[0-9a-f]{64}$/)
  t.notMatch(a.account, /hanako/, 'no address in the key')
  t.equal(a.address, 'address:203.0.113.7')
  t.equal(addressKey('::ffff:203.0.113.7'), '203.0.113.7', 'IPv4-mapped')
  t.equal(addressKey('2001:db8:85a3:0042:1000:8a2e:0370:7334'), '2001:db8:85a3:42::/64')
  t.equal(addressKey('2001:DB8:85A3:42::1'), '2001:db8:85a3:42::/64', 'same /64, compressed, upper case')
  t.equal(addressKey('2001:db8::1'), '2001:db8:0:0::/64')
  t.equal(addressKey('::1'), '0:0:0:0::/64')
  t.equal(addressKey('fe80::1:2:3:4'), 'fe80:0:0:0::/64')
  t.equal(addressKey('unknown'), 'unknown', 'not an address: as given')
})

t.test('memory stays bounded under a spray of addresses', async (t) => {
  const throttle = createMemoryThrottle()
  const now = 1_800_000_000_000
  for (let i = 0; i < 100_500; i++) await throttle.attempt([`address:10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`], now)
  // The oldest keys were forgotten to make room, the newest are still counted.
  for (let i = 0; i < 4; i++) await throttle.attempt(['address:10.0.0.0', 'address:10.1.136.99'], now)
  t.equal((await throttle.attempt(['address:10.0.0.0'], now)).allowed, true, 'the first sprayed key was dropped: four failures since')
  t.equal((await throttle.attempt(['address:10.1.136.99'], now)).allowed, false, 'a recent key kept its count: five')
})
