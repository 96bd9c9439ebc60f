/**
 * The editor's content lock in PostgreSQL (DATABASE_URL). `commit` is one transaction on one connection
 * that first takes a transaction-level advisory lock (pg_advisory_xact_lock): every replica's commits
 * wait for it in turn, and PostgreSQL lets it go only at COMMIT or ROLLBACK, so the next `apply` starts
 * after the previous commit's rows are there or gone.
 */
import { get } from '../db/sql'
import type { EditorDialect } from './editor-store'

/** Our own advisory lock key: 'corporate-site content' (migrations: …202, auto-reply budget: …203). */
export const CONTENT_LOCK = 7_305_114_204

export const PG_EDITOR: EditorDialect = { lock: get('SELECT pg_advisory_xact_lock(?)', CONTENT_LOCK) }
