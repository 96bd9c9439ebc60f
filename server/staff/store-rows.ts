import { AUDIT_INSERT } from '../db/audit'
import type { AccessToken, Account, AuditEntry, AuditQuery, AuditRecord, EnrolmentLink, Passkey, PasswordFactor, Session } from './types'

/**
 * What the two staff stores (sqlite-store.ts, pg-store.ts) share: the stored rows as records (the
 * same column names in both engines; PostgreSQL gives BIGINT columns as strings, hence Number) and
 * the errors a write can end with.
 */

export type Row = Record<string, any>

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

/** The one insert of an audit entry (server/db/audit.ts), with `placeholder(n)` spelling the n-th parameter. */
export const auditInsert = (placeholder: (n: number) => string): string => AUDIT_INSERT.replace(/\?/g, ((n) => () => placeholder(++n))(0))

/**
 * listAudit's query as SQL, newest first: `placeholder(n)` spells the n-th parameter (`?` or `$n`).
 * The limit is the last parameter (null: no limit; SQLite spells that -1).
 */
export function auditSelect({ accountId, action, since, until, limit }: AuditQuery, placeholder: (n: number) => string, noLimit: number | null): { sql: string; args: unknown[] } {
  const where: string[] = []
  const args: unknown[] = []
  for (const [column, op, value] of [['account_id', '=', accountId], ['action', '=', action], ['at', '>=', since], ['at', '<=', until]] as const) {
    if (value === undefined) continue
    args.push(value)
    where.push(`${column} ${op} ${placeholder(args.length)}`)
  }
  args.push(limit ?? noLimit)
  return { sql: `SELECT * FROM staff_audit ${where.length ? `WHERE ${where.join(' AND ')} ` : ''}ORDER BY at DESC, seq DESC LIMIT ${placeholder(args.length)}`, args }
}

/** The columns of updateAccount's change, in the order written (never anything else: no injection through keys). */
export const ACCOUNT_CHANGE_COLUMNS = { name: 'name', role: 'role', locale: 'locale', disabled: 'disabled' } as const

/** updateAccount's change as [column, value] pairs, booleans as 0/1 (both engines store INTEGER). */
export function accountChange(change: Partial<Record<keyof typeof ACCOUNT_CHANGE_COLUMNS, unknown>>): [string, unknown][] {
  return (Object.keys(ACCOUNT_CHANGE_COLUMNS) as (keyof typeof ACCOUNT_CHANGE_COLUMNS)[])
    .filter((key) => change[key] !== undefined)
    .map((key) => [ACCOUNT_CHANGE_COLUMNS[key], typeof change[key] === 'boolean' ? (change[key] ? 1 : 0) : change[key]])
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
