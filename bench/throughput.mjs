// Throughput benchmark: the built server against the physical limit of serving the same bytes.
//   node bench/throughput.mjs [--duration 5] [--connections 10,100] [--paths /,/en,/news]
// For each path it measures, in one run and side by side:
//   (a) static    a plain node:http server answering the byte-identical page from memory (the ceiling)
//   (b) cached    this server (dist/server/index.js, the shipped sample content) with its page cache
//   (c) uncached  this server with PAGE_CACHE=false: every request is a streaming React render
// and prints requests/s, p50/p99 latency, the ratios b/a and c/a, non-2xx counts, time to ready and peak RSS.
// Needs `npm run build` first. Loopback only; bounded in time (paths × connections × 2 × duration).
import { spawn } from 'node:child_process'
import { readFileSync, readdirSync, readlinkSync, mkdtempSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { serverArgs } from './node-args.mjs'
import { arg } from './built-server.mjs'

const duration = Number(arg('duration', '5'))
const connectionsList = arg('connections', '10,100').split(',').map(Number)
const paths = arg('paths', '/ja,/en,/news,/en/news,/news/2026-04-new-head-office,/en/news/2026-04-new-head-office,/construction-project,/en/construction-project,/contact,/en/contact').split(',')

function startServer(env = {}) {
  return new Promise((resolve, reject) => {
    const started = Date.now()
    const child = spawn(process.execPath, serverArgs(), {
      env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-')), ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    // LOG_LEVEL=warn hides the "listening" line: poll /readyz on the port from /proc instead.
    child.stdout.resume()
    const poll = async () => {
      for (let i = 0; i < 200; i++) {
        const port = listeningPort(child.pid)
        if (port) {
          const res = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null)
          if (res?.ok) return resolve({ child, origin: `http://127.0.0.1:${port}`, readyMs: Date.now() - started })
        }
        await new Promise((r) => setTimeout(r, 25))
      }
      reject(new Error('server did not become ready'))
    }
    void poll()
  })
}

/** The TCP port a process listens on, read from /proc (Linux). */
function listeningPort(pid) {
  try {
    const inodes = new Set()
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      try {
        const link = readlinkSync(`/proc/${pid}/fd/${fd}`)
        const m = /^socket:\[(\d+)\]$/.exec(link)
        if (m) inodes.add(m[1])
      } catch {}
    }
    for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
      for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
        const cols = line.trim().split(/\s+/)
        if (cols[3] === '0A' && inodes.has(cols[9])) return parseInt(cols[1].split(':')[1], 16)
      }
    }
  } catch {}
  return null
}

function peakRssMb(pid) {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return m ? Math.round(Number(m[1]) / 1024) : NaN
}

function run(url, connections, seconds = duration) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds, pipelining: 1 }, (err, result) => (err ? reject(err) : resolve(result)))
  })
}

const cached = await startServer()
const uncached = await startServer({ PAGE_CACHE: 'false' })
const origin = cached.origin
// The ceiling: the same bytes and content type, from memory, through plain node:http.
const pages = new Map()
for (const path of paths) {
  const res = await fetch(origin + path, { headers: { 'accept-encoding': 'identity' } })
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`)
  pages.set(path, { body: Buffer.from(await res.arrayBuffer()), type: res.headers.get('content-type') })
}
const ceiling = createServer((req, res) => {
  const page = pages.get(req.url)
  if (!page) return res.writeHead(404).end()
  res.writeHead(200, { 'content-type': page.type, 'content-length': page.body.length })
  res.end(page.body)
})
await new Promise((r) => ceiling.listen(0, '127.0.0.1', r))
const staticOrigin = `http://127.0.0.1:${ceiling.address().port}`

console.log(`ready in ${cached.readyMs} ms (cached) / ${uncached.readyMs} ms (uncached); ${duration} s per run; node ${process.version}`)
const cols = ['path'.padEnd(34), 'conn', '(a) static'.padStart(10), '(b) cached'.padStart(10), '(c) render'.padStart(10), 'b/a'.padStart(5), 'c/a'.padStart(5), 'p50/p99 a'.padStart(11), 'p50/p99 b'.padStart(11), 'p50/p99 c'.padStart(11), 'bad']
console.log(cols.join(' '))
let errors = 0
const lat = (r) => `${r.latency.p50}/${r.latency.p99}`.padStart(11)
for (const path of paths) {
  for (const connections of connectionsList) {
    // Warm-up (JIT, caches) before each measured run, so the order of runs does not matter.
    for (const o of [staticOrigin, origin, uncached.origin]) await run(o + path, connections, 1)
    const a = await run(staticOrigin + path, connections)
    const b = await run(origin + path, connections)
    const c = await run(uncached.origin + path, connections)
    const bad = [a, b, c].reduce((n, r) => n + r.non2xx + r.errors + r.timeouts, 0)
    errors += bad
    console.log(
      [
        path.padEnd(34),
        String(connections).padStart(4),
        a.requests.average.toFixed(0).padStart(10),
        b.requests.average.toFixed(0).padStart(10),
        c.requests.average.toFixed(0).padStart(10),
        (b.requests.average / a.requests.average).toFixed(2).padStart(5),
        (c.requests.average / a.requests.average).toFixed(2).padStart(5),
        lat(a),
        lat(b),
        lat(c),
        bad,
      ].join(' '),
    )
  }
}
console.log(`peak RSS: cached ${peakRssMb(cached.child.pid)} MB, uncached ${peakRssMb(uncached.child.pid)} MB; non-2xx or errors: ${errors}; latency in ms`)
ceiling.close()
cached.child.kill('SIGTERM')
uncached.child.kill('SIGTERM')
