import t from 'tap'
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { basename, dirname, relative, resolve } from 'node:path'

// The repository stands on its own: no file points at documents or code beside it (a clone has
// only this folder). Relative references must stay inside the repository, a `shared/` reference
// means the repository's own shared/ folder and must name something in it, and a document named by
// its capitalised file name (README.md) must be one of the repository's.

const ROOT = process.cwd()
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: ROOT, encoding: 'utf8' })
  .split('\0')
  .filter((f) => f && existsSync(f) && statSync(f).isFile())
const names = new Set(files.map((f) => basename(f)))

// A relative path at the start of a word ('../x', "(../x", `../x`); '/a/../b' inside a URL is not a reference.
const RELATIVE = /(?<![\w./%-])(?:\.\.\/)+[^\s'"`()[\]<>{},;:*|?#]*/g
const DOCUMENT = /(?<![\w.-])[A-Z][A-Z0-9_-]*\.md\b/g
const IMPORT_ENDINGS = ['', '.ts', '.tsx', '.js', '.mjs', '.json', '/index.ts', '/index.tsx']

/** The references in `text` (the content of the repository file `file`) that leave the repository. */
function outsideReferences(file: string, text: string): string[] {
  const found: string[] = []
  for (const [ref] of text.matchAll(RELATIVE)) {
    const target = resolve(ROOT, dirname(file), ref)
    const inside = !relative(ROOT, target).startsWith('..')
    const intoShared = /^(\.\.\/)+shared\//.test(ref)
    if (!inside || (intoShared && !IMPORT_ENDINGS.some((end) => existsSync(target + end)))) found.push(ref)
  }
  for (const [name] of text.matchAll(DOCUMENT)) if (!names.has(name)) found.push(name)
  return found
}

t.test('the check: outside folders and missing documents are found, the own shared/ folder is not', async (t) => {
  const outside = '..' + '/shared/'
  const doc = 'DESIGN' + '.md'
  t.same(outsideReferences('README.md', `see ${outside}${doc}`), [`${outside}${doc}`, doc], 'beside the repository, and a document it does not have')
  t.same(outsideReferences('client/styles.css', `/* tokens (${outside}${doc}) */`), [`${outside}${doc}`, doc], 'a shared/ file the repository does not have')
  t.same(outsideReferences('bench/x.mjs', `copy ${outside}peers/next-site there`), [`${outside}peers/next-site`])
  t.same(outsideReferences('server/app.ts', `import { ROUTES } from '${outside}routes'`), [], "an import of the repository's own shared/ code")
  t.same(outsideReferences('test/shared/validation/x.test.ts', `from '../../${outside}validation/index'`), [])
  t.same(outsideReferences('test/server/x.test.ts', `inject('/assets/../manifest.json'); '/news/../about'`), [], 'URL paths are not references')
  t.same(outsideReferences('README.md', 'see README.md and docs/validation-rules.md'), [])
})

t.test('no tracked file refers to anything outside the repository', async (t) => {
  t.ok(files.length > 100, `scanned the repository's files (${files.length})`)
  const problems: string[] = []
  for (const file of files) {
    const bytes = readFileSync(file)
    if (bytes.includes(0)) continue // images and other binary files
    const text = bytes.toString('utf8')
    const lines = text.split('\n')
    for (const [i, line] of lines.entries()) for (const ref of outsideReferences(file, line)) problems.push(`${file}:${i + 1}: ${ref}`)
  }
  t.same(problems, [], 'say what is meant in the file itself, or drop the reference')
})
