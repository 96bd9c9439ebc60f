/**
 * The inbox store in SQLite (DATA_DIR/inquiries.db), on the inquiry store's connection. Each unit of
 * work (sql.ts) runs synchronously inside one better-sqlite3 transaction (IMMEDIATE for writes), so
 * no other statement runs on the connection in between and a failure rolls back all of it. Search:
 * the FTS5 table inquiry_search (contentless, secure-delete), keyed by the inquiry's seq.
 */
import { sqliteRunner, type Db } from '../db/sqlite'
import { createInboxStore } from './inbox-store'
import { fts5Document, fts5Query } from './search-text'
import type { Dialect } from './dialect'
import type { InboxStore } from './types'

export const SQLITE_DIALECT: Dialect = {
  engine: 'sqlite',
  searchKey: 'rowid',
  searchWhere: (words) => ({ sql: 'inquiry_search MATCH ?', args: [fts5Query(words)] }),
  indexInsert: 'INSERT INTO inquiry_search (rowid, tokens) VALUES (?, ?)',
  indexArgs: (fields) => [fts5Document(fields)],
  indexDelete: 'DELETE FROM inquiry_search WHERE rowid = ?',
}


export function createSqliteInboxStore(db: Db): InboxStore {
  return createInboxStore(sqliteRunner(db), SQLITE_DIALECT)
}
