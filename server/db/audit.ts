/**
 * The audit log's one insert, for every area and both engines: an entry as the code writes it, and the
 * unit of work (sql.ts) that appends it in the caller's transaction, so a change and its entry commit together.
 */
import { run, type Work } from './sql'

export type AuditOutcome = 'ok' | 'refused' | 'failed'

/** One line of the append-only audit log. Never a password, code, token or cookie. */
export interface AuditEntry {
  /** UTC, milliseconds. */
  at: number
  /** The account that acted (null: unknown, e.g. a failed sign-in for an address with no account, or the CLI). */
  accountId: string | null
  /** The client address ('cli' for the command line). */
  address: string
  /** Dotted verb: 'signin', 'signin.failed', 'signout', 'session.end', 'account.add', 'account.disable', 'passkey.add', 'passkey.remove', 'password.set', 'recovery.use', 'enrolment.create', 'token.create', 'token.revoke', 'token.use', 'request.refused', 'inquiry.view', 'content.change'… */
  action: string
  /** What it acted on ('account:<id>', 'session', 'inquiry:<id>', 'path:/admin/...'), or ''. */
  target: string
  outcome: AuditOutcome
}

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

/** The insert: an entry with a window adds one to the row already there for it, atomically (the unique index of migration 8). */
const AUDIT_INSERT = `INSERT INTO staff_audit (at, account_id, address, action, target, outcome, fold_window) VALUES (?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (fold_window, address, action, outcome) WHERE fold_window IS NOT NULL DO UPDATE SET repeats = staff_audit.repeats + 1`

/** The insert's parameters for an entry. */
const auditValues = (e: AuditEntry): unknown[] => [e.at, e.accountId, e.address, e.action, e.target, e.outcome, foldWindow(e)]

/** Appends an audit entry in the current unit of work. */
export function* audit(e: AuditEntry): Work<void> {
  yield run(AUDIT_INSERT, ...auditValues(e))
}
