import Database from 'better-sqlite3'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Migration } from './migration'
import { recordMigration } from './schema'
import { RELEASE } from '../release'
import type { Runner, Statement, Work } from './sql'
import { ensurePrivateFile, securePrivateData, stderrModeFixLog, type ModeFixLog } from '../private-files'
import { SECRET_FILE } from '../form-secret'

export type Db = Database.Database

export const DB_FILE = 'inquiries.db'

/** The files of DATA_DIR that hold personal data or the form secret (kept 0600). */
export const PRIVATE_FILES = [DB_FILE, `${DB_FILE}-wal`, `${DB_FILE}-shm`, `${DB_FILE}-journal`, SECRET_FILE] as const

function migrate(db: Db, migrations: readonly Migration[]): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)')
  // Nothing to apply (every start but an upgrade's): no write lock taken, so a command opening the database
  // does not wait for a writer (an editor's save, a backup holding the content lock).
  const known = new Set(db.prepare('SELECT version FROM schema_migrations').pluck().all() as number[])
  if (migrations.every((m) => known.has(m.version))) return
  const apply = db.transaction(() => {
    const applied = new Set(db.prepare('SELECT version FROM schema_migrations').pluck().all() as number[])
    for (const m of migrations) {
      if (applied.has(m.version)) continue
      db.exec(m.sql)
      m.data?.(db)
      const withRelease = (db.prepare('PRAGMA table_info(schema_migrations)').all() as { name: string }[]).some((c) => c.name === 'release')
      db.prepare(recordMigration(withRelease)).run(m.version, m.name, new Date().toISOString(), ...(withRelease ? [RELEASE] : []))
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
export function openSqlite(dataDir: string, migrations: readonly Migration[], { log = stderrModeFixLog }: { log?: ModeFixLog } = {}): Db {
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
  migrate(db, migrations)
  return db
}

/** No database where the settings point: a command refuses rather than make a new, empty one. */
export class NoDatabase extends Error {}

/**
 * The server's database for a command (`npm run staff`, `npm run inquiries`): opened as the server
 * opens it, but never created. A command that made one where DATA_DIR points (a missed `.env`, a
 * typo) would add the first admin or back up an empty database that no server reads.
 */
export function openServerSqlite(dataDir: string, migrations: readonly Migration[]): Db {
  const file = resolve(dataDir, DB_FILE)
  if (!existsSync(file)) {
    throw new NoDatabase(`no database at ${file}: DATA_DIR (environment or .env) is not where the server keeps its data. Set DATA_DIR as the server has it, or start the server once to create the database.`)
  }
  return openSqlite(dataDir, migrations)
}

export function schemaVersion(db: Db): number {
  return (db.prepare('SELECT MAX(version) FROM schema_migrations').pluck().get() as number | null) ?? 0
}

/** Runs units of work on `db`: statements prepared once and kept. */
export function sqliteRunner(db: Db): Runner {
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
  /** Drives a unit of work to its end (inside the transaction below). */
  const drive = <T>(work: Work<T>): T => {
    let step = work.next()
    while (!step.done) step = work.next(exec(step.value))
    return step.value
  }
  const tx = db.transaction(drive)
  return {
    engine: 'sqlite',
    write: async (work) => tx.immediate(work) as never,
    read: async (work) => tx.deferred(work) as never,
  }
}
