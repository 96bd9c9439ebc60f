// Runs every test file (test/**/*.test.ts[x]) in its own Node process with the tsx loader,
// parses each file's TAP output and ends with one line: "N passed, N failed[, N skipped]".
// Usage: node test/run.mjs [path-substring ...]
// Unit and integration files run two at a time; browser files (test/e2e) run one at a time after them.
import { spawn } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { Parser } from 'tap-parser'

function listTests(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return listTests(path)
    return /\.test\.tsx?$/.test(name) ? [path] : []
  })
}

const filters = process.argv.slice(2)
const files = listTests('test')
  .filter((f) => filters.length === 0 || filters.some((s) => f.includes(s)))
  .sort()

function runFile(file) {
  return new Promise((resolve) => {
    const started = Date.now()
    const child = spawn(process.execPath, ['--import', 'tsx', file], {
      // Browser suites run many pages in sequence; a shared, busy machine must not fail them on time alone.
      env: { TAP_TIMEOUT: '300', ...process.env, TAP: '1', NODE_ENV: 'test' },
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
      const pass = results?.pass ?? 0
      const skip = (results?.skip ?? 0) + (results?.todo ?? 0)
      let fail = results?.fail ?? 0
      if ((code !== 0 || signal) && fail === 0) fail = 1 // crashed or bailed without a failing point
      if (!results || results.count === 0) fail = Math.max(fail, 1) // a file that tests nothing fails
      resolve({ file, pass, fail, skip, ms: Date.now() - started, output, stderr, code, signal })
    })
  })
}

async function runAll(list, concurrency) {
  const out = []
  let next = 0
  async function worker() {
    while (next < list.length) {
      const file = list[next++]
      const r = await runFile(file)
      const status = r.fail ? 'FAIL' : 'ok  '
      console.log(`${status} ${r.file}  (${r.pass} passed, ${r.fail} failed${r.skip ? `, ${r.skip} skipped` : ''}; ${(r.ms / 1000).toFixed(1)}s)`)
      if (r.fail) {
        console.log(r.output.split('\n').map((l) => '    ' + l).join('\n'))
        if (r.stderr.trim()) console.log(r.stderr.split('\n').slice(-40).map((l) => '    ! ' + l).join('\n'))
      }
      out.push(r)
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, list.length) }, worker))
  return out
}

const e2e = files.filter((f) => f.includes(`test${'/'}e2e`) || f.startsWith(join('test', 'e2e')))
const rest = files.filter((f) => !e2e.includes(f))
const results = [...(await runAll(rest, 2)), ...(await runAll(e2e, 1))]
const sum = (k) => results.reduce((n, r) => n + r[k], 0)
const passed = sum('pass')
const failed = sum('fail')
const skipped = sum('skip')
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(failed > 0 || results.length === 0 ? 1 : 0)
