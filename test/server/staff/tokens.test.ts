import t from 'tap'
import { createHash } from 'node:crypto'
import { randomToken, safeEqual, sha256Hex } from '../../../server/staff/tokens'

t.test('randomToken: base64url of the bytes asked for, never twice the same', async (t) => {
  const token = randomToken()
  t.match(token, /^[A-Za-z0-9_-]{43}$/, '32 bytes: 43 characters, no padding')
  t.equal(Buffer.from(token, 'base64url').length, 32)
  t.match(randomToken(16), /^[A-Za-z0-9_-]{22}$/)
  t.equal(Buffer.from(randomToken(48), 'base64url').length, 48)
  const many = new Set(Array.from({ length: 1000 }, () => randomToken()))
  t.equal(many.size, 1000)
  t.throws(() => randomToken(8), RangeError, 'fewer than 128 bits: refused')
})

t.test('sha256Hex: the SHA-256 of the UTF-8 text, hex', async (t) => {
  // FIPS 180-2 test vector, and a non-ASCII text checked against node:crypto on its bytes.
  t.equal(sha256Hex('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
  t.equal(sha256Hex('工事'), createHash('sha256').update(Buffer.from('工事', 'utf8')).digest('hex'))
  t.match(sha256Hex(''), /^[0-9a-f]{64}$/)
})

t.test('safeEqual: true only for the same string, whatever the length or type of the other', async (t) => {
  const secret = randomToken()
  t.equal(safeEqual(secret, secret), true)
  t.equal(safeEqual(secret.slice(0, -1), secret), false, 'a prefix')
  t.equal(safeEqual(secret + 'x', secret), false, 'longer')
  t.equal(safeEqual('', secret), false)
  t.equal(safeEqual(secret.toUpperCase(), secret), false)
  t.equal(safeEqual(undefined, secret), false)
  t.equal(safeEqual(['x'], 'x'), false, 'an array (a repeated form field) is not a string')
  t.equal(safeEqual('', ''), true)
})
