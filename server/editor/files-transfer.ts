import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { SITE_PARTS, itemKey, type ItemKey } from '../../shared/admin/editor-model/items'
import { localisedFile } from '../content/file-names'
import { ContentError, loadContent } from '../content/load'
import { applyWrites, itemHash, readItem } from './files'
import { parseKey, type FileKind } from './files-format'
import { MARKER_FILE, isWriting, readMarker, sameMarker, writingContent } from '../content/marker'
import { ContentRefused, type EditorCommit, type EditorStore } from './types'

/**
 * `npm run content -- export` and `import` (server/content-cli.ts): the content folder as plain files a
 * company can keep in Git, and back. The marker and the temporary files of a save in progress are
 * never part of a tree.
 */

/** Not part of a tree: the marker, and the '.<name>.<random>.tmp' of a write in progress. */
const skipped = (name: string) => name === MARKER_FILE || (name.startsWith('.') && name.endsWith('.tmp'))

/** Every file of a tree, relative paths sorted. */
export function treeFiles(dir: string): string[] {
  const out: string[] = []
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      if (skipped(name)) continue
      const path = join(d, name)
      if (statSync(path).isDirectory()) walk(path)
      else out.push(relative(dir, path))
    }
  }
  walk(dir)
  return out
}

const inside = (a: string, b: string) => a === b || a.startsWith(b + sep)

/**
 * Copies the content folder to `out` (a new or empty folder). A save under way meanwhile (the marker odd
 * or changed) makes it copy again, so the copy is one state of the folder. Returns the number of files.
 */
export function exportContent(dir: string, out: string): number {
  const [from, to] = [resolve(dir), resolve(out)]
  if (inside(to, from) || inside(from, to)) throw new ContentRefused([`${out}: must be outside the content folder`])
  if (existsSync(to) && readdirSync(to).length > 0) throw new ContentRefused([`${out}: not empty (export writes into a new or empty folder)`])
  for (let attempt = 0; attempt < 20; attempt++) {
    const before = readMarker(from)
    if (!isWriting(before)) {
      const files = treeFiles(from)
      for (const file of files) {
        mkdirSync(dirname(join(to, file)), { recursive: true })
        writeFileSync(join(to, file), readFileSync(join(from, file)))
      }
      if (sameMarker(before, readMarker(from))) return files.length
      for (const name of readdirSync(to)) rmSync(join(to, name), { recursive: true, force: true })
    }
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100)
  }
  throw new Error('the content folder kept changing: try again')
}

/** Every item key a tree holds: its news, projects and pages (by file name) and site.yml's parts. */
function treeKeys(files: string[]): Set<ItemKey> {
  const keys = new Set<ItemKey>()
  for (const file of files) {
    const [folder, name, ...rest] = file.split(sep)
    const named = name && rest.length === 0 ? localisedFile(name) : null
    if (named && (folder === 'news' || folder === 'projects' || folder === 'pages')) keys.add(itemKey(folder as FileKind, named.name))
    if (file === 'site.yml') for (const part of SITE_PARTS) keys.add(itemKey('site', part))
  }
  return keys
}

export interface ImportResult {
  /** The items whose files changed (each recorded as an `import` revision when there is a store). */
  changed: ItemKey[]
  written: number
  removed: number
}

/**
 * Replaces the content folder's files by `from`'s: first checks `from` as content:check does (problems:
 * ContentRefused, nothing written), then writes each file that differs whole and removes those `from`
 * does not have, all between the marker's odd and even values. With a store, the writes run inside the
 * first changed item's commit (the content lock), and every changed item gets an `import` revision and a
 * `content.change` audit entry from address 'cli'.
 */
export async function importContent(dir: string, from: string, store: EditorStore | null, now: number): Promise<ImportResult> {
  if (inside(resolve(from), resolve(dir)) || inside(resolve(dir), resolve(from))) throw new ContentRefused([`${from}: must be outside the content folder`])
  try {
    await loadContent(from)
  } catch (err) {
    if (err instanceof ContentError) throw new ContentRefused(err.problems)
    throw err
  }
  const incoming = treeFiles(from)
  const present = existsSync(dir) ? treeFiles(dir) : []
  const keys = [...new Set([...treeKeys(incoming), ...treeKeys(present)])].sort()
  const changed = keys.filter((key) => itemHash(dir, key) !== itemHash(from, key))
  const writes = [
    ...incoming.flatMap((file) => {
      const bytes = readFileSync(join(from, file))
      return present.includes(file) && readFileSync(join(dir, file)).equals(bytes) ? [] : [{ file, text: bytes as Buffer | null }]
    }),
    ...present.filter((file) => !incoming.includes(file)).map((file) => ({ file, text: null })),
  ]
  const result = { changed, written: writes.filter((w) => w.text !== null).length, removed: writes.filter((w) => w.text === null).length }
  if (writes.length === 0) return result
  const apply = () => writingContent(dir, () => applyWrites(dir, writes))
  if (!store || changed.length === 0) {
    apply()
    return result
  }
  for (const [i, key] of changed.entries()) {
    const k = parseKey(key)!
    const change: EditorCommit = {
      revision: { key, at: now, accountId: null, action: 'import', item: readItem(from, k.kind, k.slug)?.item ?? null, hash: itemHash(from, key) },
      marks: [],
      audit: { at: now, accountId: null, address: 'cli', action: 'content.change', target: key, outcome: 'ok' },
    }
    await store.commit(change, i === 0 ? apply : () => {})
  }
  return result
}
