import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export interface AppVersion {
  name: string
  version: string
}

/**
 * The app's name and version from its package.json, read when the command runs (not built in): the
 * folder above this module's (server/backup/ from source, dist/server/ in the container) that has one.
 */
export function appVersion(from = dirname(fileURLToPath(import.meta.url))): AppVersion {
  for (let dir = from, i = 0; i < 4; dir = dirname(dir), i++) {
    const file = join(dir, 'package.json')
    if (!existsSync(file)) continue
    const { name, version } = JSON.parse(readFileSync(file, 'utf8'))
    if (typeof name === 'string' && typeof version === 'string') return { name, version }
  }
  throw new Error(`no package.json above ${from}: run the command from the site's folder`)
}
