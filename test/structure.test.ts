// The shape of the source tree: no import cycle among the modules (a page must be able to read its
// own route's path at module level), no route path written by hand outside shared/paths.ts, and no
// file too long to read at once (200 lines of code in shared/, client/, server/; 300 for a script).
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import t from 'tap'
import ts from 'typescript'
import { PATHS } from '../shared/paths'
import { STAFF_PATHS } from '../shared/admin/paths'
import { importCycles, ROOT, SOURCE_DIRS, sourceFiles } from '../scripts/import-graph.mjs'

const DIRS = SOURCE_DIRS
// The import graph (what an edge is, how a specifier resolves, the cycles) is scripts/import-graph.mjs's.
const files = sourceFiles()

t.test('no import cycle among the modules of shared/, client/ and server/', async (t) => {
  t.ok(files.length > 50, `${files.length} modules read`)
  const cycles = importCycles(files)
  t.same(cycles, [], cycles.map((c) => `cycle of ${c.length}: ${c.join(' <-> ')}`).join('\n') || 'no cycle')
})

/**
 * Hand-written route paths the check lets through, each for a reason: file (relative to the root)
 * and the text found, exactly as the failure lists it.
 */
const ALLOWED: [file: string, text: string][] = []

t.test('no route path is written outside shared/paths.ts (the staff area\'s: shared/admin/paths.ts)', async (t) => {
  // The first segment of every pattern but home ('/news', '/contact', '/sitemap.xml', '/admin'…).
  const firsts = [...new Set([...Object.values(PATHS), ...Object.values(STAFF_PATHS)].map((p) => p.split('/')[1]).filter((s): s is string => !!s))]
  t.ok(firsts.length >= 8, `first segments: ${firsts.join(' ')}`)
  const escaped = firsts.map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  // A quoted string (', " or `) that is the segment or starts with it and goes on with / ? # or ends.
  const re = new RegExp(`(['"\`])/(?:${escaped.join('|')})(?=[/?#'"\`$])[^'"\`\\n]*`, 'g')
  // And any link target written as a JSX literal (home's '/' included): <AppLink to="/">, <form action="/x">.
  const attr = /\b(?:to|action|path)=(["'])\/[^"'\n]*\1/g
  const found: string[] = []
  for (const file of files) {
    const rel = relative(ROOT, file)
    if (rel === join('shared', 'paths.ts') || rel === join('shared', 'admin', 'paths.ts')) continue
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false)
    // Comments are prose: strip them by printing the code without them.
    const code = ts.createPrinter({ removeComments: true }).printFile(source)
    for (const m of [...code.matchAll(re), ...code.matchAll(attr)]) {
      if (ALLOWED.some(([f, text]) => f === rel && m[0] === text)) continue
      found.push(`${rel}: ${m[0]}`)
    }
  }
  t.same(found, [], found.join('\n') || 'none')
})

/** Lines as `wc -l` counts them (a last line without its newline counts too). */
function lineCount(file: string): number {
  const text = readFileSync(file, 'utf8')
  if (!text) return 0
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0)
}

/** Every file under dir (recursively) whose name matches. */
function filesUnder(dir: string, name: RegExp): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry)
    if (statSync(path).isDirectory()) return filesUnder(path, name)
    return name.test(entry) ? [path] : []
  })
}

/** The files over `max` lines, as 'path: N lines (max M)', longest first. */
function overLimit(list: string[], max: number): string[] {
  return list
    .map((f) => ({ rel: relative(ROOT, f), lines: lineCount(f) }))
    .filter((f) => f.lines > max)
    .sort((a, b) => b.lines - a.lines || a.rel.localeCompare(b.rel))
    .map((f) => `${f.rel}: ${f.lines} lines (max ${max})`)
}

const CODE = /\.(?:tsx?|mts|cts|m?js|cjs)$/

t.test('no source file in shared/, client/ or server/ is over 200 lines', async (t) => {
  const code = DIRS.flatMap((d) => filesUnder(join(ROOT, d), CODE))
  t.ok(code.length > 50, `${code.length} source files read`)
  const long = overLimit(code, 200)
  t.same(long, [], long.length ? `split these by purpose:\n${long.join('\n')}` : 'none over 200 lines')
})

t.test('no script (scripts/, build.mjs, bench/) is over 300 lines', async (t) => {
  const scripts = [
    ...filesUnder(join(ROOT, 'scripts'), CODE),
    join(ROOT, 'build.mjs'),
    ...filesUnder(join(ROOT, 'bench'), CODE),
  ]
  t.ok(scripts.length > 10, `${scripts.length} scripts read`)
  const long = overLimit(scripts, 300)
  t.same(long, [], long.length ? `split these by purpose:\n${long.join('\n')}` : 'none over 300 lines')
})
