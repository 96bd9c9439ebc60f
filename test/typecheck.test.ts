import t from 'tap'
import { spawnSync } from 'node:child_process'

// The whole repository type-checks in strict mode (tsconfig.json); a type error fails the suite.
t.test('tsc --noEmit passes', async (t) => {
  const res = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.json'], { encoding: 'utf8' })
  t.equal(res.status, 0, res.stdout + res.stderr)
})
