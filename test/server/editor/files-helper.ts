import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { createHash } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import type { Test } from 'tap'
import { FIXTURE_CONTENT } from '../../helper'

/** A copy of a content tree (the fixture's, or content/) in a temporary folder, removed after the test. */
export function contentCopy(t: { teardown: (fn: () => void) => void }, from = FIXTURE_CONTENT): string {
  const dir = mkdtempSync(join(tmpdir(), 'editor-files-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  cpSync(from, dir, { recursive: true })
  return dir
}

/** Every file of a folder (relative path -> sha256 of its bytes), to show a folder was not touched. */
export function treeHashes(dir: string): Record<string, string> {
  const out: Record<string, string> = {}
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const path = join(d, name)
      if (statSync(path).isDirectory()) walk(path)
      else out[relative(dir, path)] = createHash('sha256').update(readFileSync(path)).digest('hex')
    }
  }
  walk(dir)
  return out
}

/** Runs `fn`, which must throw an instance of `type`; answers the error. */
export function throwsA<E>(t: Test, fn: () => unknown, type: new (...args: any[]) => E): E {
  try {
    fn()
  } catch (err) {
    t.ok(err instanceof type, `throws ${type.name}`)
    return err as E
  }
  t.fail(`expected ${type.name}`)
  return undefined as E
}
