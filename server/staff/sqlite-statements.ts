import type { Db } from '../db/sqlite'
import { auditValues } from '../db/audit'
import { auditInsert, type Row } from './store-rows'
import type { AuditEntry } from './types'

/**
 * How the SQLite staff store (sqlite-store.ts) runs its statements: `audit` appends an entry (a row of
 * repeats counts up, store-rows.ts), `write` wraps work and its audit entry in one IMMEDIATE transaction
 * (two writers never interleave; a write that fails leaves no audit row), and `get`, `all`, `run`, `one`
 * run one statement on the connection.
 */
export function sqliteStatements(db: Db) {
  const insertAudit = db.prepare(auditInsert(() => '?'))
  const audit = (entry: AuditEntry) => insertAudit.run(...auditValues(entry))
  /** `work` and its audit entry in one immediate transaction. */
  const write = <A extends unknown[], T>(work: (...args: A) => T) => {
    const tx = db.transaction((entry: AuditEntry | null, ...args: A) => {
      const result = work(...args)
      if (entry) audit(entry)
      return result
    })
    return (entry: AuditEntry | null, ...args: A): T => tx.immediate(entry, ...args)
  }
  const get = (sql: string, ...args: unknown[]) => db.prepare(sql).get(...args) as Row | undefined
  const all = (sql: string, ...args: unknown[]) => db.prepare(sql).all(...args) as Row[]
  const run = (sql: string, ...args: unknown[]) => db.prepare(sql).run(...args).changes
  /** The row a query finds, as `to` makes it, or null. */
  const one = <T>(to: (r: Row) => T, sql: string, ...args: unknown[]): T | null => {
    const r = get(sql, ...args)
    return r ? to(r) : null
  }
  return { audit, write, get, all, run, one }
}
