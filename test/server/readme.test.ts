import t from 'tap'
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { ENV_VARIABLES } from '../../server/config'

// The README is what an operator reads first: the two commands at the top, short sections linking to docs/ for
// the reference. Every relative link of the README and of docs/ must lead to a file that exists, and every
// #anchor to a heading of that file, as GitHub renders it.

const README_MAX_LINES = 300

/** The files' lines outside fenced code blocks (``` or ~~~, as CommonMark closes them), and whether every fence closed. */
function outsideFences(text: string): { lines: string[]; unclosed: string | null } {
  const lines: string[] = []
  let fence: { char: string; length: number; line: number } | null = null
  for (const [i, line] of text.split('\n').entries()) {
    const m = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(line)
    if (fence) {
      if (m && m[1]![0] === fence.char && m[1]!.length >= fence.length && m[2]!.trim() === '') fence = null
      continue
    }
    if (m && !(m[1]![0] === '`' && m[2]!.includes('`'))) {
      fence = { char: m[1]![0]!, length: m[1]!.length, line: i + 1 }
      continue
    }
    lines.push(line)
  }
  return { lines, unclosed: fence ? `a fence opened on line ${fence.line} is never closed` : null }
}

/** GitHub's anchor for a heading's text: formatting dropped, lower-case, punctuation removed, spaces to '-'. */
function slug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // links and images: their text
    .replace(/<[^>]+>/g, '') // inline HTML tags
    .replace(/[`*~]/g, '') // code and emphasis marks
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-')
}

/** The anchors of a Markdown file's headings (duplicates get -1, -2… as on GitHub). */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>()
  const out = new Set<string>()
  for (const line of outsideFences(text).lines) {
    const m = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)
    if (!m) continue
    const base = slug(m[1]!)
    const n = seen.get(base) ?? 0
    seen.set(base, n + 1)
    out.add(n === 0 ? base : `${base}-${n}`)
  }
  return out
}

/** Relative link targets of a Markdown file (outside code): [text](target), <img src="target">. */
function links(text: string): string[] {
  const found: string[] = []
  for (const line of outsideFences(text).lines) {
    const prose = line.replace(/`[^`]*`/g, '') // inline code is not a link
    for (const m of prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) found.push(m[1]!)
    for (const m of prose.matchAll(/<img\b[^>]*\bsrc="([^"]+)"/g)) found.push(m[1]!)
  }
  return found.filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target)) // http:, https:, mailto:…
}

/** What is wrong with the links of `file` (a path relative to the repository root), one line each. */
function brokenLinks(file: string, text: string, read = (f: string) => readFileSync(f, 'utf8')): string[] {
  const problems: string[] = []
  for (const target of links(text)) {
    const [path, anchor] = target.split('#', 2) as [string, string | undefined]
    const into = path === '' ? file : join(dirname(file), decodeURIComponent(path))
    if (relative('.', into).startsWith('..')) problems.push(`${file}: ${target}: outside the repository`)
    else if (!existsSync(into)) problems.push(`${file}: ${target}: no such file`)
    else if (anchor !== undefined) {
      if (statSync(into).isDirectory() || !into.endsWith('.md')) problems.push(`${file}: ${target}: an anchor into a file that is not Markdown`)
      else if (!anchors(read(into)).has(anchor)) problems.push(`${file}: ${target}: no heading "${anchor}" in ${into}`)
    }
  }
  return problems
}

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? markdownFiles(join(dir, e.name)) : e.name.endsWith('.md') ? [join(dir, e.name)] : [],
  )
}

t.test('the checks: slugs as GitHub makes them, fences, broken links and anchors are found', async (t) => {
  t.equal(slug('Logo, colours and favicon'), 'logo-colours-and-favicon')
  t.equal(slug('Moving from one replica (SQLite) to several'), 'moving-from-one-replica-sqlite-to-several')
  t.equal(slug("The site's own endpoints"), 'the-sites-own-endpoints')
  t.equal(slug('Secrets as files: `X_FILE`'), 'secrets-as-files-x_file')
  t.equal(slug('1962年'), '1962年')
  t.same([...anchors('# A\n## Logs\n```markdown\n## Not a heading\n```\n### Logs\n')], ['a', 'logs', 'logs-1'])
  t.equal(outsideFences('```sh\nx\n').unclosed, 'a fence opened on line 1 is never closed')
  t.equal(outsideFences('````markdown\n```\n````\n').unclosed, null, 'a longer fence holds a shorter one')
  const docs = 'docs/x.md'
  const read = (f: string) => (f === 'docs/operations.md' ? '# Operations\n## Logs\n' : readFileSync(f, 'utf8'))
  t.same(brokenLinks(docs, '[a](operations.md#logs) [b](https://example.com/#x) `[c](nope.md)`', read), [])
  t.same(brokenLinks(docs, '[a](nope.md) [b](operations.md#metrics) [c](docs/screenshots/x.jpg) [d](../../x.md)', read), [
    'docs/x.md: nope.md: no such file',
    'docs/x.md: operations.md#metrics: no heading "metrics" in docs/operations.md',
    'docs/x.md: docs/screenshots/x.jpg: no such file',
    'docs/x.md: ../../x.md: outside the repository',
  ])
})

t.test(`README.md is at most ${README_MAX_LINES} lines and starts with the two commands`, async (t) => {
  const readme = readFileSync('README.md', 'utf8')
  const lines = readme.trimEnd().split('\n')
  t.ok(lines.length <= README_MAX_LINES, `README.md has ${lines.length} lines`)
  const firstSection = lines.findIndex((l) => l.startsWith('## '))
  t.equal(lines[firstSection], '## Two commands', 'the first section is "Two commands"')
  t.ok(firstSection < 10, `right after the title and the description (line ${firstSection + 1})`)
  const block = /```sh\n([\s\S]*?)```/.exec(readme.slice(readme.indexOf('## Two commands')))?.[1] ?? ''
  t.match(block, /^npm ci && npm run build && npm start\s+# runs the site/m, 'run it')
  t.match(block, /^bash \.ci\/run\s+# installs/m, 'test it')
  t.ok(readme.indexOf('## Contents') > 0 && readme.indexOf('## Contents') < 2000, 'a table of contents near the top')
})

t.test('every relative link of README.md and docs/ leads to a file, and every #anchor to its heading', async (t) => {
  const files = ['README.md', ...markdownFiles('docs')]
  t.ok(files.length >= 8, `${files.length} files`)
  const problems: string[] = []
  let count = 0
  for (const file of files) {
    const text = readFileSync(file, 'utf8')
    const { unclosed } = outsideFences(text)
    if (unclosed) problems.push(`${file}: ${unclosed}`)
    count += links(text).length
    problems.push(...brokenLinks(file, text))
  }
  t.ok(count > 50, `${count} links checked`)
  t.same(problems, [])
})

t.test('the README links to each docs page', async (t) => {
  const targets = new Set(links(readFileSync('README.md', 'utf8')).map((l) => l.split('#')[0]))
  for (const page of ['configuration', 'operations', 'contact', 'content', 'development', 'security']) {
    t.ok(targets.has(`docs/${page}.md`), `docs/${page}.md`)
  }
})

t.test('every setting of the server is a row of the table in docs/configuration.md', async (t) => {
  const docs = readFileSync('docs/configuration.md', 'utf8')
  t.ok(ENV_VARIABLES.length >= 20, `${ENV_VARIABLES.length} settings`)
  for (const name of ENV_VARIABLES) t.match(docs, new RegExp(`^\\| \`${name}\` \\| `, 'm'), name)
})
