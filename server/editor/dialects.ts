/** How the engine takes the content lock a commit holds: SQLite's IMMEDIATE transaction, PostgreSQL's advisory lock. */
import type { Runner } from '../db/sql'
import type { EditorDialect } from './editor-store'
import { PG_EDITOR } from './pg-store'
import { SQLITE_EDITOR } from './sqlite-store'

/** The engine's way of taking the content lock. */
export const editorDialectOf = (engine: Runner['engine']): EditorDialect => (engine === 'postgres' ? PG_EDITOR : SQLITE_EDITOR)
