// What the editor's save check costs: checkCandidate (server/editor/files-check.ts) on content/, an article
// changed, against loadContent of the folder as it is (what content:check and a reload do).
//   node --import tsx bench/editor-check.mjs [--runs 10]
// Prints each run's time and the median; the first run of each includes loading the modules' caches.
import { readItem } from '../server/editor/files.ts'
import { checkCandidate } from '../server/editor/files-check.ts'
import { loadContent } from '../server/content/load.ts'
import { arg } from './built-server.mjs'

const runs = Number(arg('runs', '10'))
const dir = 'content'
const { item } = readItem(dir, 'news', '2024-05-website-renewal')
item.versions.en.fields.title = 'Our website has been renewed (edited)'

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
async function time(label, fn) {
  const ms = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    await fn()
    ms.push(performance.now() - start)
  }
  console.log(`${label}: ${ms.map((m) => m.toFixed(0)).join(' ')} ms; median ${median(ms).toFixed(0)} ms`)
}

await time('loadContent(content/)', () => loadContent(dir))
await time('checkCandidate(content/, news article changed)', async () => {
  const { problems } = await checkCandidate(dir, { key: 'news/2024-05-website-renewal', next: item })
  if (problems.length > 0) throw new Error(problems.join('\n'))
})
