/**
 * One implementation of the inbox store for both engines: each method is a generator that yields its
 * statements (SQL with `?` placeholders, the same text for SQLite and PostgreSQL) and receives their
 * results. sqlite-store.ts drives it synchronously inside one IMMEDIATE transaction (nothing else
 * can run on the connection in between), pg-store.ts asynchronously inside one transaction on one
 * pooled connection. Only the search index differs, behind `Dialect`.
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

/** What differs between the engines: the search index (search-text.ts), the table inquiry_search. */
export interface Dialect {
  engine: 'sqlite' | 'postgres'
  /** inquiry_search's column holding the inquiry's seq. */
  searchKey: string
  /** The condition on inquiry_search that holds for the inquiries where every word is found. */
  searchWhere(words: string[]): { sql: string; args: unknown[] }
  /** Adds an inquiry's row to the index: arguments (seq, ...indexArgs). */
  indexInsert: string
  indexArgs(fields: import('./search-text').SearchFields): unknown[]
  /** Removes an inquiry's row from the index: argument (seq). */
  indexDelete: string
}

/** Runs units of work: `write` in a writing transaction, `read` in a reading one. */
export interface Runner {
  write<T>(work: Work<T>): Promise<T>
  read<T>(work: Work<T>): Promise<T>
}
