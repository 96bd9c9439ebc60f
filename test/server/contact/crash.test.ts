import t from 'tap'
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

// A short run of bench/crash-inquiries.mjs against the built server (npm test builds first):
// inquiries sent concurrently (each with the token of a form fetched first), the server SIGKILLed and
// restarted twice (each round lasts until at least 12 inquiries were acknowledged in it, however busy the
// machine), every 201 checked in SQLite.
t.test('every acknowledged inquiry survives SIGKILL', async (t) => {
  t.ok(existsSync('dist/server/index.js'), 'the server is built (node build.mjs)')
  const res = spawnSync(process.execPath, ['bench/crash-inquiries.mjs', '--rounds', '2', '--concurrency', '8', '--round-ms', '1500', '--min-acks', '12', '--json'], { encoding: 'utf8', timeout: 180_000 })
  t.equal(res.status, 0, res.stderr)
  const result = JSON.parse(res.stdout.trim().split('\n').pop() ?? '{}')
  t.ok(result.acknowledged > 20, `${result.acknowledged} acknowledged`)
  t.equal(result.missing, 0, 'none missing')
  t.equal(result.wrongReference, 0, 'each under the reference it was answered with')
  t.equal(result.resendMismatch, 0, 'a resend after the crashes answers the first reference')
  t.ok(result.storedButNotAcknowledged >= 0, 'nothing acknowledged twice')
})
