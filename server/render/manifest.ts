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
  /** Code split from the entry, by source module (shared/lazy-component.ts): its files, to preload on the pages that use it. */
  chunks: Record<string, string[]>
}

export function loadManifest(distDir: string): BuildManifest {
  const file = join(distDir, 'manifest.json')
  try {
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as BuildManifest
    manifest.chunks ??= {}
    return manifest
  } catch (err) {
    throw new Error(`cannot read the build manifest ${file}: run "npm run build" first (${(err as Error).message})`)
  }
}
