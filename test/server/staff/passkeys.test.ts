import t from 'tap'
import { generateKeyPairSync } from 'node:crypto'
import { decodeCredentialPublicKey } from '@simplewebauthn/server/helpers'
import {
  authenticationOptions,
  credentialIdOf,
  openChallenge,
  registrationOptions,
  relyingParty,
  signChallenge,
  verifyAuthentication,
  verifyRegistration,
} from '../../../server/staff/passkeys'
import type { Passkey } from '../../../server/staff/types'
import { FLAGS, SoftAuthenticator } from './soft-authenticator'

// Registration and sign-in through @simplewebauthn/server's real verification, with answers made by a
// software authenticator (node:crypto P-256 key, CBOR 'none' attestation): see soft-authenticator.ts.

const rp = relyingParty('http://localhost:4321/', '山田建設')
const account = { id: 'acc_7f3a9c', email: 'hanako@example.co.jp', name: 'Yamada Hanako' }
const NOW = 1_800_000_000_000

async function register(authenticator: SoftAuthenticator, existing: Passkey[] = []) {
  const options = await registrationOptions({ rp, account, existing })
  const response = authenticator.create(options.challenge)
  const result = await verifyRegistration({ rp, accountId: account.id, response, challenge: options.challenge, name: '  MacBook の Touch ID  ', nowMs: NOW })
  if (!result.ok) throw new Error(`registration refused: ${result.detail}`)
  return result.passkey
}

t.test('relyingParty: the rp id is SITE_URL\'s host name, the origin its origin', async (t) => {
  t.same(rp, { rpID: 'localhost', origin: 'http://localhost:4321', name: '山田建設' })
  t.same(relyingParty('https://www.example.co.jp/ja/', 'X'), { rpID: 'www.example.co.jp', origin: 'https://www.example.co.jp', name: 'X' })
  t.throws(() => relyingParty('not a url', 'X'))
  t.throws(() => relyingParty('ftp://example.com', 'X'))
})

t.test('registration options: discoverable, user verification, the account\'s passkeys excluded, no personal data in the handle', async (t) => {
  const options = await registrationOptions({ rp, account, existing: [{ id: 'AAAAAAAAAAAAAAAAAAAAAA', transports: ['internal'] }] })
  t.same(options.rp, { name: '山田建設', id: 'localhost' })
  t.equal(options.user.name, 'hanako@example.co.jp')
  t.equal(options.user.displayName, 'Yamada Hanako')
  t.equal(Buffer.from(options.user.id, 'base64url').toString(), 'acc_7f3a9c', 'the user handle is the account id')
  t.match(options.authenticatorSelection, { residentKey: 'required', requireResidentKey: true, userVerification: 'required' })
  t.equal(options.attestation, 'none')
  t.same(options.excludeCredentials, [{ id: 'AAAAAAAAAAAAAAAAAAAAAA', type: 'public-key', transports: ['internal'] }])
  t.ok(options.pubKeyCredParams.some((p) => p.alg === -7), 'ES256 offered')
  t.match(options.challenge, /^[A-Za-z0-9_-]{43}$/)
  t.not((await registrationOptions({ rp, account, existing: [] })).challenge, options.challenge, 'a new challenge each time')
})

