// Runs every test file (test/**/*.test.ts[x]) in its own Node process with the tsx loader,
// parses each file's TAP output and ends with each skipped or todo test and its reason, then one line:
// "N passed, N failed[, N skipped]" (test/runner.mjs).
// Usage: node test/run.mjs [path-substring ...]
// Unit and integration files run two at a time; browser files (test/e2e) run after them, two at a time as well
// (TEST_BROWSER_JOBS=1: one at a time): one file uses about 0.6 of a core (six files one after the other: 66 s of
// CPU, server and Chromium included, in 115 s), waiting on pages the rest of the time.
// One throw-away PostgreSQL server serves the whole run: its admin URL is in each file's environment
// (SHARED_POSTGRES), where startPostgres() makes a new database on it rather than a server (scripts/engines.mjs);
// it is stopped at the end (and, by the engines' exit hook, on Ctrl+C).
import { join } from 'node:path'
import { SHARED_POSTGRES, startPostgres } from '../scripts/engines.mjs'
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

/** The run's PostgreSQL server (none if PostgreSQL is missing: each test that needs it then says so itself). */
async function sharedPostgres() {
  if (files.length === 0 || process.env[SHARED_POSTGRES]) return null
  try {
    // Two files at a time, each with app pools of up to 10 connections and replicas: more than the default 100.
    const server = await startPostgres({ own: true, maxConnections: 400 })
    process.env[SHARED_POSTGRES] = server.url.replace(/\/site$/, '/postgres')
    return server
  } catch (err) {
    console.log(`(no shared PostgreSQL for the run: ${err instanceof Error ? err.message.split('\n')[0] : err})`)
    return null
  }
}

const postgres = await sharedPostgres()
const e2e = files.filter((f) => f.includes(`test${'/'}e2e`) || f.startsWith(join('test', 'e2e')))
const rest = files.filter((f) => !e2e.includes(f))
const results = [...(await runAll(rest, 2)), ...(await runAll(e2e, Number(process.env.TEST_BROWSER_JOBS) || 2))]
await postgres?.stop()
for (const line of summaryLines(results)) console.log(line)
process.exit(results.some((r) => r.fail > 0) || results.length === 0 ? 1 : 0)
