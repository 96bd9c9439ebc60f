/**
 * The one way the site writes SQL, for both engines: a unit of work is a generator that yields its
 * statements (SQL with `?` placeholders, the same text for SQLite and PostgreSQL) and receives their
 * results. sqlite.ts drives it synchronously inside one IMMEDIATE transaction (nothing else can run
 * on the connection in between), pg.ts asynchronously inside one transaction on one pooled connection.
 * What differs between the engines is the caller's to pass in (the inbox's search index: its Dialect).
 */
export type Row = Record<string, any>

export interface Statement {
  op: 'all' | 'get' | 'run'
  sql: string
  args: unknown[]
}

/** A unit of work: yields statements, gets rows (all), a row or undefined (get), changed rows (run). */
export type Work<T> = Generator<Statement, T, any>

export const all = (sql: string, ...args: unknown[]): Statement => ({ op: 'all', sql, args })
export const get = (sql: string, ...args: unknown[]): Statement => ({ op: 'get', sql, args })
export const run = (sql: string, ...args: unknown[]): Statement => ({ op: 'run', sql, args })

/** `?, ?, ?` for n values. */
export const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ')

/** Runs units of work: `write` in a writing transaction, `read` in a reading one. */
export interface Runner {
  engine: 'sqlite' | 'postgres'
  write<T>(work: Work<T>): Promise<T>
  read<T>(work: Work<T>): Promise<T>
}
