import { CONTACT_MIGRATIONS } from './contact/schema'
import type { Migration } from './db/migration'
import { DATABASE_MIGRATIONS } from './db/schema'
import { EDITOR_MIGRATIONS } from './editor/schema'
import { INBOX_MIGRATIONS } from './inbox/schema'
import { STAFF_MIGRATIONS } from './staff/schema'

/**
 * THE list of schema changes, one line per area (each area keeps its own in its schema.ts), applied in
 * version order at start; each runs once (recorded in schema_migrations). A new area adds one line.
 */
export const MIGRATIONS: readonly Migration[] = [...DATABASE_MIGRATIONS, ...CONTACT_MIGRATIONS, ...STAFF_MIGRATIONS, ...INBOX_MIGRATIONS, ...EDITOR_MIGRATIONS].sort((a, b) => a.version - b.version)
