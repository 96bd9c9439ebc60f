import t from 'tap'
import { countResults, runFile, summaryLines } from './runner.mjs'

// The suite's summary (test/run.mjs) says why each test was skipped: a real tap process runs a fixture with a
// skipped, a reasonless skipped and a todo point, and its counts and closing lines are checked.
const FIXTURE = 'test/fixtures/runner/skips.ts'

t.test('a file with skipped and todo points: each with its reason, none counted as passed', async (t) => {
  const run = await runFile(FIXTURE)
  t.equal(run.code, 0, run.stderr)
  t.same(
    { pass: run.pass, fail: run.fail, skip: run.skip },
    { pass: 1, fail: 0, skip: 3 },
  )
  t.same(run.skipped, [
    { file: FIXTURE, name: 'needs a tool that is not installed', directive: 'skip', reason: 'frobnicate is not installed' },
    { file: FIXTURE, name: 'skipped without a reason', directive: 'skip', reason: null },
    { file: FIXTURE, name: 'POST retry › through the proxy', directive: 'todo', reason: 'needs Caddy >= 2.11.2; Debian ships 2.6.2' },
  ])

  const other = { file: 'test/a.test.ts', pass: 2, fail: 1, skip: 0, skipped: [] }
  const lines = summaryLines([run, other])
  t.same(lines, [
    `skipped: ${FIXTURE} › needs a tool that is not installed (skip: frobnicate is not installed)`,
    `skipped: ${FIXTURE} › skipped without a reason (skip, no reason given)`,
    `skipped: ${FIXTURE} › POST retry › through the proxy (todo: needs Caddy >= 2.11.2; Debian ships 2.6.2)`,
    '3 passed, 1 failed, 3 skipped',
  ])
  t.match(lines.at(-1), /^\d+ passed, \d+ failed(, \d+ skipped)?$/, 'the count is the last line, as CI reads it')
  t.same(summaryLines([other]), ['2 passed, 1 failed'], 'nothing skipped: the count line alone')
})

t.test('a file that crashed or tested nothing fails', async (t) => {
  t.equal(countResults('x', undefined, { code: 1 }).fail, 1, 'no TAP at all')
  t.equal(countResults('x', { pass: 0, fail: 0, count: 0, skips: [], todos: [] }).fail, 1, 'no test point')
  t.equal(countResults('x', { pass: 3, fail: 0, count: 3, skips: [], todos: [] }, { code: null, signal: 'SIGKILL' }).fail, 1, 'killed')
})
