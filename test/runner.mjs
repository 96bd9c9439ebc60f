// The parts of test/run.mjs: finding the test files, running one in its own process and counting its TAP
// output, and the closing lines of the summary (test/runner.test.ts runs them on a fixture).
import { spawn } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
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

/** Runs one test file in its own Node process with the tsx loader and counts its TAP output. */
export function runFile(file) {
  return new Promise((resolve) => {
    const started = Date.now()
    const child = spawn(process.execPath, ['--import', 'tsx', file], {
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
