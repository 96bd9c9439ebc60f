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
  /** The staff area's own bundle (client/staff/entry.tsx, client/staff/styles.css): never loaded by a public page. */
  staff?: { js: string; css: string }
  /** 'development' for `npm run dev` output (unminified, inline source maps); absent in older builds. */
  mode?: 'development' | 'production'
}

/** A development build is never served with NODE_ENV=production: the reason, or undefined when it may be. */
export function refuseDevelopmentBuild(manifest: BuildManifest, distDir: string, nodeEnv: string): string | undefined {
  if (manifest.mode === 'development' && nodeEnv === 'production') return `${distDir} holds a development build (npm run dev); run npm run build`
  return undefined
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
