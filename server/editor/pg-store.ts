/**
 * The editor's store in PostgreSQL (DATABASE_URL), on the inquiry store's pool. `commit` is one
 * transaction on one connection that first takes the content lock, a transaction-level advisory lock
 * (pg_advisory_xact_lock): every replica's commits wait for it in turn, and PostgreSQL lets it go only
 * at COMMIT or ROLLBACK, so the next `apply` starts after the previous commit's rows are there or gone.
 */
import type pg from 'pg'
import { get } from '../db/sql'
import { pgRunner } from '../db/pg'
import { createEditorStore, type EditorDialect } from './editor-store'
import type { EditorStore } from './types'

/** Our own advisory lock key: 'corporate-site content' (migrations: …202, auto-reply budget: …203). */
export const CONTENT_LOCK = 7_305_114_204

export const PG_EDITOR: EditorDialect = { lock: get('SELECT pg_advisory_xact_lock(?)', CONTENT_LOCK) }

export function createPgEditorStore(pool: pg.Pool): EditorStore {
  return createEditorStore(pgRunner(pool), PG_EDITOR)
}