t.test('registration: a real attestation becomes a Passkey record', async (t) => {
  const authenticator = new SoftAuthenticator({ origin: rp.origin, rpID: rp.rpID, userId: account.id })
  const passkey = await register(authenticator)
  t.equal(passkey.id, authenticator.id)
  t.equal(passkey.accountId, account.id)
  t.equal(passkey.name, 'MacBook の Touch ID', 'the name, trimmed')
  t.equal(passkey.counter, 0)
  t.same(passkey.transports, ['internal', 'hybrid'])
  t.equal(passkey.createdAt, NOW)
  t.equal(passkey.lastUsedAt, null)
  const cose = decodeCredentialPublicKey(new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')))
  t.equal(cose.get(3), -7, 'the stored public key is the authenticator\'s COSE key (ES256)')
  t.same(Buffer.from(passkey.publicKey, 'base64url'), Buffer.from(authenticator.cosePublicKey()))
})

t.test('registration: refused for another origin, rp id, challenge or type, without user verification, or garbage', async (t) => {
  const authenticator = new SoftAuthenticator({ origin: rp.origin, rpID: rp.rpID, userId: account.id })
  const { challenge } = await registrationOptions({ rp, account, existing: [] })
  const check = (response: unknown, expected = challenge) => verifyRegistration({ rp, accountId: account.id, response, challenge: expected, name: 'x', nowMs: NOW })
  const cases: [string, unknown, RegExp][] = [
    ['another origin (a phishing site)', authenticator.create(challenge, { origin: 'https://examp1e.co.jp' }), /origin/],
    ['another rp id', authenticator.create(challenge, { rpID: 'evil.example' }), /RP ID/i],
    ['another challenge', authenticator.create('AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'), /challenge/],
    ['a sign-in answer', authenticator.create(challenge, { type: 'webauthn.get' }), /type/],
    ['no user verification', authenticator.create(challenge, { flags: FLAGS.UP | FLAGS.AT }), /verif/],
    ['no user presence', authenticator.create(challenge, { flags: FLAGS.UV | FLAGS.AT }), /presen/],
  ]
  for (const [what, response, detail] of cases) {
    const result = await check(response)
    t.equal(result.ok, false, what)
    if (!result.ok) t.match(result.detail, detail, `${what}: ${result.detail}`)
  }
  t.equal((await check(authenticator.create(challenge))).ok, true, 'and the same authenticator, answering properly, passes')
  for (const garbage of [undefined, null, 'text', 42, {}, { id: authenticator.id }, { id: authenticator.id, rawId: authenticator.id, type: 'public-key', response: {} }]) {
    t.equal((await check(garbage)).ok, false, `garbage: ${JSON.stringify(garbage)}`)
  }
})

t.test('sign-in: discoverable options, a real assertion verifies and gives the counter', async (t) => {
  const options = await authenticationOptions({ rp })
  t.equal(options.rpId, 'localhost')
  t.same(options.allowCredentials, [], 'no credential named: the browser offers the passkeys it has (autofill)')
  t.equal(options.userVerification, 'required')

  const synced = new SoftAuthenticator({ origin: rp.origin, rpID: rp.rpID, userId: account.id })
  const passkey = await register(synced)
  const response = synced.get(options.challenge)
  t.equal(credentialIdOf(response), passkey.id, 'the response names its credential: the caller finds the passkey by it')
  t.same(await verifyAuthentication({ rp, passkey, response, challenge: options.challenge }), { ok: true, counter: 0 }, 'a synced passkey keeps its counter at 0')

  const counting = new SoftAuthenticator({ origin: rp.origin, rpID: rp.rpID, userId: account.id, counter: 5 })
  const key = await register(counting)
  t.equal(key.counter, 5)
  const first = await verifyAuthentication({ rp, passkey: key, response: counting.get(options.challenge), challenge: options.challenge })
  t.same(first, { ok: true, counter: 6 })
  const stored = { ...key, counter: 6 }
  const replayed = await verifyAuthentication({ rp, passkey: stored, response: counting.get(options.challenge, { counter: 6 }), challenge: options.challenge })
  t.equal(replayed.ok, false, 'a counter that did not grow: a cloned authenticator, refused')

  const reauth = await authenticationOptions({ rp, passkeys: [passkey] })
  t.same(reauth.allowCredentials, [{ id: passkey.id, type: 'public-key', transports: ['internal', 'hybrid'] }], 're-authentication names the account\'s passkeys')
})

t.test('sign-in: refused for a forged signature, another origin, challenge, credential or account, no verification', async (t) => {
  const authenticator = new SoftAuthenticator({ origin: rp.origin, rpID: rp.rpID, userId: account.id })
  const passkey = await register(authenticator)
  const other = await register(new SoftAuthenticator({ origin: rp.origin, rpID: rp.rpID, userId: account.id }))
  const { challenge } = await authenticationOptions({ rp })
  const forger = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey
  const cases: [string, unknown, Passkey, RegExp][] = [
    ['signed with another key', authenticator.get(challenge, { key: forger }), passkey, /signature/],
    ['another origin', authenticator.get(challenge, { origin: 'http://localhost:9999' }), passkey, /origin/],
    ['another rp id', authenticator.get(challenge, { rpID: 'example.com' }), passkey, /RP ID/i],
    ['another challenge', authenticator.get('BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB'), passkey, /challenge/],
    ['a registration answer type', authenticator.get(challenge, { type: 'webauthn.create' }), passkey, /type/],
    ['no user verification', authenticator.get(challenge, { flags: FLAGS.UP }), passkey, /verif/],
    ['checked against another passkey', authenticator.get(challenge), other, /another credential/],
    ['a user handle of another account', authenticator.get(challenge, { userHandle: Buffer.from('acc_other').toString('base64url') }), passkey, /user handle/],
  ]
  for (const [what, response, key, detail] of cases) {
    const result = await verifyAuthentication({ rp, passkey: key, response, challenge })
    t.equal(result.ok, false, what)
    if (!result.ok) t.match(result.detail, detail, `${what}: ${result.detail}`)
  }
  t.equal((await verifyAuthentication({ rp, passkey, response: authenticator.get(challenge), challenge })).ok, true, 'the genuine answer passes')
  for (const garbage of [undefined, null, [], { id: passkey.id }, { id: passkey.id, rawId: passkey.id, type: 'public-key', response: { clientDataJSON: 'e30' } }]) {
    t.equal((await verifyAuthentication({ rp, passkey, response: garbage, challenge })).ok, false, `garbage: ${JSON.stringify(garbage)}`)
  }
})

t.test('challenge tokens: carried by the browser, opened only here, for their purpose, for 5 minutes', async (t) => {
  const secret = 'a-secret-of-this-site-0123456789'
  const { challenge } = await authenticationOptions({ rp })
  const token = signChallenge(challenge, 'signin', secret, NOW)
  t.notOk(token.includes(secret))
  t.equal(openChallenge(token, 'signin', secret, NOW), challenge)
  t.equal(openChallenge(token, 'signin', secret, NOW + 5 * 60_000), challenge, 'at 5 minutes: still good')
  t.equal(openChallenge(token, 'signin', secret, NOW + 5 * 60_000 + 1), null, 'after 5 minutes: expired')
  t.equal(openChallenge(token, 'register:acc_7f3a9c', secret, NOW), null, 'another purpose')
  t.equal(openChallenge(token, 'signin', 'another-secret', NOW), null, 'another secret (another site)')
  t.equal(openChallenge(token, 'signin', secret, NOW - 60 * 60_000), null, 'a token from the future (clock went back)')
  const registerToken = signChallenge(challenge, 'register:acc_7f3a9c', secret, NOW)
  t.equal(openChallenge(registerToken, 'register:acc_7f3a9c', secret, NOW), challenge)
  t.equal(openChallenge(registerToken, 'register:acc_other', secret, NOW), null, 'another account\'s registration')
  const [expires, , mac] = token.split('.')
  t.equal(openChallenge(`${expires}.${'C'.repeat(43)}.${mac}`, 'signin', secret, NOW), null, 'another challenge, same mac')
  t.equal(openChallenge(`${(NOW + 10 * 60_000).toString(36)}.${challenge}.${mac}`, 'signin', secret, NOW), null, 'a later expiry, same mac')
  for (const garbage of [undefined, '', 'a.b.c', token + 'x', 42, [token]]) t.equal(openChallenge(garbage, 'signin', secret, NOW), null, JSON.stringify(garbage))
  t.throws(() => signChallenge(challenge, 'anything', secret, NOW), /purpose/)
  t.throws(() => signChallenge(challenge, 'signin', '', NOW), /secret/)

  // The whole way: options, token, answer, token opened on "another replica" (same secret), verified.
  const authenticator = new SoftAuthenticator({ origin: rp.origin, rpID: rp.rpID, userId: account.id })
  const passkey = await register(authenticator)
  const options = await authenticationOptions({ rp })
  const carried = signChallenge(options.challenge, 'signin', secret, NOW)
  const opened = openChallenge(carried, 'signin', secret, NOW + 30_000)
  t.ok(opened)
  t.same(await verifyAuthentication({ rp, passkey, response: authenticator.get(options.challenge), challenge: opened! }), { ok: true, counter: 0 })
})
