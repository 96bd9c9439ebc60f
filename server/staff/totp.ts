import { generateSecret, generateURI, ScureBase32Plugin, verify } from 'otplib'

/**
 * TOTP (RFC 6238) as authenticator apps do it: SHA-1, 6 digits, 30-second steps, a base32 secret of
 * 20 random bytes (otplib 13 with its default plugins: @noble/hashes, @scure/base). A code is accepted
 * for the current step and one step either side (clock drift); `verifyTotp` returns the step the code
 * belongs to, and the store refuses a step at or before the last one accepted
 * (StaffStore.acceptTotpStep), so each code works once. The clock is the caller's (`nowMs`).
 */

export const TOTP_PERIOD_S = 30
export const TOTP_DIGITS = 6
/** Steps accepted either side of the current one. */
export const TOTP_WINDOW = 1

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32 without padding. */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 })
}

/** A secret made from 20 given bytes (an enrolment link's, derived: the same every time the link's page is drawn), base32 without padding as newTotpSecret's. */
export function totpSecretOf(bytes: Uint8Array): string {
  if (bytes.length !== 20) throw new RangeError('a TOTP secret is 20 bytes')
  return new ScureBase32Plugin().encode(bytes, { padding: false })
}

/** The otpauth:// URI an authenticator app reads (from the QR code, or typed): issuer, account, secret and the parameters. */
export function totpUri({ secret, account, issuer }: { secret: string; account: string; issuer: string }): string {
  // A colon would split the label (issuer:account) in the app: replace it in both.
  const clean = (text: string) => text.replace(/:/g, ' ').replace(/\s+/g, ' ').trim()
  return generateURI({ issuer: clean(issuer), label: clean(account), secret, algorithm: 'sha1', digits: TOTP_DIGITS, period: TOTP_PERIOD_S })
}

/** What the person typed, as digits: NFKC (full-width digits from a Japanese IME), spaces and hyphens removed; null if not 6 digits. */
export function normaliseTotpCode(input: unknown): string | null {
  if (typeof input !== 'string' || input.length > 64) return null
  const code = input.normalize('NFKC').replace(/[\s-]/g, '')
  return /^\d{6}$/.test(code) ? code : null
}

/**
 * The time step (floor(seconds since the epoch / 30)) the code is valid for at `nowMs`, within ±1
 * step; null when it is not valid (or not a code, or the secret is unusable). The caller then asks
 * the store to accept that step (once).
 */
export async function verifyTotp(secret: string, code: unknown, nowMs: number): Promise<number | null> {
  const token = normaliseTotpCode(code)
  if (token === null) return null
  try {
    const result = await verify({
      secret,
      token,
      algorithm: 'sha1',
      digits: TOTP_DIGITS,
      period: TOTP_PERIOD_S,
      epoch: Math.floor(nowMs / 1000),
      epochTolerance: TOTP_WINDOW * TOTP_PERIOD_S,
    })
    // The functional verify's type covers HOTP too; a TOTP result carries its time step.
    return result.valid && 'timeStep' in result ? result.timeStep : null
  } catch {
    // A secret otplib refuses (too short, not base32): no code matches it.
    return null
  }
}
