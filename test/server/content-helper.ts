import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ContentError, loadContent } from '../../server/content/load'
import { FIXTURE_CONTENT } from '../helper'

/** A copy of the fixture content (or of the parts named), changed, loaded: the problem lines. */
export async function problemsAfter(t: { teardown: (fn: () => void) => void }, change: (dir: string) => void, parts = ['.']): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'content-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  for (const part of parts) cpSync(join(FIXTURE_CONTENT, part), join(dir, part), { recursive: true })
  change(dir)
  try {
    await loadContent(dir)
    return []
  } catch (err) {
    if (!(err instanceof ContentError)) throw err
    return err.problems
  }
}
