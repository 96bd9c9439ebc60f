/**
 * The inbox's search index in SQLite (DATA_DIR/inquiries.db): the FTS5 table inquiry_search
 * (contentless, secure-delete), keyed by the inquiry's seq. Each unit of work (server/db/sql.ts) runs
 * synchronously inside one better-sqlite3 transaction (IMMEDIATE for writes), so no other statement
 * runs on the connection in between and a failure rolls back all of it.
 */
import { fts5Document, fts5Query } from './search-text'
import type { Dialect } from './dialect'

export const SQLITE_DIALECT: Dialect = {
  engine: 'sqlite',
  searchKey: 'rowid',
  searchWhere: (words) => ({ sql: 'inquiry_search MATCH ?', args: [fts5Query(words)] }),
  indexInsert: 'INSERT INTO inquiry_search (rowid, tokens) VALUES (?, ?)',
  indexArgs: (fields) => [fts5Document(fields)],
  indexDelete: 'DELETE FROM inquiry_search WHERE rowid = ?',
}
