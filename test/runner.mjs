// The parts of test/run.mjs: finding the test files, running one in its own process and counting its TAP
// output, and the closing lines of the summary (test/runner.test.ts runs them on a fixture).
import { spawn } from 'node:child_process'
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import * as esbuild from 'esbuild'
import { Parser } from 'tap-parser'

/** Every test file under dir (*.test.ts, *.test.tsx), at any depth. */
export function listTests(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return listTests(path)
    return /\.test\.tsx?$/.test(name) ? [path] : []
  })
}

/**
 * One file's top-level points counted: passed (a skipped or todo point is not a pass, though TAP writes
 * it "ok"), failed, and each skipped or todo point with the reason its directive gives (null: none).
 */
export function countResults(file, results, { code = 0, signal = null } = {}) {
  const notes = [
    ...(results?.skips ?? []).map((p) => ({ file, name: p.name, directive: 'skip', reason: typeof p.skip === 'string' && p.skip ? p.skip : null, ok: p.ok })),
    ...(results?.todos ?? []).map((p) => ({ file, name: p.name, directive: 'todo', reason: typeof p.todo === 'string' && p.todo ? p.todo : null, ok: p.ok })),
  ]
  const pass = (results?.pass ?? 0) - notes.filter((n) => n.ok).length
  let fail = results?.fail ?? 0
  if ((code !== 0 || signal) && fail === 0) fail = 1 // crashed or bailed without a failing point
  if (!results || results.count === 0) fail = Math.max(fail, 1) // a file that tests nothing fails
  return { file, pass, fail, skip: notes.length, skipped: notes.map(({ ok: _ok, ...note }) => note) }
}

/** Where test files are bundled: under node_modules, so a bundle resolves the packages as its sources do. */
const BUNDLES = join('node_modules', '.cache', 'test-bundles')

/**
 * The test file and the repository's modules it imports bundled by esbuild into one ESM file (packages stay
 * imports), or null when it must run from its sources under tsx: TEST_BUNDLE=0, a build error, or code that
 * finds files next to itself (import.meta.url would name the bundle; createRequire's use of it is the same
 * from the bundle's folder). Loading one file costs about 2 s of CPU less than tsx loading the hundreds of
 * modules a server test imports, one at a time (measured: test/server/staff/roles.test.ts, 12.7 → 10.8 s).
 */
export async function bundleTest(file) {
  if (process.env.TEST_BUNDLE === '0') return null
  try {
    const built = await esbuild.build({ entryPoints: [file], bundle: true, platform: 'node', format: 'esm', packages: 'external', target: 'node20', sourcemap: 'inline', write: false, logLevel: 'silent' })
    const text = built.outputFiles[0].text
    if (/import\.meta\.(url|dirname|filename)/.test(text.replace(/createRequire\w*\(import\.meta\.url\)/g, ''))) return null
    mkdirSync(BUNDLES, { recursive: true })
    const out = join(BUNDLES, `${file.replace(/[\\/]/g, '__').replace(/\.tsx?$/, '')}.mjs`)
    writeFileSync(out, text)
    return out
  } catch {
    return null
  }
}

/** Runs one test file in its own Node process (bundled, else with the tsx loader) and counts its TAP output. */
export async function runFile(file) {
  const started = Date.now()
  const bundle = await bundleTest(file)
  const args = bundle ? ['--enable-source-maps', bundle] : ['--import', 'tsx', file]
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      // Browser suites run many pages in sequence; a shared, busy machine must not fail them on time alone.
      // The servers tests start make no image variants ahead (seconds of CPU at each start) unless a test asks:
      // test/server/media-warm*.test.ts turn it on.
      env: { TAP_TIMEOUT: '300', MEDIA_WARM: 'off', ...process.env, TAP: '1', NODE_ENV: 'test' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    let stderr = ''
    const parser = new Parser()
    let results
    parser.on('complete', (r) => (results = r))
    child.stdout.on('data', (d) => {
      output += d
      parser.write(d)
    })
    child.stderr.on('data', (d) => (stderr += d))
    child.on('close', (code, signal) => {
      parser.end()
      resolve({ ...countResults(file, results, { code, signal }), ms: Date.now() - started, output, stderr, code, signal })
    })
  })
}

/**
 * The summary's closing lines: each skipped or todo point with its reason
 * ('skipped: test/server/engines.test.ts › Caddy: a POST … (todo: Caddy 2.6.2 fails …)'), then
 * 'N passed, N failed[, N skipped]', always the last line (CI reads it).
 */
export function summaryLines(results) {
  const sum = (k) => results.reduce((n, r) => n + r[k], 0)
  // By file (files finish in any order), each file's in its own order.
  const skipped = results.flatMap((r) => r.skipped).sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))
  const notes = skipped.map((s) => `skipped: ${s.file} › ${s.name} (${s.directive}${s.reason ? `: ${s.reason}` : ', no reason given'})`)
  const total = sum('skip')
  return [...notes, `${sum('pass')} passed, ${sum('fail')} failed${total ? `, ${total} skipped` : ''}`]
}
