/** What differs between the engines in the inbox's work: the search index, one dialect per engine. */
import type { SearchFields } from './search-text'

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
