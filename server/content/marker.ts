import { readFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { writeFileAtomic } from './atomic'

/**
 * The content folder's change notice: `CONTENT_DIR/.content-revision`, one line '<counter> <random id>'.
 * A writer of several files (the editor's save, `content import`) makes the counter odd before its first
 * file and even after its last (a sequence lock): a reader that finds it odd, or finds it changed
 * between before and after its load, loads again, so no replica ever serves half of a save. Every
 * replica looks at this one small file (server/editor/content-sync.ts): on a volume several replicas
 * share (docs/decisions/0015) it is how a save made through one reaches the others, with no message
 * bus. Writers are one at a time (the editor store's content lock); a hand edit never touches it.
 */
export const MARKER_FILE = '.content-revision'

export interface Marker {
  counter: number
  id: string
}

/** The marker as it is now, or null when none was ever written (a folder only hands have edited). */
export function readMarker(dir: string): Marker | null {
  let text: string
  try {
    text = readFileSync(join(dir, MARKER_FILE), 'utf8')
  } catch {
    return null
  }
  const m = /^(\d+) ([0-9a-f]+)\s*$/.exec(text)
  return m ? { counter: Number(m[1]), id: m[2]! } : null
}

/** Whether a writer is between its first and its last file. */
export const isWriting = (marker: Marker | null) => marker !== null && marker.counter % 2 === 1

/** The same marker (same write)? Two nulls are the same. */
export const sameMarker = (a: Marker | null, b: Marker | null) => a?.counter === b?.counter && a?.id === b?.id

function write(dir: string, counter: number): Marker {
  const marker = { counter, id: randomBytes(8).toString('hex') }
  writeFileAtomic(join(dir, MARKER_FILE), `${marker.counter} ${marker.id}\n`)
  return marker
}

/**
 * Runs `work` (which writes the files) between the odd and the even marker; the even one is written even
 * when `work` throws (what it wrote before throwing is then announced: every file is whole). Synchronous,
 * so that it runs inside the store's transaction (EditorStore.commit).
 */
export function writingContent<T>(dir: string, work: () => T): T {
  const before = readMarker(dir)
  const start = before === null ? 1 : before.counter + (before.counter % 2 === 0 ? 1 : 2)
  write(dir, start)
  try {
    return work()
  } finally {
    write(dir, start + 1)
  }
}
