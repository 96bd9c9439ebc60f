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

/** The window an audit row counts entries in: an hour (UTC's hours, Japan's too). */
export const AUDIT_FOLD_MS = 3_600_000

/**
 * The window an entry is counted in, or null for a row of its own. A refusal or failure with no account
 * (a request without a usable token, a cross-site POST, a failed or throttled sign-in of no known account:
 * anyone can send as many as they like) is counted in its address's row of the same action and outcome for
 * the hour, which keeps the first one's time and target; every other entry is a row of its own.
 */
export function foldWindow(entry: AuditEntry): number | null {
  return entry.accountId === null && entry.outcome !== 'ok' ? entry.at - (entry.at % AUDIT_FOLD_MS) : null
}

/**
 * The one insert of an audit entry, in both engines (`placeholder(n)` spells the n-th parameter): an entry
 * with a window adds one to the row already there for it, atomically (the unique index of migration 8).
 */
export function auditInsert(placeholder: (n: number) => string): string {
  const values = [1, 2, 3, 4, 5, 6, 7].map(placeholder).join(', ')
  return `INSERT INTO staff_audit (at, account_id, address, action, target, outcome, fold_window) VALUES (${values})
    ON CONFLICT (fold_window, address, action, outcome) WHERE fold_window IS NOT NULL DO UPDATE SET repeats = staff_audit.repeats + 1`
}

/** auditInsert's parameters for an entry. */
export const auditValues = (e: AuditEntry): unknown[] => [e.at, e.accountId, e.address, e.action, e.target, e.outcome, foldWindow(e)]

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
