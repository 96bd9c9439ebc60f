/** What differs between the engines in the inbox's work: the search index, one dialect per engine. */
import type { Runner } from '../db/sql'
import { PG_DIALECT } from './pg-store'
import type { SearchFields } from './search-text'
import { SQLITE_DIALECT } from './sqlite-store'

/** The search index's statements in one engine's words (the work itself: server/db/sql.ts). */
export interface Dialect {
  engine: 'sqlite' | 'postgres'
  /** inquiry_search's column holding the inquiry's seq. */
  searchKey: string
  /** The condition on inquiry_search that holds for the inquiries where every word is found. */
  searchWhere(words: string[]): { sql: string; args: unknown[] }
  /** Adds an inquiry's row to the index: arguments (seq, ...indexArgs). */
  indexInsert: string
  indexArgs(fields: SearchFields): unknown[]
  /** Removes an inquiry's row from the index: argument (seq). */
  indexDelete: string
}

/** The engine's dialect: the inbox store and the inquiry store's index entry are built with it (server/plugins/stores.ts). */
export const dialectOf = (engine: Runner['engine']): Dialect => (engine === 'postgres' ? PG_DIALECT : SQLITE_DIALECT)
