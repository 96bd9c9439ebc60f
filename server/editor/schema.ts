import type { Migration } from '../db/migration'
/**
 * Migration 6 (server/contact/db.ts): the content editor's tables, in the inquiry database (the same
 * SQL for both engines; PostgreSQL's words by postgresSql in pg-schema.ts). The content folder stays the
 * source of truth for what is published; these keep what files cannot:
 * - content_revisions: every saved state of an item, who and when, the whole item as JSON (both
 *   languages; NULL when the action deleted it) and the hash of its files after it. Numbered by seq,
 *   in commit order (commits are serialised by the content lock: editor-store.ts) across every item; the
 *   staff read each item's own numbers (1, 2, 3…), counted from it when read (editor-store.ts).
 * - content_translation_marks: per item, language and field, the hash of the Japanese text the
 *   translation was saved against (types.ts TranslationMark); one row per key, locale and field.
 * - content_presence: who had an item's editor open, and when last (the page's heartbeat); one row
 *   per item and account.
 * Times are milliseconds (BIGINT) as in the staff and inbox tables. No foreign keys: revisions outlive
 * the accounts that made them, as the audit log does. No CHECK on the action (types.ts RevisionAction
 * is the list): a new action needs no table rebuild in SQLite.
 */

export const EDITOR_TABLES = `
  CREATE TABLE content_revisions (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    item_key TEXT NOT NULL,
    at BIGINT NOT NULL,
    account_id TEXT,
    action TEXT NOT NULL,
    item TEXT,
    hash TEXT NOT NULL,
    restored_from BIGINT
  );
  CREATE INDEX content_revisions_item ON content_revisions (item_key, seq);
  CREATE TABLE content_translation_marks (
    item_key TEXT NOT NULL,
    locale TEXT NOT NULL,
    field TEXT NOT NULL,
    source_hash TEXT NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (item_key, locale, field)
  );
  CREATE TABLE content_presence (
    item_key TEXT NOT NULL,
    account_id TEXT NOT NULL,
    seen_at BIGINT NOT NULL,
    PRIMARY KEY (item_key, account_id)
  );
`

/** The content editor's schema change: revisions, translation marks, presence. */
export const EDITOR_MIGRATIONS: Migration[] = [{ version: 6, name: 'content editor', sql: EDITOR_TABLES }]
