import type { Migration } from './migration'

/**
 * The database's own schema changes (the areas keep theirs in their schema.ts). Migration 9 (release 0.2.0, an
 * expand step): which release applied each migration, written by this one on (older rows stay NULL; release
 * 0.1.0, which knows nothing of the column, inserts into the table as before).
 */
export const DATABASE_MIGRATIONS: Migration[] = [{ version: 9, name: 'release of each migration', sql: 'ALTER TABLE schema_migrations ADD COLUMN release TEXT;' }]

/** The statement recording an applied migration: with its release once the column exists (`withRelease`). */
export const recordMigration = (withRelease: boolean) =>
  withRelease ? 'INSERT INTO schema_migrations (version, name, applied_at, release) VALUES (?, ?, ?, ?)' : 'INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)'
