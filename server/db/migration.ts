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
}
