/**
 * The editor's content lock in SQLite (DATA_DIR/inquiries.db): none to take. `commit` runs in one
 * IMMEDIATE transaction, and SQLite's write lock on the database file is the content lock (a second
 * connection, in this process or another, waits in BEGIN IMMEDIATE until the first has committed or
 * rolled back; busy_timeout 5 s); `apply` runs inside it, before the rows are written.
 */
import type { EditorDialect } from './editor-store'

export const SQLITE_EDITOR: EditorDialect = { lock: null }
