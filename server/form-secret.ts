import { randomBytes } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ensurePrivateDir, PRIVATE_FILE_MODE } from './private-files'

export const SECRET_FILE = 'form-secret'

/**
 * The HMAC key of the form tokens: FORM_SECRET, or a random key generated on the first
 * start and kept in DATA_DIR, so forms served before a restart can still be sent after it.
 */
export function resolveFormSecret(configured: string, dataDir: string): string {
  if (configured) return configured
  const file = join(dataDir, SECRET_FILE)
  try {
    return readFileSync(file, 'utf8').trim()
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
  }
  ensurePrivateDir(dataDir)
  const secret = randomBytes(32).toString('base64url')
  try {
    writeFileSync(file, secret + '\n', { mode: PRIVATE_FILE_MODE, flag: 'wx' })
    return secret
  } catch (err) {
    // Another process wrote it first: use theirs.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim()
    throw err
  }
}
