import t from 'tap'
import { createHash } from 'node:crypto'
import { accessTokenState, checkAccessTokenExpiry, effectiveTokenRole, hashAccessToken, maxAccessTokenExpiry, newAccessToken, parseBearer } from '../../../server/staff/access-tokens'
import { STAFF_ROLES } from '../../../shared/admin/roles'
import type { Role } from '../../../server/staff/types'

t.test('a new token: cst_ + 256 random bits, its SHA-256 hex to store', async (t) => {
  const { secret, hash } = newAccessToken()
  t.match(secret, /^cst_[A-Za-z0-9_-]{43}$/)
  t.equal(Buffer.from(secret.slice(4), 'base64url').length, 32)
  t.equal(hash, createHash('sha256').update(secret).digest('hex'), 'SHA-256 of the whole secret')
  t.equal(hashAccessToken(secret), hash)
  t.not(newAccessToken().secret, secret)
})

t.test('parseBearer: only a Bearer header carrying one of our tokens', async (t) => {
  const { secret } = newAccessToken()
  t.equal(parseBearer(`Bearer ${secret}`), secret)
  t.equal(parseBearer(`bearer ${secret}`), secret, 'the scheme in any case (RFC 9110)')
  t.equal(parseBearer(`Bearer  ${secret} `), secret, 'extra spaces')
  const refused = [
    undefined,
    '',
    secret,
    `Basic ${secret}`,
    `Bearer ${secret.slice(0, -1)}`,
    `Bearer ${secret}x`,
    `Bearer ${secret} ${secret}`,
    'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl', // the seed client's JWT cookie
    `Bearer cst_${'!'.repeat(43)}`,
    ['Bearer ' + secret],
    `Bearer ${secret}${' '.repeat(300)}`,
  ]
  for (const header of refused) t.equal(parseBearer(header), null, JSON.stringify(header)?.slice(0, 60))
})

t.test('expiry: in the future, at most one calendar year after creation', async (t) => {
  const created = Date.UTC(2026, 4, 15, 9, 30)
  t.equal(maxAccessTokenExpiry(created), Date.UTC(2027, 4, 15, 9, 30))
  t.equal(checkAccessTokenExpiry(created, Date.UTC(2027, 4, 15, 9, 30)), null, 'exactly one year: allowed')
  t.equal(checkAccessTokenExpiry(created, Date.UTC(2027, 4, 15, 9, 30) + 1), 'tooLong')
  t.equal(checkAccessTokenExpiry(created, created + 86_400_000), null, 'a day')
  t.equal(checkAccessTokenExpiry(created, created), 'notFuture')
  t.equal(checkAccessTokenExpiry(created, created - 1), 'notFuture')
  t.equal(checkAccessTokenExpiry(created, NaN), 'notFuture')
  t.equal(checkAccessTokenExpiry(created, Infinity), 'notFuture')
  const leap = Date.UTC(2028, 1, 29, 12)
  t.equal(maxAccessTokenExpiry(leap), Date.UTC(2029, 1, 28, 12), '29 February: one year is 28 February')
  t.equal(maxAccessTokenExpiry(Date.UTC(2027, 1, 28)), Date.UTC(2028, 1, 28), 'across a leap day: 366 days')
})

t.test('state: revoked, expired, or active', async (t) => {
  const expiresAt = 2_000_000
  t.equal(accessTokenState({ expiresAt, revokedAt: null }, expiresAt - 1), 'active')
  t.equal(accessTokenState({ expiresAt, revokedAt: null }, expiresAt), 'expired', 'at the expiry instant: expired')
  t.equal(accessTokenState({ expiresAt, revokedAt: 1_000 }, 1_500), 'revoked', 'revoked wins')
})

t.test('effective role: the token\'s, no more than its creator\'s current role; editor and responder do not cover each other', async (t) => {
  const expected: Record<Role, Record<Role, Role | null>> = {
    // token role: { account role: what the token may do }
    admin: { admin: 'admin', editor: 'editor', responder: 'responder' },
    editor: { admin: 'editor', editor: 'editor', responder: null },
    responder: { admin: 'responder', editor: null, responder: 'responder' },
  }
  for (const token of STAFF_ROLES) for (const account of STAFF_ROLES) t.equal(effectiveTokenRole(token, account), expected[token][account], `a ${token} token of an ${account}`)
})
