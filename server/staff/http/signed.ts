import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * Signed form tokens for the staff pages before a session exists (the sign-in form, an enrolment
 * page): `<expiry, base 36>.<value>.<HMAC-SHA256>`, the HMAC over the purpose, the expiry and the
 * value. Stateless, so any replica checks what another served. With a session, forms carry the
 * session's own synchronizer token instead (session.ts).
 */
export interface Signer {
  sign(value: string, purpose: string, ttlMs: number, nowMs: number): string
  /** The value, when the token was made here for this purpose and has not expired at `nowMs`; else null. */
  open(token: unknown, purpose: string, nowMs: number): string | null
  /** A key of its own for another use of the same secret (the passkey challenge tokens). */
  subkey(use: string): string
}

/** The staff area's key, derived from the form secret (FORM_SECRET, or DATA_DIR/form-secret) for this use only. */
export function createSigner(formSecret: string): Signer {
  const subkey = (use: string) => createHmac('sha256', formSecret).update(`staff-area:${use}`).digest('base64url')
  const key = subkey('forms')
  const mac = (purpose: string, expiry: string, value: string) => createHmac('sha256', key).update(`${purpose}\n${expiry}\n${value}`).digest('base64url')
  return {
    subkey,
    sign(value, purpose, ttlMs, nowMs) {
      const expiry = Math.floor(nowMs + ttlMs).toString(36)
      return `${expiry}.${value}.${mac(purpose, expiry, value)}`
    },
    open(token, purpose, nowMs) {
      if (typeof token !== 'string' || token.length > 2048) return null
      const first = token.indexOf('.')
      const last = token.lastIndexOf('.')
      if (first <= 0 || last <= first) return null
      const expiry = token.slice(0, first)
      const value = token.slice(first + 1, last)
      const given = Buffer.from(token.slice(last + 1))
      const expected = Buffer.from(mac(purpose, expiry, value))
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
      return parseInt(expiry, 36) > nowMs ? value : null
    },
  }
}
