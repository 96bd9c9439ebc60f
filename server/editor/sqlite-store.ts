/**
 * The editor's store in SQLite (DATA_DIR/inquiries.db), on the inquiry store's connection. `commit` runs
 * in one IMMEDIATE transaction: SQLite's write lock on the database file is the content lock (a second
 * connection, in this process or another, waits in BEGIN IMMEDIATE until the first has committed or
 * rolled back; busy_timeout 5 s), and `apply` runs inside it, before the rows are written.
 */
import type { Db } from '../db/sqlite'
import type { Runner } from '../db/sql'
import { sqliteRunner } from '../db/sqlite'
import { createEditorStore, type EditorDialect } from './editor-store'
import type { EditorStore } from './types'

export const SQLITE_EDITOR: EditorDialect = { lock: null }

/** On a runner of the connection (the inquiry store's own, sharing its prepared statements), or a new one. */
export function createSqliteEditorStore(db: Db, runner: Runner = sqliteRunner(db)): EditorStore {
  return createEditorStore(runner, SQLITE_EDITOR)
}
