import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * WebAuthn challenges carried by the browser instead of kept on the server, so any replica can check
 * the answer: `<expiry, base 36>.<challenge>.<HMAC-SHA256>`, the HMAC over the purpose, the expiry and
 * the challenge with the server's secret. A token opens only for the purpose it was made for
 * ('signin', 'register:<account id>', 'reauth:<account id>') and for 5 minutes. The staff plugin
 * puts it in a short-lived cookie or a hidden field next to the options it sent.
 *
 * A token is not single-use by itself: the first answer over its challenge that verifies records the
 * challenge in the database (passkey-steps.ts, StaffStore.useChallenge), and every later answer
 * over it, on any replica, is refused. Issuing writes nothing, so asking for options costs no row.
 */

export const CHALLENGE_TTL_MS = 5 * 60_000
const PURPOSE = /^(?:signin|(?:register|reauth):[A-Za-z0-9_-]{1,100})$/
const TOKEN = /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{16,128})\.([A-Za-z0-9_-]{43})$/

function mac(secret: string, purpose: string, expires: string, challenge: string): Buffer {
  return createHmac('sha256', secret).update(`staff-passkey-challenge\n${purpose}\n${expires}\n${challenge}`).digest()
}

/** The token that carries `challenge` (the options' base64url challenge) for `purpose`, valid 5 minutes from `nowMs`. */
export function signChallenge(challenge: string, purpose: string, secret: string, nowMs: number): string {
  if (!PURPOSE.test(purpose)) throw new Error(`passkey challenge: bad purpose ${JSON.stringify(purpose)}`)
  if (!/^[A-Za-z0-9_-]{16,128}$/.test(challenge)) throw new Error('passkey challenge: not a base64url challenge')
  if (!secret) throw new Error('passkey challenge: no secret')
  const expires = (nowMs + CHALLENGE_TTL_MS).toString(36)
  return `${expires}.${challenge}.${mac(secret, purpose, expires, challenge).toString('base64url')}`
}

/** The challenge the token carries, if it was made here for this purpose and has not expired at `nowMs`; else null. */
export function openChallenge(token: unknown, purpose: string, secret: string, nowMs: number): string | null {
  if (typeof token !== 'string' || !secret || !PURPOSE.test(purpose)) return null
  const m = TOKEN.exec(token)
  if (!m) return null
  const [, expires, challenge, given] = m as unknown as [string, string, string, string]
  const expected = mac(secret, purpose, expires, challenge)
  const actual = Buffer.from(given, 'base64url')
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null
  const expiresAt = parseInt(expires, 36)
  // Expired, or further ahead than a token made now could be (a clock that went back): refused.
  if (nowMs > expiresAt || expiresAt - nowMs > CHALLENGE_TTL_MS) return null
  return challenge
}
