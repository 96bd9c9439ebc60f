import Database from 'better-sqlite3'
import { renameSync, rmSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Db } from './db'
import { ensurePrivateFile, tempNameFor } from './private-files'

export interface BackupResult {
  file: string
  inquiries: number
  bytes: number
}

/**
 * A consistent copy of the open database in `out`, taken with SQLite's online backup API
 * while the server keeps writing. The copy is made in one step (one read transaction): a
 * backup in small steps restarts whenever another connection writes, and under steady
 * traffic might never end. It goes to a 0600 temporary file next to `out`, is switched to a
 * rollback journal (one self-contained file, no -wal beside it; the server turns WAL back on
 * when it opens a restored copy), must pass `PRAGMA integrity_check`, and only then is renamed
 * to `out`: `out` is a whole backup or untouched.
 */
export async function backupDatabase(db: Db, out: string): Promise<BackupResult> {
  const file = resolve(out)
  const temp = tempNameFor(file)
  try {
    // Created 0600 first: SQLite keeps the mode of an existing file.
    ensurePrivateFile(temp)
    const { totalPages } = await db.backup(temp, { progress: () => 0x7fffffff })
    const copy = new Database(temp)
    try {
      copy.pragma('journal_mode = DELETE')
      const check = copy.pragma('integrity_check', { simple: true })
      if (check !== 'ok') throw new Error(`the copy failed PRAGMA integrity_check: ${String(check)}`)
      const inquiries = copy.prepare('SELECT COUNT(*) FROM inquiries').pluck().get() as number
      copy.close()
      renameSync(temp, file)
      return { file, inquiries, bytes: totalPages * (db.pragma('page_size', { simple: true }) as number) }
    } finally {
      if (copy.open) copy.close()
    }
  } catch (err) {
    rmSync(temp, { force: true })
    throw err
  }
}
