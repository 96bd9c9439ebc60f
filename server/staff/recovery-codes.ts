import { randomInt } from 'node:crypto'
import { hashPassword, verifyPassword, type ScryptParams } from './password'
import { safeEqual, sha256Hex } from './tokens'

/**
 * One-time recovery codes, for a staff member whose authenticator app is lost: ten at a time,
 * shown once, stored as passwords are (StaffStore.setPasswordFactor, useRecoveryCode): each code's
 * own salted scrypt hash, so equal codes of two accounts are stored differently and a stolen table
 * costs a memory-hard hash per guess. A code typed back is tried against the account's unused codes
 * (matchRecoveryCode) and the one it matches is marked used atomically. Each is 12 characters of
 * Crockford's base32 (60 random bits) in three groups, `7k2m-q9xd-4hbn`; what a person types back is
 * read the way Crockford's alphabet allows: any case, spaces and hyphens ignored, O as 0, I and L as 1.
 */

export const RECOVERY_CODE_COUNT = 10
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
const LENGTH = 12

/**
 * scrypt at N=2^13, r=8, p=1 (8 MiB, a twelfth of the work of a password's hash): a code is 60 random bits,
 * not a word a person chose, so guessing one costs 2^59 hashes on average whatever the parameters; what
 * counts is the salt and a memory-hard hash. Lighter than a password's because a code typed back is
 * tried against up to ten stored hashes: all ten cost less than the one password hash before them.
 */
export const RECOVERY_SCRYPT: Readonly<ScryptParams> = Object.freeze({ ln: 13, r: 8, p: 1 })

/** A stored value of the first version: hex SHA-256. */
const LEGACY_HASH = /^[0-9a-f]{64}$/

/**
 * What the first version stored for a code (canonical form): the hex SHA-256 of `recovery:<code>`,
 * unsalted. Such rows keep working until used or replaced (a new password factor replaces every
 * code): only their hash is kept, so they cannot be converted. Nothing writes them any more.
 */
export const legacyRecoveryHash = (canonical: string) => sha256Hex(`recovery:${canonical}`)

/** A new code, lower case, grouped by four: `xxxx-xxxx-xxxx`. */
export function newRecoveryCode(): string {
  const chars = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]!)
  return chars.join('').toLowerCase().replace(/(.{4})(?=.)/g, '$1-')
}

/** Ten new codes (all different) and their hashes, in the same order. */
export async function newRecoveryCodes(): Promise<{ codes: string[]; hashes: string[] }> {
  const codes = new Set<string>()
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode())
  const list = [...codes]
  return { codes: list, hashes: await Promise.all(list.map(async (code) => (await hashRecoveryCode(code))!)) }
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

/** The salted hash (self-describing, password.ts) of the canonical form, what the store keeps; null when the input cannot be a code. */
export async function hashRecoveryCode(input: unknown): Promise<string | null> {
  const canonical = normaliseRecoveryCode(input)
  return canonical === null ? null : hashPassword(canonical, RECOVERY_SCRYPT)
}

/**
 * The stored hash (one of `stored`, the account's unused codes) that a typed code matches, tried one at
 * a time; null when it matches none or cannot be a code. The caller marks that hash used (atomically).
 */
export async function matchRecoveryCode(input: unknown, stored: readonly string[]): Promise<string | null> {
  const canonical = normaliseRecoveryCode(input)
  if (canonical === null) return null
  for (const hash of stored) {
    const matches = LEGACY_HASH.test(hash) ? safeEqual(legacyRecoveryHash(canonical), hash) : await verifyPassword(canonical, hash)
    if (matches) return hash
  }
  return null
}
