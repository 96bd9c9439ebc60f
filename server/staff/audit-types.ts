/**
 * The audit log's records (the staff store's, server/staff/types.ts, which re-exports them): an entry as the
 * code writes it, a row as it is read back, and a query over them.
 */

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

/** An audit row as read: its entry, and how many entries it counts (1, or more in a row of repeats: store-rows.ts, foldWindow). */
export interface AuditRecord extends AuditEntry {
  repeats: number
}

export interface AuditQuery {
  accountId?: string
  action?: string
  /** Inclusive range of UTC milliseconds. */
  since?: number
  until?: number
  limit?: number
}
