// The import rules of the server's rooms (docs/architecture.md, "The rooms and who may import whom"), read
// from the import graph of scripts/import-graph.mjs (node scripts/imports.mjs prints the same findings):
// no import circle even counting type imports; server/db/ and server/outbox/ import no area; an area is
// imported from another room only through its types.ts.
import t from 'tap'
import { AREAS, checkRules, countByPair, offenceLine, sourceFiles } from '../scripts/import-graph.mjs'

const files = sourceFiles()
const found = checkRules(files)

t.test('no import circle among the modules of shared/, client/ and server/, type imports counted', async (t) => {
  t.ok(files.length > 50, `${files.length} modules read`)
  // The message is one line (TAP's): circles apart with ' | ', files with ', '; the diff lists them too.
  const listed = found.cycles.map((c) => `circle of ${c.length}: ${c.join(', ')}`).join(' | ')
  t.same(found.cycles, [], listed || 'no circle')
})

t.test('server/db/ and server/outbox/ import no area (not even its types.ts)', async (t) => {
  t.same(found.rooms.map(offenceLine), [], found.rooms.map(offenceLine).join(' | ') || 'none')
})

t.test(`an area (${AREAS.join(', ')}) is imported from another room only through its types.ts`, async (t) => {
  const pairs = countByPair(found.areas).map(([pair, n]) => `${pair}: ${n}`)
  const message = found.areas.length ? `${pairs.join(', ')} | ${found.areas.map(offenceLine).join(' | ')}` : 'none'
  t.same(found.areas.map(offenceLine), [], message)
})
