/**
 * The staff store's units of work (store.ts) that read and purge the audit log; an entry is appended
 * by server/db/audit.ts's `audit`, in the transaction of the change it records.
 */
import { run, type Work } from '../db/sql'
import { changes, many, toAuditRecord } from './store-rows'
import type { AuditQuery, AuditRecord } from './types'

/** The entries `query` asks for, newest first; no limit when it sets none. */
export function listAudit({ accountId, action, since, until, limit }: AuditQuery): Work<AuditRecord[]> {
  const where: string[] = []
  const args: unknown[] = []
  for (const [column, op, value] of [['account_id', '=', accountId], ['action', '=', action], ['at', '>=', since], ['at', '<=', until]] as const) {
    if (value === undefined) continue
    args.push(value)
    where.push(`${column} ${op} ?`)
  }
  const limited = limit ?? null
  if (limited !== null) args.push(limited)
  return many(toAuditRecord, `SELECT * FROM staff_audit ${where.length ? `WHERE ${where.join(' AND ')} ` : ''}ORDER BY at DESC, seq DESC${limited === null ? '' : ' LIMIT ?'}`, ...args)
}

/** Deletes entries older than `before`: how many. */
export const purgeAudit = (before: number) => changes(run('DELETE FROM staff_audit WHERE at < ?', before))
