import t from 'tap'
import { generate } from 'otplib'
import { newTotpSecret, normaliseTotpCode, totpUri, verifyTotp } from '../../../server/staff/totp'

// TOTP through otplib's real code; time is always given (never waited for).

// RFC 6238 appendix B: the SHA-1 seed is the ASCII "12345678901234567890"; the 8-digit values there end
// with the 6-digit codes (the code is the same truncated number modulo 10^digits).
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'

/** RFC 4648 base32 (no padding) decoded, to show RFC_SECRET is the RFC's seed. */
function base32Bytes(text: string): Buffer {
  const bits = [...text].map((c) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'.indexOf(c).toString(2).padStart(5, '0')).join('')
  return Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)))
}
const RFC_VECTORS: [seconds: number, eightDigits: string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
]

t.test('RFC 6238 test vectors (SHA-1): the code is accepted and its time step returned', async (t) => {
  t.equal(base32Bytes(RFC_SECRET).toString('latin1'), '12345678901234567890', 'the RFC\'s seed')
  for (const [seconds, eight] of RFC_VECTORS) {
    const step = Math.floor(seconds / 30)
    t.equal(await verifyTotp(RFC_SECRET, eight.slice(2), seconds * 1000), step, `T=${seconds}: ${eight.slice(2)} is step ${step}`)
    const wrong = String((Number(eight.slice(2)) + 1) % 1_000_000).padStart(6, '0')
    t.equal(await verifyTotp(RFC_SECRET, wrong, seconds * 1000), null, `T=${seconds}: ${wrong} refused`)
  }
})

t.test('±1 step: the previous and next step\'s codes pass, two away do not', async (t) => {
  const secret = newTotpSecret()
  const step = 57_000_000
  const code = await generate({ secret, epoch: step * 30 })
  const at = (s: number, offset = 0) => (s * 30 + offset) * 1000
  t.equal(await verifyTotp(secret, code, at(step)), step, 'its own step, first second')
  t.equal(await verifyTotp(secret, code, at(step, 29)), step, 'its own step, last second')
  t.equal(await verifyTotp(secret, code, at(step + 1, 29)), step, 'one step later (a slow typist, a fast phone)')
  t.equal(await verifyTotp(secret, code, at(step - 1)), step, 'one step earlier (a slow server clock)')
  t.equal(await verifyTotp(secret, code, at(step + 2)), null, 'two steps later: refused')
  t.equal(await verifyTotp(secret, code, at(step - 2, 29)), null, 'two steps earlier: refused')
  t.equal(await verifyTotp(secret, code, at(step)), step, 'the same code again: the same step (the store refuses it the second time)')
})

t.test('what people type: spaces, hyphens, full-width digits; anything else is not a code', async (t) => {
  const seconds = 1234567890
  for (const typed of ['005924', ' 005924 ', '005 924', '00 59 24', '005-924', '００５９２４', '\u3000005924']) {
    t.equal(await verifyTotp(RFC_SECRET, typed, seconds * 1000), Math.floor(seconds / 30), JSON.stringify(typed))
  }
  for (const typed of ['05924', '0059245', 'abcdef', '', '005924a', '٠٠٥٩٢٤', 5924, null, ['005924'], '0'.repeat(100)]) {
    t.equal(await verifyTotp(RFC_SECRET, typed, seconds * 1000), null, JSON.stringify(typed))
  }
  t.equal(normaliseTotpCode('１２３ ４５６'), '123456')
})

t.test('an unusable secret is no error, just no match', async (t) => {
  for (const secret of ['', 'JBSWY3DPEHPK3PXP', 'not base32 at all!', '1'.repeat(40)]) {
    t.equal(await verifyTotp(secret, '123456', 1_700_000_000_000), null, JSON.stringify(secret))
  }
})

t.test('newTotpSecret: 20 random bytes, base32', async (t) => {
  const secret = newTotpSecret()
  t.match(secret, /^[A-Z2-7]{32}$/, '160 bits: 32 base32 characters')
  t.not(newTotpSecret(), secret)
})

t.test('totpUri: an otpauth:// URI an authenticator app reads, whose codes verify', async (t) => {
  const secret = newTotpSecret()
  const uri = totpUri({ secret, account: 'hanako@example.co.jp', issuer: '山田建設: staff' })
  const url = new URL(uri)
  t.equal(url.protocol, 'otpauth:')
  t.equal(url.host, 'totp')
  t.equal(decodeURIComponent(url.pathname), '/山田建設 staff:hanako@example.co.jp', 'label issuer:account, the issuer\'s own colon replaced')
  t.equal(url.searchParams.get('secret'), secret)
  t.equal(url.searchParams.get('issuer'), '山田建設 staff')
  for (const [name, value] of [['algorithm', 'SHA1'], ['digits', '6'], ['period', '30']] as const) {
    const given = url.searchParams.get(name)
    t.ok(given === null || given === value, `${name}: ${given ?? 'absent (the apps\' default)'}`)
  }
  const now = 1_800_000_000_000
  const code = await generate({ secret: url.searchParams.get('secret')!, epoch: now / 1000 })
  t.equal(await verifyTotp(secret, code, now), Math.floor(now / 30_000), 'a code from the URI\'s secret verifies')
})
