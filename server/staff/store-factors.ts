/**
 * The staff store's units of work (store.ts) for the factors: passkeys, their answered challenges, the
 * password + TOTP factor and its recovery codes. Each single-use step is one statement whose condition
 * the first use makes false (a conditional UPDATE, or an INSERT on a primary key): on either engine the
 * row is written by one transaction at a time, so of two uses at once on any replica exactly one wins.
 */
import { get, marks, run, type Row, type Runner, type Work } from '../db/sql'
import { audit, type AuditEntry } from '../db/audit'
import { lockAccount } from './store-accounts'
import { revokeAccountTokens } from './store-tokens'
import { audited, changes, many, one, toPasskey, toPasswordFactor } from './store-rows'
import type { Passkey, PasswordFactor } from './types'

/** A passkey added with its audit entry (refused by the foreign key when its account is unknown). */
export const addPasskey = (p: Passkey, entry: AuditEntry) =>
  audited(
    entry,
    run(
      'INSERT INTO staff_passkeys (id, account_id, name, public_key, counter, transports, created_at, last_used_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      p.id, p.accountId, p.name, p.publicKey, p.counter, JSON.stringify(p.transports), p.createdAt, p.lastUsedAt,
    ),
  )

/** A passkey by its credential id, or null. */
export const findPasskey = (id: string) => one(toPasskey, 'SELECT * FROM staff_passkeys WHERE id = ?', id)
/** The account's passkeys, oldest first. */
export const listPasskeys = (accountId: string) => many(toPasskey, 'SELECT * FROM staff_passkeys WHERE account_id = ? ORDER BY created_at, id', accountId)

/** A use recorded only if the counter is still `seen` (compare-and-set): true when it was. */
export function* usePasskey(id: string, seen: number, counter: number, at: number): Work<boolean> {
  return (yield* changes(run('UPDATE staff_passkeys SET counter = ?, last_used_at = ? WHERE id = ? AND counter = ?', counter, at, id, seen))) === 1
}

/** A passkey renamed, audited. */
export const renamePasskey = (id: string, name: string, entry: AuditEntry) => audited(entry, run('UPDATE staff_passkeys SET name = ? WHERE id = ?', name, id))
/** A passkey removed, audited. */
export const removePasskey = (id: string, entry: AuditEntry) => audited(entry, run('DELETE FROM staff_passkeys WHERE id = ?', id))

/** The challenge recorded as answered: false when it was already. */
export function* useChallenge(challenge: string, expiresAt: number): Work<boolean> {
  return (yield* changes(run('INSERT INTO staff_passkey_challenges (challenge, expires_at) VALUES (?, ?) ON CONFLICT (challenge) DO NOTHING', challenge, expiresAt))) === 1
}

/** Challenges whose token expired before `before` deleted: how many. */
export const purgeChallenges = (before: number) => changes(run('DELETE FROM staff_passkey_challenges WHERE expires_at < ?', before))

/** The account's password + TOTP factor and its recovery codes replaced as a whole, audited. */
export function* setPasswordFactor(f: PasswordFactor, recoveryCodeHashes: string[], entry: AuditEntry): Work<void> {
  yield run(
    `INSERT INTO staff_password_factors (account_id, password_hash, totp_secret, last_totp_step, created_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (account_id) DO UPDATE SET password_hash = excluded.password_hash, totp_secret = excluded.totp_secret, last_totp_step = excluded.last_totp_step, created_at = excluded.created_at`,
    f.accountId, f.passwordHash, f.totpSecret, f.lastTotpStep, f.createdAt,
  )
  yield run('DELETE FROM staff_recovery_codes WHERE account_id = ?', f.accountId)
  if (recoveryCodeHashes.length) {
    const rows = recoveryCodeHashes.map(() => `(${marks(2)})`).join(', ')
    yield run(`INSERT INTO staff_recovery_codes (account_id, code_hash) VALUES ${rows}`, ...recoveryCodeHashes.flatMap((hash) => [f.accountId, hash]))
  }
  yield* audit(entry)
}

/** The account's password + TOTP factor, or null. */
export const findPasswordFactor = (accountId: string) => one(toPasswordFactor, 'SELECT * FROM staff_password_factors WHERE account_id = ?', accountId)

/** The TOTP step accepted only if later than the last one: false when it is not. */
export function* acceptTotpStep(accountId: string, step: number): Work<boolean> {
  return (yield* changes(run('UPDATE staff_password_factors SET last_totp_step = ? WHERE account_id = ? AND last_totp_step < ?', step, accountId, step))) === 1
}

/** A recovery code marked used at the entry's time, and audited, only if it was unused: false when not. */
export function* useRecoveryCode(accountId: string, codeHash: string, entry: AuditEntry): Work<boolean> {
  if ((yield* changes(run('UPDATE staff_recovery_codes SET used_at = ? WHERE account_id = ? AND code_hash = ? AND used_at IS NULL', entry.at, accountId, codeHash))) !== 1) return false
  yield* audit(entry)
  return true
}

/** How many of the account's recovery codes are unused (COUNT is a BIGINT on PostgreSQL: a number here). */
export function* unusedRecoveryCodes(accountId: string): Work<number> {
  const r: Row = yield get('SELECT COUNT(*) AS n FROM staff_recovery_codes WHERE account_id = ? AND used_at IS NULL', accountId)
  return Number(r.n)
}

/** The stored hashes of the account's unused recovery codes, for a typed code to be tried against. */
export const unusedRecoveryCodeHashes = (accountId: string) =>
  many((r) => r.code_hash as string, 'SELECT code_hash FROM staff_recovery_codes WHERE account_id = ? AND used_at IS NULL', accountId)

/** Every factor, session and unused enrolment link of the account gone and its tokens revoked, audited; refused when unknown. */
export function* resetFactors(engine: Runner['engine'], accountId: string, entry: AuditEntry): Work<void> {
  yield* lockAccount(engine, accountId)
  for (const table of ['staff_passkeys', 'staff_password_factors', 'staff_recovery_codes', 'staff_sessions']) yield run(`DELETE FROM ${table} WHERE account_id = ?`, accountId)
  // An unused link would add a factor again: the lost one may have gone with it.
  yield run('DELETE FROM staff_enrolment_links WHERE account_id = ? AND used_at IS NULL', accountId)
  // Whoever had the lost factor may have made tokens with it.
  yield revokeAccountTokens(accountId, entry.at)
  yield* audit(entry)
}
