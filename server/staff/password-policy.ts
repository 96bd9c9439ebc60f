import { dictionary } from '@zxcvbn-ts/language-common'

/**
 * What a staff password must be (ASVS 5.0 V6.2, NIST SP 800-63B): at least 12 characters, up to 1024,
 * any characters (spaces, emoji, kana…), no composition rules, and not a known common password nor the
 * account's own address or name. Characters are Unicode code points after NFKC normalisation, the
 * form the password is hashed in (a full-width "ｐａｓｓ" and "pass" are the same password).
 */

export const PASSWORD_MIN = 12
export const PASSWORD_MAX = 1024

export type PasswordProblem = 'tooShort' | 'tooLong' | 'common'

/** The form a password is checked and hashed in: NFKC, so the same password typed on any keyboard or IME is the same. */
export function normalisePassword(password: string): string {
  return password.normalize('NFKC')
}

let common: Set<string> | null = null

/** The 49,233 common passwords of @zxcvbn-ts/language-common (all lower-case), loaded on first use. */
function commonPasswords(): Set<string> {
  common ??= new Set(dictionary['passwords-common'])
  return common
}

/** Whether the password (any case) is one of the common passwords shipped with the product. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(normalisePassword(password).toLowerCase())
}

/**
 * Null when the password may be used, else the reason (a message key under `staff.password.*`).
 * `email` and `name` are the account's: the password may not be either, nor the address's local part.
 */
export function checkPasswordPolicy(password: string, account: { email?: string; name?: string } = {}): PasswordProblem | null {
  // A cheap bound before normalising: NFKC expands a code point to at most 18 (U+FDFA).
  if (password.length > PASSWORD_MAX * 4) return 'tooLong'
  const normal = normalisePassword(password)
  const length = [...normal].length
  if (length < PASSWORD_MIN) return 'tooShort'
  if (length > PASSWORD_MAX) return 'tooLong'
  const lower = normal.toLowerCase()
  if (commonPasswords().has(lower)) return 'common'
  const email = (account.email ?? '').normalize('NFKC').trim().toLowerCase()
  const own = [email, email.split('@')[0] ?? '', (account.name ?? '').normalize('NFKC').trim().toLowerCase()]
  if (own.some((value) => value !== '' && lower.trim() === value)) return 'common'
  return null
}
