import { all, get, type Row, type Statement, type Work } from '../db/sql'
import { audit, type AuditEntry } from '../db/audit'
import type { AccessToken, Account, AuditRecord, EnrolmentLink, Passkey, PasswordFactor, Session } from './types'

/**
 * What the staff store's units of work (store-*.ts, run by store.ts) share: the stored rows as records
 * (the same column names in both engines; PostgreSQL gives BIGINT columns as strings, hence Number),
 * the steps every topic takes (a row or null, the rows, a change with its audit entry) and the errors
 * a write can end with.
 */

const num = (v: unknown) => Number(v)
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v))

export const toAccount = (r: Row): Account => ({
  id: r.id,
  email: r.email,
  name: r.name,
  role: r.role,
  locale: r.locale,
  disabled: Number(r.disabled) === 1,
  createdAt: num(r.created_at),
})

export const toPasskey = (r: Row): Passkey => ({
  id: r.id,
  accountId: r.account_id,
  name: r.name,
  publicKey: r.public_key,
  counter: num(r.counter),
  transports: JSON.parse(r.transports) as string[],
  createdAt: num(r.created_at),
  lastUsedAt: numOrNull(r.last_used_at),
})

export const toPasswordFactor = (r: Row): PasswordFactor => ({
  accountId: r.account_id,
  passwordHash: r.password_hash,
  totpSecret: r.totp_secret,
  lastTotpStep: num(r.last_totp_step),
  createdAt: num(r.created_at),
})

export const toSession = (r: Row): Session => ({
  idHash: r.id_hash,
  accountId: r.account_id,
  createdAt: num(r.created_at),
  lastSeenAt: num(r.last_seen_at),
  verifiedAt: num(r.verified_at),
  csrfToken: r.csrf_token,
  userAgent: r.user_agent,
  address: r.address,
})

export const toEnrolmentLink = (r: Row): EnrolmentLink => ({
  tokenHash: r.token_hash,
  accountId: r.account_id,
  createdAt: num(r.created_at),
  expiresAt: num(r.expires_at),
  usedAt: numOrNull(r.used_at),
})

export const toAccessToken = (r: Row): AccessToken => ({
  id: r.id,
  tokenHash: r.token_hash,
  name: r.name,
  role: r.role,
  createdBy: r.created_by,
  createdAt: num(r.created_at),
  expiresAt: num(r.expires_at),
  revokedAt: numOrNull(r.revoked_at),
  lastUsedAt: numOrNull(r.last_used_at),
})

export const toAuditRecord = (r: Row): AuditRecord => ({
  at: num(r.at),
  accountId: r.account_id ?? null,
  address: r.address,
  action: r.action,
  target: r.target,
  outcome: r.outcome,
  repeats: num(r.repeats),
})

/** The row a query finds, as `to` makes it, or null. */
export function* one<T>(to: (r: Row) => T, sql: string, ...args: unknown[]): Work<T | null> {
  const r: Row | undefined = yield get(sql, ...args)
  return r ? to(r) : null
}

/** The rows a query finds, as `to` makes them. */
export function* many<T>(to: (r: Row) => T, sql: string, ...args: unknown[]): Work<T[]> {
  const rows: Row[] = yield all(sql, ...args)
  return rows.map(to)
}

/** A change (a `run` statement) on its own: the rows it changed. */
export function* changes(change: Statement): Work<number> {
  return yield change
}

/** A change (a `run` statement) and the audit entry that records it, in the same transaction: the rows it changed. */
export function* audited(entry: AuditEntry, change: Statement): Work<number> {
  const changed = yield* changes(change)
  yield* audit(entry)
  return changed
}

/**
 * A write the store refused as a whole (nothing of it, and not its audit entry, was committed):
 * another account has this email, or the account named does not exist.
 */
export class StaffConflict extends Error {
  constructor(
    readonly reason: 'duplicate-email' | 'unknown-account',
    message: string,
  ) {
    super(message)
    this.name = 'StaffConflict'
  }
}

export const duplicateEmail = (email: string) => new StaffConflict('duplicate-email', `an account with the email ${email} exists already`)
export const unknownAccount = (id: string) => new StaffConflict('unknown-account', `no account with the id ${id}`)
