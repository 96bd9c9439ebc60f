import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/** A form older than this is refused (the page asks to send again, values kept). */
export const TOKEN_MAX_AGE_MS = 24 * 60 * 60 * 1000
const CLOCK_SKEW_MS = 60_000

export type TokenCheck = { ok: true; issuedAt: number } | { ok: false; reason: 'malformed' | 'signature' | 'expired' }

export interface TokenSigner {
  /** A new token: 'v1.<issued at, base 36>.<nonce>.<HMAC>'. */
  issue(now: number): string
  verify(token: unknown, now: number): TokenCheck
}

/**
 * The one-time submission token the form carries: its HMAC proves this server issued it
 * (CSRF check of the form POSTs), its time gives the minimum fill time, and the whole
 * token is the idempotency key of the send.
 */
export function createTokenSigner(secret: string): TokenSigner {
  const mac = (body: string) => createHmac('sha256', secret).update(body).digest('base64url')
  return {
    issue(now) {
      const body = `v1.${now.toString(36)}.${randomBytes(12).toString('base64url')}`
      return `${body}.${mac(body)}`
    },
    verify(token, now) {
      if (typeof token !== 'string' || token.length > 200) return { ok: false, reason: 'malformed' }
      const m = /^(v1\.([0-9a-z]{1,12})\.[A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/.exec(token)
      if (!m) return { ok: false, reason: 'malformed' }
      const expected = Buffer.from(mac(m[1]!))
      const given = Buffer.from(m[3]!)
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'signature' }
      const issuedAt = parseInt(m[2]!, 36)
      if (issuedAt > now + CLOCK_SKEW_MS || now - issuedAt > TOKEN_MAX_AGE_MS) return { ok: false, reason: 'expired' }
      return { ok: true, issuedAt }
    },
  }
}
