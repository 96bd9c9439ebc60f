// Reports what breaks the import rules of shared/, client/ and server/ (scripts/import-graph.mjs states them;
// docs/architecture.md, "The rooms and who may import whom"):
//   (a) every import circle, type imports counted, with its files;
//   (b) every import from server/db/ or server/outbox/ into an area (contact, staff, inbox, editor);
//   (c) every import into an area from another room that does not go to that area's types.ts.
// Exits 1 when anything is found, 0 otherwise.
// Usage: node scripts/imports.mjs [--json]
import { checkRules, countByPair, offenceLine } from './import-graph.mjs'

const json = process.argv.includes('--json')
const found = checkRules()
const total = found.cycles.length + found.rooms.length + found.areas.length

if (json) {
  const pairs = (/** @type {import('./import-graph.mjs').Offence[]} */ list) => Object.fromEntries(countByPair(list))
  console.log(JSON.stringify({ ...found, counts: { cycles: found.cycles.length, rooms: pairs(found.rooms), areas: pairs(found.areas) } }, null, 2))
} else {
  console.log(`(a) import circles, type imports counted: ${found.cycles.length}`)
  for (const c of found.cycles) console.log(`  circle of ${c.length}:\n${c.map((f) => `    ${f}`).join('\n')}`)
  console.log(`(b) imports from server/db or server/outbox into an area: ${found.rooms.length}`)
  for (const o of found.rooms) console.log(`  ${offenceLine(o)}`)
  console.log(`(c) imports into an area from another room, not through its types.ts: ${found.areas.length}`)
  for (const [pair, n] of countByPair(found.areas)) console.log(`  ${pair}: ${n}`)
  for (const o of found.areas) console.log(`  ${offenceLine(o)}`)
}
process.exit(total > 0 ? 1 : 0)
