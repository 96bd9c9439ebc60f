/**
 * The inbox store in SQLite (DATA_DIR/inquiries.db), on the inquiry store's connection. Each unit of
 * work (sql.ts) runs synchronously inside one better-sqlite3 transaction (IMMEDIATE for writes), so
 * no other statement runs on the connection in between and a failure rolls back all of it. Search:
 * the FTS5 table inquiry_search (contentless, secure-delete), keyed by the inquiry's seq.
 */
import type Database from 'better-sqlite3'
import type { Db } from '../contact/db'
import { createInboxStore } from './inbox-store'
import { fts5Document, fts5Query } from './search-text'
import type { Dialect, Runner, Statement, Work } from './sql'
import type { InboxStore } from './types'

export const SQLITE_DIALECT: Dialect = {
  engine: 'sqlite',
  searchKey: 'rowid',
  searchWhere: (words) => ({ sql: 'inquiry_search MATCH ?', args: [fts5Query(words)] }),
  indexInsert: 'INSERT INTO inquiry_search (rowid, tokens) VALUES (?, ?)',
  indexArgs: (fields) => [fts5Document(fields)],
  indexDelete: 'DELETE FROM inquiry_search WHERE rowid = ?',
}

/** Runs units of work on `db`: statements prepared once and kept. */
export function sqliteRunner(db: Db): Runner & { now<T>(work: Work<T>): T } {
  const prepared = new Map<string, Database.Statement>()
  const prepare = (sql: string) => {
    let s = prepared.get(sql)
    if (!s) prepared.set(sql, (s = db.prepare(sql)))
    return s
  }
  const exec = ({ op, sql, args }: Statement) => {
    const s = prepare(sql)
    return op === 'all' ? s.all(...args) : op === 'get' ? s.get(...args) : s.run(...args).changes
  }
  /** Drives a unit of work to its end (inside the caller's transaction). */
  const drive = <T>(work: Work<T>): T => {
    let step = work.next()
    while (!step.done) step = work.next(exec(step.value))
    return step.value
  }
  const tx = db.transaction(drive)
  return {
    write: async (work) => tx.immediate(work) as never,
    read: async (work) => tx.deferred(work) as never,
    /** In the caller's own transaction (the inquiry store's). */
    now: drive,
  }
}

export function createSqliteInboxStore(db: Db): InboxStore {
  return createInboxStore(sqliteRunner(db), SQLITE_DIALECT)
}
