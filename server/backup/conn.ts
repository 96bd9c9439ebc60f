/** One connection to the site's database, whichever engine, as the backup's table copy uses it. */
import type pg from 'pg'
import type { Db } from '../db/sqlite'
import { pgText } from '../db/pg'

export type Value = string | number | null
export type Row = Record<string, any>

/** One connection, whichever engine, as the copy needs it: SQL with `?` placeholders on both. */
export interface Conn {
  engine: 'sqlite' | 'postgres'
  all(sql: string, args?: unknown[]): Promise<Row[]>
  run(sql: string, args?: unknown[]): Promise<number>
  /** The PostgreSQL client (for the search index rebuild), or the SQLite handle. */
  pg?: pg.PoolClient
  sqlite?: Db
}

export const sqliteConn = (db: Db): Conn => ({
  engine: 'sqlite',
  sqlite: db,
  all: async (sql, args = []) => db.prepare(sql).all(...args) as Row[],
  run: async (sql, args = []) => db.prepare(sql).run(...args).changes,
})

export const pgConn = (client: pg.PoolClient): Conn => ({
  engine: 'postgres',
  pg: client,
  all: async (sql, args = []) => (await client.query(pgText(sql), args)).rows,
  run: async (sql, args = []) => (await client.query(pgText(sql), args)).rowCount ?? 0,
})

/** One table's rows as copied: the columns they hold, in that order, and its numbering's last number. */
export interface TableData {
  name: string
  columns: string[]
  rows: Value[][]
  lastId: number
}
