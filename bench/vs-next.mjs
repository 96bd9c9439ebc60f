// Side-by-side: this server's uncached streaming render against a Next.js build of the same site
// (Next 16 App Router + next-intl, every page rendered per request; a separate project, not in this repository).
//   node bench/vs-next.mjs --next-dir /tmp/next-site [--duration 10] [--connections 10]
// --next-dir is a writable folder holding that project, installed and built first (`npm install`,
// `NEXT_TELEMETRY_DISABLED=1 npm run build`), serving the same paths. Same machine, same run.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { serverArgs } from './node-args.mjs'
import { arg } from './built-server.mjs'

const nextDir = arg('next-dir', '/tmp/next-site')
const duration = Number(arg('duration', '10'))
const connections = Number(arg('connections', '10'))
if (!existsSync(join(nextDir, '.next'))) {
  console.error(`no Next.js build in ${nextDir}: put the Next.js project there, then npm install and npm run build`)
  process.exit(2)
}

// The same pages on both sites (the peer's article slug is news-01; ours is a real article).
const PAIRS = [
  ['/', '/ja'],
  ['/en', '/en'],
  ['/news', '/news'],
  ['/en/news/news-01', '/en/news/2026-04-new-head-office'],
  ['/contact', '/contact'],
]

async function waitFor(url) {
  for (let i = 0; i < 600; i++) {
    const res = await fetch(url).catch(() => null)
    if (res && res.status < 500) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`${url} did not come up`)
}

function run(url, seconds = duration) {
  return new Promise((resolve, reject) => autocannon({ url, connections, duration: seconds }, (e, r) => (e ? reject(e) : resolve(r))))
}

const ours = spawn(process.execPath, serverArgs(), {
  env: { ...process.env, NODE_ENV: 'production', PAGE_CACHE: 'false', HOST: '127.0.0.1', PORT: '3301', LOG_LEVEL: 'warn', DATA_DIR: mkdtempSync(join(tmpdir(), 'vs-next-')) },
  stdio: 'ignore',
})
const next = spawn(process.execPath, [join(nextDir, 'node_modules/next/dist/bin/next'), 'start', '-H', 'localhost', '-p', '3302'], {
  cwd: nextDir,
  env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
  stdio: 'ignore',
})
try {
  await waitFor('http://127.0.0.1:3301/healthz')
  await waitFor('http://localhost:3302/')
  console.log(`${connections} connections, ${duration} s per run, this server with PAGE_CACHE=false (every request rendered)`)
  console.log('page'.padEnd(34), 'next req/s'.padStart(10), 'ours req/s'.padStart(10), 'ratio'.padStart(6), 'next p50/p99'.padStart(13), 'ours p50/p99'.padStart(13), 'bad')
  for (const [nextPath, ourPath] of PAIRS) {
    await run(`http://localhost:3302${nextPath}`, 2)
    await run(`http://127.0.0.1:3301${ourPath}`, 2)
    const n = await run(`http://localhost:3302${nextPath}`)
    const o = await run(`http://127.0.0.1:3301${ourPath}`)
    const bad = n.non2xx + n.errors + o.non2xx + o.errors
    console.log(
      `${nextPath} | ${ourPath}`.padEnd(34),
      n.requests.average.toFixed(0).padStart(10),
      o.requests.average.toFixed(0).padStart(10),
      (o.requests.average / n.requests.average).toFixed(1).padStart(6),
      `${n.latency.p50}/${n.latency.p99} ms`.padStart(13),
      `${o.latency.p50}/${o.latency.p99} ms`.padStart(13),
      bad,
    )
  }
} finally {
  ours.kill('SIGTERM')
  next.kill('SIGTERM')
}
