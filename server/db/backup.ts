import Database from 'better-sqlite3'
import { renameSync, rmSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Db } from './sqlite'
import { ensurePrivateFile, tempNameFor } from '../private-files'

/** What a database holds that a backup is for: the site's inquiries, the staff accounts, the content's revisions. */
export interface Held {
  inquiries: number
  accounts: number
  revisions: number
}

export interface BackupResult {
  file: string
  held: Held
  bytes: number
}

/** The counts of what `db` holds (inquiries, staff accounts, content revisions). */
export function heldBy(db: Db): Held {
  const count = (table: string) => db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get() as number
  return { inquiries: count('inquiries'), accounts: count('staff_accounts'), revisions: count('content_revisions') }
}

/** The counts in words, for the command's line: "12 inquiries, 3 staff accounts, 40 content revisions". */
export function heldText(held: Held): string {
  return `${held.inquiries} inquiries, ${held.accounts} staff accounts, ${held.revisions} content revisions`
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
      const held = heldBy(copy)
      copy.close()
      renameSync(temp, file)
      return { file, held, bytes: totalPages * (db.pragma('page_size', { simple: true }) as number) }
    } finally {
      if (copy.open) copy.close()
    }
  } catch (err) {
    rmSync(temp, { force: true })
    throw err
  }
}
