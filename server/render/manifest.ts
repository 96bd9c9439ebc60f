import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/** What build.mjs writes: the hashed entry files and the build's identity. */
export interface BuildManifest {
  id: string
  time: string
  js: string
  css: string
  /** Modules the entry imports, to preload. */
  preload: string[]
}

export function loadManifest(distDir: string): BuildManifest {
  const file = join(distDir, 'manifest.json')
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as BuildManifest
  } catch (err) {
    throw new Error(`cannot read the build manifest ${file}: run "npm run build" first (${(err as Error).message})`)
  }
}
