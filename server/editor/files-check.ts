import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve, sep } from 'node:path'
import type { EditableItem, ItemKey } from '../../shared/admin/editor-model/items'
import { ContentError, loadContent, type Loaded, type LoadOptions } from '../content/load'
import { itemWrites } from './files'
import { MARKER_FILE } from '../content/marker'
import { ContentRefused } from './types'

/** A change checkCandidate tries: the item at `key` becomes `next` (null: removed). */
export interface CandidateChange {
  key: ItemKey
  next: EditableItem | null
  /** The files to write instead of `next`'s (a file fixed as typed, server/editor/item-raw.ts). */
  writes?: { file: string; text: string | null }[]
}

export interface CandidateResult {
  /** What content:check would print as problems for the tree with the change ('news/x.ja.md: date: …'); none: it may be saved. */
  problems: string[]
  warnings: string[]
  /** The tree with the change, loaded (null when it has problems): what the preview draws. Its images are the content folder's. */
  loaded: Loaded | null
}

/**
 * The whole content tree with one change applied, loaded and validated exactly as the server and
 * `content:check` do (loadContent), without touching `dir`: a temporary folder of links to `dir`'s
 * files and folders, with the changed files written in it (only the changed folder is made of
 * per-file links; images are never copied). Nothing is written when the result has problems.
 */
export async function checkCandidate(dir: string, change: CandidateChange, options: LoadOptions = {}): Promise<CandidateResult> {
  let writes
  try {
    writes = change.writes ?? itemWrites(dir, change.key, change.next)
  } catch (err) {
    if (err instanceof ContentRefused) return { problems: err.problems, warnings: [], loaded: null }
    throw err
  }
  const root = resolve(dir)
  const temp = mkdtempSync(join(tmpdir(), 'content-candidate-'))
  try {
    const written = new Set(writes.map((w) => w.file))
    const changedFolders = new Set(writes.map((w) => w.file.split(sep)[0]!).filter((top) => !written.has(top)))
    for (const name of readdirSync(root)) {
      if (name === MARKER_FILE || written.has(name)) continue
      if (changedFolders.has(name) && statSync(join(root, name)).isDirectory()) {
        mkdirSync(join(temp, name))
        for (const file of readdirSync(join(root, name))) {
          if (!written.has(join(name, file))) symlinkSync(join(root, name, file), join(temp, name, file))
        }
      } else {
        symlinkSync(join(root, name), join(temp, name))
      }
    }
    for (const { file, text } of writes) {
      if (text === null) continue
      mkdirSync(dirname(join(temp, file)), { recursive: true })
      writeFileSync(join(temp, file), text)
    }
    let loaded: Loaded
    try {
      loaded = await loadContent(temp, options)
    } catch (err) {
      if (!(err instanceof ContentError)) throw err
      return { problems: err.problems, warnings: err.warnings, loaded: null }
    }
    // The images were read through the links: name them in the content folder itself, which outlives the temporary one.
    for (const source of loaded.images.byHash.values()) {
      if (source.path.startsWith(temp + sep)) source.path = join(root, relative(temp, source.path))
    }
    return { problems: [], warnings: loaded.warnings, loaded }
  } finally {
    // rm does not follow links: only the temporary folder goes.
    rmSync(temp, { recursive: true, force: true })
  }
}
