import type pg from 'pg'
import type Database from 'better-sqlite3'

/**
 * A schema change. PostgreSQL runs `pg` when the engines need different words, else postgresSql(sql)
 * (pg.ts); `data` / `pgData` then fill what SQL alone cannot, in the same transaction.
 */
export interface Migration {
  version: number
  name: string
  sql: string
  pg?: string
  data?: (db: Database.Database) => void
  pgData?: (client: pg.PoolClient) => Promise<void>
  /**
   * A contract step (expand-contract.ts): it removes these tables or columns ('table' or 'table.column'), or
   * narrows what may be written. Only once the release before it no longer uses them.
   */
  contract?: { removes: readonly string[] }
}
