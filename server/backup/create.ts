/**
 * `backup create`: the database and the content folder at one moment. The content lock (the one every
 * editor save and `content import` takes: editor-store.ts) is taken first, so no save is half on disk;
 * while it is held the database's read snapshot starts (so the revisions in the dump are exactly those
 * whose files are on disk) and the content folder is copied. Then the lock is let go (saves go on) and
 * the rows are read from the snapshot at leisure. On SQLite the lock is the database's write lock:
 * inquiries sent meanwhile wait (up to the server's 5 s busy timeout) while the files are copied.
 */
import Database from 'better-sqlite3'
import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs'
import { basename, join, resolve } from 'node:path'
import type { SiteDatabase } from '../db/open'
import { pgText } from '../db/pg'
import { editorDialectOf } from '../editor/dialects'
import { ensurePrivateFile } from '../private-files'
import { countsText, filesUnder, pack, writeDump, FORMAT, type Counts, type Manifest } from './archive'
import { pgConn, sqliteConn, type Conn } from './conn'
import { readTables } from './tables'
import type { AppVersion } from './app-version'

/** The database's snapshot, started while the content lock is held. */
interface Moment {
  snapshot: Conn
  unlock(): Promise<void>
  end(): Promise<void>
}

/** SQLite: the lock is a write transaction (BEGIN IMMEDIATE) on a second connection, as the editor's save takes it. */
function sqliteMoment(db: Database.Database, onWait: () => void): Moment {
  const lock = new Database(db.name, { fileMustExist: true })
  try {
    lock.pragma('busy_timeout = 0')
    try {
      lock.exec('BEGIN IMMEDIATE')
    } catch (err) {
      if ((err as { code?: string }).code !== 'SQLITE_BUSY') throw err
      onWait()
      // A save in flight is waited for (a save takes well under a second; a stuck one is not waited for forever).
      lock.pragma('busy_timeout = 30000')
      lock.exec('BEGIN IMMEDIATE')
    }
    db.exec('BEGIN')
    // A WAL snapshot starts at the transaction's first read.
    db.prepare('SELECT COUNT(*) FROM schema_migrations').get()
  } catch (err) {
    lock.close()
    throw err
  }
  return {
    snapshot: sqliteConn(db),
    unlock: async () => {
      if (!lock.open) return
      lock.exec('ROLLBACK')
      lock.close()
    },
    end: async () => void (db.inTransaction && db.exec('COMMIT')),
  }
}

/** PostgreSQL: the editor's advisory lock in a transaction of its own; the snapshot a REPEATABLE READ read-only one. */
async function pgMoment(pool: import('pg').Pool, onWait: () => void): Promise<Moment> {
  const lock = await pool.connect()
  const snap = await pool.connect().catch((err) => (lock.release(), Promise.reject(err)))
  try {
    await lock.query('BEGIN')
    await lock.query("SET LOCAL statement_timeout = '30s'")
    const { sql, args } = editorDialectOf('postgres').lock!
    const free = (await lock.query('SELECT pg_try_advisory_xact_lock($1) AS ok', args)).rows[0].ok === true
    if (!free) {
      onWait()
      await lock.query(pgText(sql), args)
    }
    await snap.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY')
    await snap.query('SET LOCAL statement_timeout = 0')
    await snap.query('SELECT 1') // the snapshot is taken at the first query
  } catch (err) {
    lock.release(true)
    snap.release(true)
    throw err
  }
  let locked = true
  return {
    snapshot: pgConn(snap),
    unlock: async () => {
      if (!locked) return
      locked = false
      await lock.query('ROLLBACK').finally(() => lock.release())
    },
    end: async () => {
      await snap.query('COMMIT').finally(() => snap.release())
    },
  }
}

export interface CreateResult {
  file: string
  counts: Counts
  /** How long the content lock was held (ms): saves (and on SQLite every write) waited that long at most. */
  lockedMs: number
}

/** The file's name: the app, its version, the time in UTC (sorts by time). */
export const backupName = (app: AppVersion, at: Date) => `${app.name}-backup-${app.version}-${at.toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '')}.tar.gz`

const isTemp = (path: string) => /^\..*\.tmp$/.test(basename(path))

/**
 * Writes the backup file into `dir`. `onWait` is called once when the content lock is taken by a save under
 * way, before waiting for it (the command says so: a backup that seems stuck is waiting for a save).
 */
export async function createBackup(database: SiteDatabase, contentDir: string, dir: string, app: AppVersion, { now = new Date(), onWait = () => {} }: { now?: Date; onWait?: () => void } = {}): Promise<CreateResult> {
  if (!existsSync(contentDir)) throw new Error(`CONTENT_DIR ${contentDir}: no such folder (is CONTENT_DIR the server's?)`)
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const file = resolve(dir, backupName(app, now))
  // Beside the file (same file system: the rename is atomic); a '.…tmp' name, never taken for a backup.
  const staging = mkdtempSync(join(dir, '.backup-'))
  const temp = `${staging}.tmp`
  try {
    const moment = database.engine === 'sqlite' ? sqliteMoment(database.handle, onWait) : await pgMoment(database.handle, onWait)
    const lockedAt = Date.now()
    let lockedMs = 0
    let data
    let schemaVersion: number
    try {
      // Temporary files of a writer (writeFileAtomic's '.name.….tmp') are never part of the content.
      cpSync(contentDir, join(staging, 'content'), { recursive: true, dereference: true, filter: (src) => !isTemp(src) })
      await moment.unlock()
      lockedMs = Date.now() - lockedAt
      data = await readTables(moment.snapshot)
      schemaVersion = Number((await moment.snapshot.all('SELECT MAX(version) AS v FROM schema_migrations'))[0]!.v)
    } finally {
      await moment.unlock()
      await moment.end()
    }
    const content = filesUnder(join(staging, 'content'))
    const rows = (name: string) => data.find((d) => d.name === name)?.rows.length ?? 0
    const counts = { inquiries: rows('inquiries'), staffAccounts: rows('staff_accounts'), revisions: rows('content_revisions'), contentFiles: content.files.length, contentBytes: content.bytes }
    const manifest: Manifest = {
      format: FORMAT,
      app,
      schemaVersion,
      engine: database.engine,
      createdAt: now.toISOString(),
      tables: data.map((d) => ({ name: d.name, columns: d.columns, rows: d.rows.length, lastId: d.lastId })),
      counts,
    }
    writeDump(staging, manifest, data)
    ensurePrivateFile(temp)
    await pack(staging, temp)
    renameSync(temp, file)
    return { file, counts, lockedMs }
  } finally {
    rmSync(staging, { recursive: true, force: true })
    rmSync(temp, { force: true })
  }
}

export { countsText }
