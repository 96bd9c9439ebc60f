// How long a save takes to reach another replica (docs/decisions/0015): two built servers (as `npm start`) on
// real ports, one PostgreSQL (DATABASE_URL) and one content folder (a copy of content/), each looking at the
// content marker every CONTENT_SYNC_MS. --runs times: an article's English title is changed through
// writingContent + writeFileAtomic (as a save does), and server B's page of that article is fetched until it
// shows the new title. Prints the time from the save's start to B serving it: p50, p95, max.
//   node bench/content-propagation.mjs [--runs 20] [--sync-ms 500]
// Needs `node build.mjs` first and Debian's postgresql (a throw-away server, scripts/engines.mjs).
// For now the save is written by this process (the editor's HTTP save through server A comes with the editor pages).
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { register } from 'tsx/esm/api'
import { arg, startBuiltServer } from './built-server.mjs'
import { startPostgres } from '../scripts/engines.mjs'

register()
const { writingContent } = await import('../server/editor/marker.ts')
const { writeFileAtomic } = await import('../server/editor/atomic.ts')

const runs = Number(arg('runs', '20'))
const syncMs = arg('sync-ms', '500')
const SLUG = '2026-10-musashikosugi-design-award'
const dir = mkdtempSync(join(tmpdir(), 'bench-propagation-'))
cpSync('content', dir, { recursive: true })
const file = join(dir, `news/${SLUG}.en.md`)
const postgres = await startPostgres()
const env = { CONTENT_DIR: dir, DATABASE_URL: postgres.url, FORM_SECRET: 'bench-propagation-shared-secret-0123', CONTENT_SYNC_MS: syncMs }
const servers = []
try {
  servers.push(await startBuiltServer(env, { timeoutMs: 60_000 }))
  servers.push(await startBuiltServer(env, { timeoutMs: 60_000 }))
  const [, b] = servers
  const times = []
  for (let run = 1; run <= runs; run++) {
    const title = `Design award (save ${run} ${Date.now().toString(36)})`
    const started = performance.now()
    writingContent(dir, () => writeFileAtomic(file, readFileSync(file, 'utf8').replace(/^title: .*$/m, `title: "${title}"`)))
    for (;;) {
      const html = await (await fetch(`${b.origin}/en/news/${SLUG}`)).text()
      if (html.includes(title)) break
      if (performance.now() - started > 30_000) throw new Error(`run ${run}: server B never served the save`)
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    times.push(performance.now() - started)
    // A pause of a random part of the interval, so that saves fall anywhere in the replicas' look cycle.
    await new Promise((resolve) => setTimeout(resolve, Math.random() * Number(syncMs)))
  }
  times.sort((x, y) => x - y)
  const at = (q) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]
  console.log(`content propagation, CONTENT_SYNC_MS=${syncMs}, ${runs} saves: save to served by the other server`)
  console.log(`p50 ${at(0.5).toFixed(0)} ms  p95 ${at(0.95).toFixed(0)} ms  max ${times.at(-1).toFixed(0)} ms`)
} finally {
  for (const server of servers) await server.stop()
  await postgres.stop()
  rmSync(dir, { recursive: true, force: true })
}
