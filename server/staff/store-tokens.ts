/**
 * The staff store's units of work (store.ts) for what opens a door without a factor: enrolment links
 * (single use: one conditional UPDATE, so of two uses at once on any replica one finds the link unused)
 * and personal access tokens (revoked once, each use audited).
 */
import { get, run, type Row, type Work } from '../db/sql'
import type { AuditEntry } from '../db/audit'
import { audited, many, one, toAccessToken, toEnrolmentLink } from './store-rows'
import type { AccessToken, EnrolmentLink } from './types'

/** An enrolment link (its hash) added with its audit entry. */
export const addEnrolmentLink = (l: EnrolmentLink, entry: AuditEntry) =>
  audited(entry, run('INSERT INTO staff_enrolment_links (token_hash, account_id, created_at, expires_at, used_at) VALUES (?, ?, ?, ?, ?)', l.tokenHash, l.accountId, l.createdAt, l.expiresAt, l.usedAt))

/** Marks the link used if it is unused and not expired at `now`: its account id, else null. */
export function* useEnrolmentLink(tokenHash: string, now: number): Work<string | null> {
  const r: Row | undefined = yield get('UPDATE staff_enrolment_links SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ? RETURNING account_id', now, tokenHash, now)
  return (r?.account_id as string | undefined) ?? null
}

/** An enrolment link by the hash of its token, or null. */
export const findEnrolmentLink = (tokenHash: string) => one(toEnrolmentLink, 'SELECT * FROM staff_enrolment_links WHERE token_hash = ?', tokenHash)

/** An access token (its hash) added with its audit entry. */
export const addAccessToken = (k: AccessToken, entry: AuditEntry) =>
  audited(
    entry,
    run(
      'INSERT INTO staff_access_tokens (id, token_hash, name, role, created_by, created_at, expires_at, revoked_at, last_used_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      k.id, k.tokenHash, k.name, k.role, k.createdBy, k.createdAt, k.expiresAt, k.revokedAt, k.lastUsedAt,
    ),
  )

/** An access token by the hash of its secret, or null. */
export const findAccessToken = (tokenHash: string) => one(toAccessToken, 'SELECT * FROM staff_access_tokens WHERE token_hash = ?', tokenHash)
/** Every access token, newest first. */
export const listAccessTokens = () => many(toAccessToken, 'SELECT * FROM staff_access_tokens ORDER BY created_at DESC, id')

/** A token revoked at `at`, unless it was already (it keeps its first revocation's time). */
export const revokeAccessToken = (id: string, at: number, entry: AuditEntry) => audited(entry, run('UPDATE staff_access_tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL', at, id))
/** A use of the token recorded with its audit entry. */
export const useAccessToken = (id: string, at: number, entry: AuditEntry) => audited(entry, run('UPDATE staff_access_tokens SET last_used_at = ? WHERE id = ?', at, id))

/** The statement revoking the account's tokens still live at `at` (the audit entry's time: the store reads no clock). */
export const revokeAccountTokens = (accountId: string, at: number) => run('UPDATE staff_access_tokens SET revoked_at = ? WHERE created_by = ? AND revoked_at IS NULL', at, accountId)
