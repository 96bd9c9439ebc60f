import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * Random secrets and their hashes for the staff area (session ids, enrolment links, CSRF tokens,
 * access tokens): only the SHA-256 of a secret is ever stored, the secret itself goes to its owner once.
 */

/** `bytes` random bytes (default 32: 256 bits), base64url without padding (43 characters for 32 bytes). */
export function randomToken(bytes = 32): string {
  if (!Number.isInteger(bytes) || bytes < 16) throw new RangeError('randomToken: at least 16 bytes')
  return randomBytes(bytes).toString('base64url')
}

/** SHA-256 of the UTF-8 text, lower-case hex (64 characters). */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex')
}

/**
 * Compares two strings in time that depends on neither their contents nor where they differ: both
 * are hashed first, so different lengths are compared the same way (and their lengths do not leak).
 * For secrets a client sends (CSRF token, a code) against the expected one.
 */
export function safeEqual(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false
  const a = createHash('sha256').update(given, 'utf8').digest()
  const b = createHash('sha256').update(expected, 'utf8').digest()
  return timingSafeEqual(a, b) && given.length === expected.length
}
