import type { AccessToken, Role } from './types'
import { randomToken, sha256Hex } from './tokens'

/**
 * Personal access tokens for the staff JSON API: `cst_` + 32 random bytes base64url (the prefix lets
 * secret scanners and people recognise one), sent as `Authorization: Bearer cst_…`. Shown once at
 * creation; the store keeps only the SHA-256 (hex) of the whole secret. Each expires at most one
 * calendar year (UTC) after its creation. A token acts for the admin who made it, never with more than
 * that account's current role (effectiveTokenRole), and not at all once the account is disabled.
 */

export const ACCESS_TOKEN_PREFIX = 'cst_'
const FORMAT = /^cst_[A-Za-z0-9_-]{43}$/

/** A new token: the secret to show once, and the hash to store. */
export function newAccessToken(): { secret: string; hash: string } {
  const secret = ACCESS_TOKEN_PREFIX + randomToken(32)
  return { secret, hash: hashAccessToken(secret) }
}

/** The hash the store looks a presented secret up by. */
export function hashAccessToken(secret: string): string {
  return sha256Hex(secret)
}

/**
 * The access token an Authorization header carries (`Bearer cst_…`, the scheme in any case), or null:
 * no header, another scheme, or a bearer value that is not one of ours (e.g. the seed client's JWT).
 */
export function parseBearer(header: unknown): string | null {
  if (typeof header !== 'string' || header.length > 200) return null
  const m = /^Bearer +(\S+) *$/i.exec(header)
  return m && FORMAT.test(m[1]!) ? m[1]! : null
}

/** The latest expiry a token created at `createdAt` may have: the same instant one calendar year later (UTC). */
export function maxAccessTokenExpiry(createdAt: number): number {
  const d = new Date(createdAt)
  d.setUTCFullYear(d.getUTCFullYear() + 1)
  // 29 February + 1 year rolls over to 1 March: keep it at 28 February.
  if (d.getUTCDate() !== new Date(createdAt).getUTCDate()) d.setUTCDate(0)
  return d.getTime()
}

/** Null when `expiresAt` is allowed for a token created at `createdAt`, else why not (a message key). */
export function checkAccessTokenExpiry(createdAt: number, expiresAt: number): 'notFuture' | 'tooLong' | null {
  if (!Number.isFinite(expiresAt) || expiresAt <= createdAt) return 'notFuture'
  if (expiresAt > maxAccessTokenExpiry(createdAt)) return 'tooLong'
  return null
}

/** Whether a stored token may be used at `nowMs`. */
export function accessTokenState(token: Pick<AccessToken, 'expiresAt' | 'revokedAt'>, nowMs: number): 'active' | 'revoked' | 'expired' {
  if (token.revokedAt !== null) return 'revoked'
  if (nowMs >= token.expiresAt) return 'expired'
  return 'active'
}

/**
 * The role a token acts with now: its own role, but no more than its creator's current role, so a
 * demoted admin's token loses what the account lost. Roles are not a line: admin covers every role,
 * editor and responder do not cover each other (null: the token may do nothing a role allows).
 */
export function effectiveTokenRole(tokenRole: Role, accountRole: Role): Role | null {
  if (accountRole === 'admin' || tokenRole === accountRole) return tokenRole
  return tokenRole === 'admin' ? accountRole : null
}
