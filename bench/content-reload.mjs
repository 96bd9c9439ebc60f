// Live content reload: what a reload costs and whether memory stays flat across many of them.
//   node bench/content-reload.mjs [--reloads 30]
// Needs `node build.mjs` first. Starts the built server (as `npm start`) on a copy of content/, fills its
// page cache with every sitemap URL, then --reloads times: changes a page, sends SIGHUP, waits until the change
// is served, and fetches every URL again (a full page cache per snapshot). Prints the reload time seen by a
// client (signal to new page) and the resident memory (current and peak) before and after: each reload makes a
// new snapshot with its own page cache, and the old ones must go.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { arg, startBuiltServer } from './built-server.mjs'

const reloads = Number(arg('reloads', '30'))
const dir = mkdtempSync(join(tmpdir(), 'bench-content-'))
cpSync('content', dir, { recursive: true })
const server = await startBuiltServer({ CONTENT_DIR: dir })
const rssMb = (field) => Math.round(Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${server.child.pid}/status`, 'utf8'))?.[1]) / 1024)

try {
  const sitemap = await (await fetch(`${server.origin}/sitemap.xml`)).text()
  const urls = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
  const fetchAll = async () => {
    for (const url of urls) await (await fetch(url)).arrayBuffer()
  }
  await fetchAll()
  await fetchAll()
  const before = { rss: rssMb('VmRSS'), peak: rssMb('VmHWM') }
  const file = join(dir, 'pages/recruit.en.md')
  const original = readFileSync(file, 'utf8')
  const times = []
  for (let i = 1; i <= reloads; i++) {
    writeFileSync(file, original.replace(/^title: .*$/m, `title: Careers ${i}`))
    const started = Date.now()
    server.child.kill('SIGHUP')
    while (!(await (await fetch(`${server.origin}/en/recruit`)).text()).includes(`Careers ${i}</h1>`)) await new Promise((r) => setTimeout(r, 5))
    times.push(Date.now() - started)
    await fetchAll()
  }
  const after = { rss: rssMb('VmRSS'), peak: rssMb('VmHWM') }
  times.sort((a, b) => a - b)
  console.log(`content reload: ${urls.length} URLs cached per snapshot, ${reloads} reloads (SIGHUP)`)
  console.log(`  signal to new page served: median ${times[Math.floor(times.length / 2)]} ms, max ${times[times.length - 1]} ms`)
  console.log(`  resident memory: ${before.rss} MB before the reloads (peak ${before.peak} MB), ${after.rss} MB after (peak ${after.peak} MB)`)
} finally {
  await server.stop()
  rmSync(dir, { recursive: true, force: true })
}
