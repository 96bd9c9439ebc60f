/**
 * `backup restore --from FILE`: a backup into an empty database and an empty content folder. Everything
 * is checked before anything is written (the file whole, its format, its schema version, every row's
 * width and count; the targets empty); the rows then go in in one transaction (copy.ts), and only after
 * it committed do the content files move into place (renames within the content folder). A failure
 * before that leaves the database without rows and the content folder as it was.
 */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import type pg from 'pg'
import { migratePg } from '../db/pg'
import { openPgDatabase } from '../db/open'
import { openSqlite } from '../db/sqlite'
import { MIGRATIONS } from '../migrations'
import { BadBackup, readDump, readManifest, unpack, type Manifest } from './archive'
import { pgConn, sqliteConn, type Conn, type TableData } from './conn'
import { copyTables } from './copy'
import { rowCounts, siteTables } from './tables'

/** A target that already holds a site: refused, nothing written (exit status 1). */
export class NotEmpty extends Error {}

export interface RestoreSettings {
  dataDir: string
  databaseUrl: string
  contentDir: string
}

const upTo = (version: number) => MIGRATIONS.filter((m) => m.version <= version)

/** The entries of the content folder that are content (not a writer's or a restore's '.…tmp'). */
const contentEntries = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((n) => !/^\..*\.tmp$/.test(n)) : [])

/** Refuses a database at a newer schema than the backup's, or one holding any row. */
async function checkEmpty(conn: Conn, version: number, where: string): Promise<void> {
  const [row] = await conn.all('SELECT MAX(version) AS v FROM schema_migrations')
  const at = Number(row?.v ?? 0)
  if (at > version) throw new NotEmpty(`${where} is at schema version ${at}, the backup at ${version}: restore into a new database (or with the release that made the backup)`)
  const counts = await rowCounts(conn, await siteTables(conn))
  const held = Object.entries(counts).filter(([, n]) => n > 0)
  if (held.length) {
    throw new NotEmpty(`${where} already holds data (${held.map(([t, n]) => `${t}: ${n}`).join(', ')}): a restore goes into an empty database only. Nothing was written.`)
  }
}

async function restoreSqlite(dataDir: string, m: Manifest, data: TableData[]): Promise<void> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  const db = openSqlite(dataDir, upTo(m.schemaVersion))
  try {
    await checkEmpty(sqliteConn(db), m.schemaVersion, `the database in DATA_DIR ${dataDir}`)
    db.exec('BEGIN IMMEDIATE')
    try {
      await copyTables(sqliteConn(db), data)
      db.exec('COMMIT')
    } catch (err) {
      db.exec('ROLLBACK')
      throw err
    }
  } finally {
    if (db.open) db.close()
  }
  // The migrations after the backup's take its rows forward, as they would have taken the site's.
  openSqlite(dataDir, MIGRATIONS).close()
}

async function restorePg(url: string, m: Manifest, data: TableData[]): Promise<void> {
  const database = await openPgDatabase(url, upTo(m.schemaVersion), { poolSize: 1 })
  const pool: pg.Pool = database.handle
  try {
    const client = await pool.connect()
    try {
      await checkEmpty(pgConn(client), m.schemaVersion, 'the PostgreSQL database of DATABASE_URL')
      await client.query('BEGIN')
      // A large site's rows take longer than the server's 10 s per statement.
      await client.query('SET LOCAL statement_timeout = 0')
      await copyTables(pgConn(client), data)
      await client.query('COMMIT')
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined)
      throw err
    } finally {
      client.release()
    }
    await migratePg(pool, MIGRATIONS)
  } finally {
    await database.close()
  }
}

export interface RestoreResult {
  manifest: Manifest
  contentFiles: number
}

/**
 * Restores `file` where the settings point. `replaceContent`: the content folder's present files are
 * removed first (a new container's sample content); the database is never overwritten.
 */
export async function restoreBackup(file: string, s: RestoreSettings, appName: string, { replaceContent = false } = {}): Promise<RestoreResult> {
  if (!existsSync(file)) throw new BadBackup(`${file}: no such file`)
  const present = contentEntries(s.contentDir)
  if (present.length && !replaceContent) {
    throw new NotEmpty(`the content folder ${s.contentDir} already holds content (${present.slice(0, 3).join(', ')}${present.length > 3 ? ', …' : ''}): restore into an empty folder, or add --replace-content to replace its files by the backup's. Nothing was written.`)
  }
  mkdirSync(s.contentDir, { recursive: true })
  // Inside the content folder: the same file system, so the files move into place by rename.
  const staging = join(s.contentDir, `.restore-${randomBytes(6).toString('hex')}.tmp`)
  mkdirSync(staging, { mode: 0o700 })
  try {
    await unpack(file, staging)
    const manifest = readManifest(staging, file, appName)
    const current = MIGRATIONS.at(-1)!.version
    if (manifest.schemaVersion > current) {
      throw new BadBackup(`${file} was made by ${manifest.app.name} ${manifest.app.version} at schema version ${manifest.schemaVersion}; this release knows schema version ${current}: restore it with that release or a newer one`)
    }
    const data = await readDump(staging, manifest, file)
    if (s.databaseUrl) await restorePg(s.databaseUrl, manifest, data)
    else await restoreSqlite(s.dataDir, manifest, data)
    const from = join(staging, 'content')
    const incoming = existsSync(from) ? readdirSync(from) : []
    if (replaceContent) for (const name of contentEntries(s.contentDir)) rmSync(join(s.contentDir, name), { recursive: true, force: true })
    for (const name of incoming) renameSync(join(from, name), join(s.contentDir, name))
    return { manifest, contentFiles: manifest.counts.contentFiles }
  } finally {
    rmSync(staging, { recursive: true, force: true })
  }
}
