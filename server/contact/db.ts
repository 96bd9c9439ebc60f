import Database from 'better-sqlite3'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type pg from 'pg'
import { ensurePrivateFile, securePrivateData, stderrModeFixLog, type ModeFixLog } from './private-files'
import { SECRET_FILE } from './secret'
import { PASSKEY_CHALLENGES_TABLE, STAFF_AUDIT_REPEATS, STAFF_TABLES } from '../staff/schema'
import { INBOX_PG, INBOX_SQLITE } from '../inbox/schema'
import { indexExistingPg, indexExistingSqlite } from '../inbox/search-index'
import { EDITOR_TABLES } from '../editor/schema'

export type Db = Database.Database

export const DB_FILE = 'inquiries.db'

/** The files of DATA_DIR that hold personal data or the form secret (kept 0600). */
export const PRIVATE_FILES = [DB_FILE, `${DB_FILE}-wal`, `${DB_FILE}-shm`, `${DB_FILE}-journal`, SECRET_FILE] as const

/**
 * A schema change. PostgreSQL runs `pg` when the engines need different words, else postgresSql(sql)
 * (pg-schema.ts); `data` / `pgData` then fill what SQL alone cannot, in the same transaction.
 */
export interface Migration {
  version: number
  name: string
  sql: string
  pg?: string
  data?: (db: Db) => void
  pgData?: (client: pg.PoolClient) => Promise<void>
}

/** Schema changes, applied in order at start; each runs once (recorded in schema_migrations). */
export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'inquiries and mail outbox',
    sql: `
      CREATE TABLE inquiries (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        token TEXT UNIQUE,
        received_at TEXT NOT NULL,
        locale TEXT NOT NULL CHECK (locale IN ('ja', 'en')),
        name TEXT NOT NULL,
        name_kana TEXT,
        company TEXT,
        email TEXT NOT NULL,
        phone TEXT,
        inquiry_type TEXT NOT NULL,
        preferred_date TEXT,
        message TEXT NOT NULL,
        privacy_consent INTEGER NOT NULL
      );
      CREATE INDEX inquiries_received ON inquiries (received_at);
      CREATE TABLE outbox (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        inquiry_id TEXT NOT NULL REFERENCES inquiries (id),
        kind TEXT NOT NULL CHECK (kind IN ('staff', 'auto-reply')),
        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL,
        last_error TEXT,
        sent_at TEXT,
        UNIQUE (inquiry_id, kind)
      );
      CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
    `,
  },
  {
    version: 2,
    name: 'auto-reply recipient key',
    // The auto-reply cap counts per recipient (store.ts, replyKey). Older rows get the address in
    // lower case (without the +tag folding): the cap looks back one day only.
    sql: `
      ALTER TABLE inquiries ADD COLUMN reply_key TEXT;
      UPDATE inquiries SET reply_key = lower(email);
      CREATE INDEX inquiries_reply_key ON inquiries (reply_key, received_at);
    `,
  },
  {
    version: 3,
    name: 'outbox claims',
    // A worker claims a mail by writing its own token and moving next_attempt_at to the lease's end
    // (store.ts, claimMail): a claim left by a dead worker expires by itself.
    sql: `ALTER TABLE outbox ADD COLUMN claim TEXT;`,
  },
  // The staff area's tables (server/staff/schema.ts).
  { version: 4, name: 'staff accounts, factors, sessions and audit log', sql: STAFF_TABLES },
  // The inquiry inbox (server/inbox/schema.ts): triage, history, job claims, search, the widened outbox.
  { version: 5, name: 'inquiry inbox', sql: INBOX_SQLITE, pg: INBOX_PG, data: indexExistingSqlite, pgData: indexExistingPg },
  // The content editor (server/editor/schema.ts): revisions, translation marks, presence.
  { version: 6, name: 'content editor', sql: EDITOR_TABLES },
  // Passkey challenges answered once (server/staff/schema.ts): a captured answer replayed is refused on every replica.
  { version: 7, name: 'single-use passkey challenges', sql: PASSKEY_CHALLENGES_TABLE },
  // Anonymous refusals and failures counted per address and hour in one audit row (server/staff/schema.ts).
  { version: 8, name: 'staff audit repeats', sql: STAFF_AUDIT_REPEATS },
]

function migrate(db: Db): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)')
  const apply = db.transaction(() => {
    const applied = new Set(db.prepare('SELECT version FROM schema_migrations').pluck().all() as number[])
    for (const m of MIGRATIONS) {
      if (applied.has(m.version)) continue
      db.exec(m.sql)
      m.data?.(db)
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(m.version, m.name, new Date().toISOString())
    }
  })
  apply.immediate()
}

/**
 * Opens (creating when needed) DATA_DIR/inquiries.db: WAL journal, synchronous=FULL (a
 * commit is on disk before it returns, so an acknowledged inquiry survives a crash or
 * power loss), foreign keys on, and the schema migrated to the current version.
 * DATA_DIR is made private first (folder 0700, files 0600); what had to be narrowed goes to
 * `log` (stderr by default), once, as nothing is wider afterwards.
 */
export function openDatabase(dataDir: string, { log = stderrModeFixLog }: { log?: ModeFixLog } = {}): Db {
  const file = join(dataDir, DB_FILE)
  const fixes = securePrivateData(dataDir, PRIVATE_FILES)
  // Created 0600 before SQLite opens it: SQLite gives its -wal and -shm files the same mode.
  fixes.push(...ensurePrivateFile(file))
  log(fixes)
  const db = new Database(file)
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = FULL')
  db.pragma('foreign_keys = ON')
  db.pragma('busy_timeout = 5000')
  // Deleted and overwritten content is zeroed in the file, not left in free space: an erased inquiry is gone.
  db.pragma('secure_delete = ON')
  migrate(db)
  return db
}

/** No database where the settings point: a command refuses rather than make a new, empty one. */
export class NoDatabase extends Error {}

/**
 * The server's database for a command (`npm run staff`, `npm run inquiries`): opened as the server
 * opens it, but never created. A command that made one where DATA_DIR points (a missed `.env`, a
 * typo) would add the first admin or back up an empty database that no server reads.
 */
export function openServerDatabase(dataDir: string): Db {
  const file = resolve(dataDir, DB_FILE)
  if (!existsSync(file)) {
    throw new NoDatabase(`no database at ${file}: DATA_DIR (environment or .env) is not where the server keeps its data. Set DATA_DIR as the server has it, or start the server once to create the database.`)
  }
  return openDatabase(dataDir)
}

export function schemaVersion(db: Db): number {
  return (db.prepare('SELECT MAX(version) FROM schema_migrations').pluck().get() as number | null) ?? 0
}
