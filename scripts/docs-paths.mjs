// The source paths the documentation names that do not exist: every server/…, shared/…, client/…, scripts/…
// and test/… path written in docs/*.md and README.md, checked against the tree. A path with a placeholder
// (<family>, *, {a,b}) is a pattern, not checked; one written after `test/run.mjs` is a filter, which must
// be part of a test file's path; EXAMPLES are folders the text asks the reader to create.
// Usage: node scripts/docs-paths.mjs (exits 1 when a path is stale). test/docs-paths.test.ts runs the same.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'

const ROOT = join(import.meta.dirname, '..')
const PATH = /(?<![\w./-])(?:server|shared|client|scripts|test)\/[\w./<>*{},-]*/g
/** A test filter: the words after `run.mjs` up to the end of the code span. */
const FILTERS = /test\/run\.mjs((?: [\w./-]+)+)/g

/** [document, path]: written on purpose though they do not exist. */
export const EXAMPLES = [['docs/architecture.md', 'shared/pages/careers/']]

/** The documents checked: docs/*.md and README.md, relative to the root. */
export function documents() {
  return ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((n) => n.endsWith('.md')).map((n) => `docs/${n}`)]
}

/** Every file under test/, relative, with forward slashes. @param {string} dir @returns {string[]} */
function testFiles(dir = join(ROOT, 'test')) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? testFiles(path) : [relative(ROOT, path).split(sep).join('/')]
  })
}

/** The stale paths, as 'document:line: path'. @returns {string[]} */
export function stalePaths() {
  const tests = testFiles()
  /** @type {string[]} */
  const stale = []
  for (const doc of documents()) {
    readFileSync(join(ROOT, doc), 'utf8').split('\n').forEach((text, i) => {
      const filters = new Set([...text.matchAll(FILTERS)].flatMap((m) => m[1].trim().split(' ')))
      for (const m of text.matchAll(PATH)) {
        const path = m[0].replace(/[.,]+$/, '')
        if (/[<>*{}]/.test(path) || EXAMPLES.some(([d, p]) => d === doc && p === path)) continue
        const found = filters.has(path) ? tests.some((f) => f.includes(path)) : existsSync(join(ROOT, path))
        if (!found) stale.push(`${doc}:${i + 1}: ${path}`)
      }
    })
  }
  return stale
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const stale = stalePaths()
  for (const line of stale) console.log(line)
  process.exit(stale.length ? 1 : 0)
}
