import { randomInt } from 'node:crypto'
import { sha256Hex } from './tokens'

/**
 * One-time recovery codes, for a staff member whose authenticator app is lost: ten at a time,
 * shown once, only their SHA-256 kept (StaffStore.setPasswordFactor, useRecoveryCode). Each is 12
 * characters of Crockford's base32 (60 random bits) in three groups, `7k2m-q9xd-4hbn`; what a person types
 * back is read the way Crockford's alphabet allows: any case, spaces and hyphens ignored, O as 0, I and L as 1.
 */

export const RECOVERY_CODE_COUNT = 10
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
const LENGTH = 12

/** A new code, lower case, grouped by four: `xxxx-xxxx-xxxx`. */
export function newRecoveryCode(): string {
  const chars = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]!)
  return chars.join('').toLowerCase().replace(/(.{4})(?=.)/g, '$1-')
}

/** Ten new codes (all different) and their hashes, in the same order. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = new Set<string>()
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode())
  const list = [...codes]
  return { codes: list, hashes: list.map((code) => hashRecoveryCode(code)!) }
}

/** The 12 characters a typed code stands for (upper case, canonical), or null when it cannot be a code. */
export function normaliseRecoveryCode(input: unknown): string | null {
  if (typeof input !== 'string' || input.length > 100) return null
  const chars = input
    .normalize('NFKC')
    .replace(/[\s\-_.]/g, '')
    .toUpperCase()
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1')
  if (chars.length !== LENGTH || [...chars].some((c) => !ALPHABET.includes(c))) return null
  return chars
}

/** SHA-256 (hex) of the canonical form, what the store keeps and looks up; null when the input cannot be a code. */
export function hashRecoveryCode(input: unknown): string | null {
  const canonical = normaliseRecoveryCode(input)
  return canonical === null ? null : sha256Hex(`recovery:${canonical}`)
}
