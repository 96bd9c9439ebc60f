/**
 * The audit log's records (the staff store's, server/staff/types.ts, which re-exports them): an entry as the
 * code writes it, a row as it is read back, and a query over them.
 */
import type { AuditEntry } from '../db/audit'

export type { AuditEntry, AuditOutcome } from '../db/audit'

/** An audit row as read: its entry, and how many entries it counts (1, or more in a row of repeats: server/db/audit.ts, foldWindow). */
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
