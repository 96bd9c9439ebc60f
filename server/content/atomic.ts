import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { basename, dirname, join } from 'node:path'

/**
 * Writes a file whole: into a temporary file beside it (same folder, so the same file system), flushed
 * to disk, then renamed over the old one, and the folder flushed. A crash at any moment leaves the old
 * file or the new one, never a part. The temporary name starts with '.' and ends '.tmp' (the content
 * loader and export skip such names).
 */
export function writeFileAtomic(path: string, data: string | Uint8Array): void {
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`)
  const fd = openSync(temp, 'wx', 0o644)
  try {
    writeSync(fd, typeof data === 'string' ? Buffer.from(data, 'utf8') : data)
    fsyncSync(fd)
  } catch (err) {
    closeSync(fd)
    rmSync(temp, { force: true })
    throw err
  }
  closeSync(fd)
  try {
    renameSync(temp, path)
  } catch (err) {
    rmSync(temp, { force: true })
    throw err
  }
  syncFolder(dirname(path))
}

/** Flushes a folder's entries (a rename or unlink) to disk; a file system that cannot is left as it is. */
export function syncFolder(dir: string): void {
  let fd: number | undefined
  try {
    fd = openSync(dir, 'r')
    fsyncSync(fd)
  } catch {
    // Some file systems refuse fsync on a folder (EINVAL, EISDIR): the rename is done all the same.
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}
