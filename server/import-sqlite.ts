import Database from 'better-sqlite3'
import { existsSync } from 'node:fs'
import type pg from 'pg'
import { MIGRATIONS, schemaVersion, type Db } from './database'
import { openPgDatabase } from './db/open'
import { pgConn, sqliteConn } from './backup/conn'
import { copyTables } from './backup/copy'
import { readTables } from './backup/tables'

export interface ImportResult {
  /** Inquiries copied, and those skipped because PostgreSQL has their id already (an earlier run). */
  inquiries: number
  alreadyThere: number
  /** Mails (outbox rows) copied, and how many of them are pending: the PostgreSQL replicas send those. */
  mails: number
  pending: number
  /** Rows copied of every other table (staff accounts and their factors, revisions, audit log, history…), by table. */
  others: Record<string, number>
}

/**
 * DATA_DIR/inquiries.db opened read-only, for `import-sqlite --from FILE` (the site may still be
 * running on it). Throws, with a sentence for the operator, when the file is missing or is not an
 * inquiries database at this version's schema (older: start the site on it once, it migrates).
 */
export function openSqliteSource(file: string): Db {
  if (!existsSync(file)) throw new Error(`${file}: no such file`)
  const current = MIGRATIONS.at(-1)!.version
  let db: Db | undefined
  let version: number
  try {
    db = new Database(file, { readonly: true, fileMustExist: true })
    version = schemaVersion(db)
  } catch {
    db?.close()
    throw new Error(`${file} is not an inquiries database (DATA_DIR/inquiries.db)`)
  }
  if (version !== current) {
    db.close()
    throw new Error(`${file} has schema version ${version}, this site ${current}: ${version < current ? 'start this version of the site on it once (it migrates), then import' : 'import with the newer site that wrote it'}`)
  }
  return db
}

/**
 * Copies every table of a SQLite database into PostgreSQL (migrated first with openPgDatabase,
 * server/db/open.ts), for the move from one replica to several: the inquiries, their mails and inbox
 * (status, history, replies, erasures), the staff accounts with their password hashes, TOTP secrets,
 * passkeys, sessions and the audit log, the content revisions: the same table copy as a restore
 * (server/backup/copy.ts), every row with its own numbers. Read in one SQLite read transaction (a
 * consistent snapshot, also while the site writes), written in ONE PostgreSQL transaction: an
 * interrupted run copies nothing. A row whose key PostgreSQL has already (an earlier run) is left as it
 * is, so a second run copies only what is new; one with the same key but another identity (PostgreSQL
 * took inquiries of its own) stops the run, nothing copied. Mails are copied without claims (a claim
 * belongs to a worker of the SQLite site): pending ones are sent by the PostgreSQL replicas (stop the
 * SQLite site first, or it sends them too).
 */
export async function importSqlite(source: Db, target: string | pg.Pool): Promise<ImportResult> {
  source.exec('BEGIN')
  const data = await readTables(sqliteConn(source)).finally(() => source.exec('COMMIT'))
  const outbox = data.find((d) => d.name === 'outbox')
  const claim = outbox?.columns.indexOf('claim') ?? -1
  if (outbox && claim >= 0) for (const row of outbox.rows) row[claim] = null

  // A URL: the database migrated, and its pool of one connection closed at the end; a pool is the caller's.
  const opened = typeof target === 'string' ? await openPgDatabase(target, MIGRATIONS, { poolSize: 1 }) : { handle: target, close: async () => undefined }
  const client = await opened.handle.connect()
  try {
    await client.query('BEGIN')
    await client.query('SET LOCAL statement_timeout = 0')
    const r = await copyTables(pgConn(client), data, { merge: true })
    await client.query('COMMIT')
    const { inquiries, outbox: mails, ...others } = r.copied
    return {
      inquiries: inquiries ?? 0,
      alreadyThere: r.skipped.inquiries ?? 0,
      mails: mails ?? 0,
      pending: r.added.outbox.filter((m) => m.status === 'pending').length,
      others: Object.fromEntries(Object.entries(others).filter(([, n]) => n > 0)),
    }
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw err
  } finally {
    client.release()
    await opened.close()
  }
}
