// The content check's problem lines, as the real loader words them, are read back into the kinds the
// editor page says in the staff member's language (shared/admin/content-item/problem-words.ts): if the
// loader's wording changes, this fails rather than the page silently falling back to English.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { ContentError, loadContent } from '../../../server/content/load'
import { readProblem } from '../../../shared/admin/content-item/problem-words'
import { contentCopy } from './files-helper'

async function problemsOf(dir: string): Promise<string[]> {
  try {
    await loadContent(dir)
  } catch (err) {
    if (err instanceof ContentError) return err.problems
    throw err
  }
  return []
}

t.test('the common kinds of problem lines are read, with their field and values', async (t) => {
  const dir = contentCopy(t)
  const news = (name: string, front: string) => writeFileSync(join(dir, 'news', `${name}.ja.md`), `---\n${front}---\n\n本文\n`)
  news('2026-05-a', 'title: "a"\ndate: 2026-02-30\ncategory: notice\nexcerpt: "x"\nsurprise: "y"\n')
  news('2026-05-b', 'title: 12\ndate: 2026-05-01\ncategory: nope\nexcerpt: "x"\n')
  news('2026-05-c', 'date: 2026-05-01\ncategory: notice\nexcerpt: ""\ncover: images/none.svg\n')
  news('2026-05-d', 'title: [\n')
  writeFileSync(join(dir, 'news', '2026-05-e.ja.md'), 'no front matter\n')
  const problems = await problemsOf(dir)
  const read = problems.map((line) => ({ line, read: readProblem(line) }))
  const kinds = (file: string) => read.filter((r) => r.line.startsWith(`news/${file}`)).map((r) => r.read && `${r.read.kind}:${r.read.field}`)
  t.same(kinds('2026-05-a').sort(), ['date:date', 'unknown:surprise'])
  t.same(kinds('2026-05-b').sort(), ['oneOf:category', 'quote:title'])
  t.ok(kinds('2026-05-c').includes('required:title'), kinds('2026-05-c').join())
  t.ok(kinds('2026-05-c').some((k) => k === 'empty:excerpt' || k === 'imageMissing:images/none.svg'))
  t.same(kinds('2026-05-d'), ['yaml:'])
  t.same(kinds('2026-05-e'), ['frontMatter:'])
  const oneOf = read.find((r) => r.read?.kind === 'oneOf')!.read!
  t.equal(oneOf.values.got, 'nope')
  t.match(oneOf.values.values, 'notice')
  t.equal(readProblem('something the page does not know'), null)
})
