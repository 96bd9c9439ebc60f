// Every source path the documentation names (server/…, shared/…, client/…, scripts/…, test/… in docs/*.md
// and README.md) exists: scripts/docs-paths.mjs reads them (node scripts/docs-paths.mjs lists the same).
import t from 'tap'
import { documents, stalePaths } from '../scripts/docs-paths.mjs'

t.test('the paths named in docs/*.md and README.md exist', async (t) => {
  t.ok(documents().length > 5, `${documents().length} documents read`)
  const stale = stalePaths()
  t.same(stale, [], stale.length ? `stale (moved or renamed?): ${stale.join(' | ')}` : 'none stale')
})
