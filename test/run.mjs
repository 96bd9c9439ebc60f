// Runs every test file (test/**/*.test.ts[x]) in its own Node process with the tsx loader,
// parses each file's TAP output and ends with each skipped or todo test and its reason, then one line:
// "N passed, N failed[, N skipped]" (test/runner.mjs).
// Usage: node test/run.mjs [path-substring ...]
// Unit and integration files run two at a time; browser files (test/e2e) run one at a time after them.
import { join } from 'node:path'
import { listTests, runFile, summaryLines } from './runner.mjs'

const filters = process.argv.slice(2)
const files = listTests('test')
  .filter((f) => filters.length === 0 || filters.some((s) => f.includes(s)))
  .sort()

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
for (const line of summaryLines(results)) console.log(line)
process.exit(results.some((r) => r.fail > 0) || results.length === 0 ? 1 : 0)
