import { randomBytes } from 'node:crypto'
import { chmodSync, closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, statSync, writeSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'

/**
 * DATA_DIR holds personal data (inquiries) and the form secret: the folder is 0700 and its
 * files 0600, readable by the server's own user only. SQLite gives the -wal, -shm and
 * -journal files the mode of the database file, so creating that file 0600 covers them.
 */
export const PRIVATE_DIR_MODE = 0o700
export const PRIVATE_FILE_MODE = 0o600

/** A folder or file whose mode was narrowed (or could not be: `error`). */
export interface ModeFix {
  path: string
  from: string
  to: string
  error?: string
}

export type ModeFixLog = (fixes: ModeFix[]) => void

const octal = (mode: number) => '0' + (mode & 0o777).toString(8)

/** Narrows `path` to `mode` when group or others have any access; a missing path is left alone. */
function narrow(path: string, mode: number): ModeFix | null {
  let current: number
  try {
    current = statSync(path).mode & 0o777
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw err
  }
  if ((current & 0o077) === 0) return null
  const fix: ModeFix = { path, from: octal(current), to: octal(mode) }
  try {
    chmodSync(path, mode)
  } catch (err) {
    // A folder mounted from the host may belong to another user: say so, do not stop the site.
    fix.error = (err as Error).message
  }
  return fix
}

/** Creates `dir` (and missing parents) 0700; an existing folder wider than that is narrowed. */
export function ensurePrivateDir(dir: string): ModeFix[] {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE })
  const fix = narrow(dir, PRIVATE_DIR_MODE)
  return fix ? [fix] : []
}

/** Creates an empty file 0600 unless it exists; an existing one wider than that is narrowed. */
export function ensurePrivateFile(path: string): ModeFix[] {
  closeSync(openSync(path, 'a', PRIVATE_FILE_MODE))
  const fix = narrow(path, PRIVATE_FILE_MODE)
  return fix ? [fix] : []
}

/** The folder and the named files in it (those that exist) made private. */
export function securePrivateData(dir: string, files: readonly string[]): ModeFix[] {
  const fixes = ensurePrivateDir(dir)
  for (const name of files) {
    const fix = narrow(join(dir, name), PRIVATE_FILE_MODE)
    if (fix) fixes.push(fix)
  }
  return fixes
}

/** One warning line on stderr, for callers without a logger (the CLI). */
export const stderrModeFixLog: ModeFixLog = (fixes) => {
  if (fixes.length === 0) return
  process.stderr.write(`DATA_DIR held personal data readable by others; narrowed: ${fixes.map((f) => `${f.path} ${f.from} -> ${f.to}${f.error ? ` (failed: ${f.error})` : ''}`).join(', ')}\n`)
}

/** A temporary name next to `file` (same folder, so the final rename is atomic). */
export function tempNameFor(file: string): string {
  return join(dirname(file), `.${basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`)
}

/**
 * Writes `data` to `file` atomically: a new 0600 temporary file in the same folder, flushed to
 * disk, then renamed over `file`. A reader sees the old file or the whole new one, never a part.
 */
export function writeFileAtomic(file: string, data: string | Buffer): void {
  const temp = tempNameFor(file)
  const fd = openSync(temp, 'wx', PRIVATE_FILE_MODE)
  try {
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data
    for (let off = 0; off < bytes.length; ) off += writeSync(fd, bytes, off)
    fsyncSync(fd)
    closeSync(fd)
    renameSync(temp, file)
  } catch (err) {
    try {
      closeSync(fd)
    } catch {
      // already closed
    }
    rmSync(temp, { force: true })
    throw err
  }
}
