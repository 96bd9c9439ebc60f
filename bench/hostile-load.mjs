// A hostile client's load: many ordinary GETs that each carry something new (a unique long query on a
// real page, a unique long unknown path), sent `concurrency` at a time over keep-alive connections.
// Used by test/server/hostile-load.test.ts (memory stays bounded) and by `node bench/hostile-load.mjs`,
// which prints the server's resident memory for such a run under each memory allocator asked for:
//
//   node bench/hostile-load.mjs [--requests 35000] [--length 4000] [--settle 30] [--allocators glibc,arena2,jemalloc]
//                               [--encoding 'gzip, deflate, br' | none]
//
// Requests carry a browser's Accept-Encoding unless `--encoding none`: answers over 1 KiB are then compressed
// per request (brotli), in libuv's thread pool, which is what makes glibc's malloc keep memory (docs/performance.md).
// For each allocator, one after the other: the built server started as `npm start` (plus a preload that
// forces a full GC on SIGWINCH, bench/gc-on-signal.cjs), its resident memory after start, its peak during the
// load, right after it, after `--settle` seconds idle, and 10 s after a forced full GC (with the heap then).
import { readFileSync } from 'node:fs'
import { Agent, request } from 'node:http'

/**
 * The n-th URL of the run: two in three a real page with a unique over-long query (15,000 characters,
 * past the site's URL limit), the others in turn the same page with a unique query of `length`
 * characters and a unique unknown path of `length` characters.
 */
export function hostileUrl(n, length) {
  const tag = String(n).padStart(8, '0')
  if (n % 3 !== 2) return `/about?${tag}=${'q'.repeat(15_000)}`
  if (n % 6 === 2) return `/about?${tag}=${'q'.repeat(length - 16)}`
  return `/en/${tag}${'p'.repeat(length - 14)}`
}

function get(agent, origin, path, headers) {
  return new Promise((resolve) => {
    const req = request(`${origin}${path}`, { agent, headers }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode))
    })
    req.on('error', () => resolve(0))
    req.end()
  })
}

/**
 * Sends `requests` hostile GETs, the URLs numbered from `first` on (with these request `headers`, e.g. a
 * browser's Accept-Encoding); resolves with how many answers each status got (0: no answer).
 */
export async function hostileLoad(origin, { requests = 20_000, first = 0, concurrency = 20, length = 4000, headers = {} } = {}) {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency })
  const statuses = {}
  let next = first
  async function worker() {
    while (next < first + requests) {
      const status = await get(agent, origin, hostileUrl(next++, length), headers)
      statuses[status] = (statuses[status] ?? 0) + 1
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  agent.destroy()
  return statuses
}

/** A field of /proc/<pid>/status in MB (Linux), or null when it cannot be read. */
function statusMb(pid, field) {
  try {
    const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
    return kb ? Math.round(Number(kb) / 1024) : null
  } catch {
    return null
  }
}

/** Peak resident set size of a process in MB (Linux: VmHWM), or null when it cannot be read. */
export const peakRssMb = (pid) => statusMb(pid, 'VmHWM')

/** Resident set size of a process now, in MB (Linux: VmRSS), or null when it cannot be read. */
export const rssMb = (pid) => statusMb(pid, 'VmRSS')

/** Debian's jemalloc (`apt-get install libjemalloc2`), as the Docker image preloads it. */
export const JEMALLOC = '/usr/lib/x86_64-linux-gnu/libjemalloc.so.2'

/** The allocators the bench knows: the environment each runs the server with. */
export const ALLOCATORS = {
  glibc: {},
  arena2: { MALLOC_ARENA_MAX: '2' },
  jemalloc: { LD_PRELOAD: JEMALLOC },
  'jemalloc-bg': { LD_PRELOAD: JEMALLOC, MALLOC_CONF: 'background_thread:true' },
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { startBuiltServer, arg } = await import('./built-server.mjs')
  const requests = Number(arg('requests', '35000'))
  const length = Number(arg('length', '4000'))
  const settle = Number(arg('settle', '30'))
  const names = arg('allocators', 'glibc').split(',')
  const encoding = arg('encoding', 'gzip, deflate, br')
  const headers = encoding === 'none' ? {} : { 'accept-encoding': encoding }
  const sleep = (s) => new Promise((r) => setTimeout(r, s * 1000))
  const gcPreload = new URL('./gc-on-signal.cjs', import.meta.url).pathname
  console.log(`hostile load: ${requests} GETs (unique 15,000- and ${length}-character queries on /about, unique unknown paths), 20 at a time, Accept-Encoding: ${encoding}; ${settle} s idle after`)
  const rows = []
  for (const name of names) {
    const env = ALLOCATORS[name]
    if (!env) throw new Error(`unknown allocator ${name} (known: ${Object.keys(ALLOCATORS).join(', ')})`)
    // No shedding for event-loop delay: on a shared, busy machine it would answer some requests 503 unrendered, more or fewer from run to run.
    const server = await startBuiltServer({ ...env, MAX_EVENT_LOOP_DELAY_MS: '0' }, { timeoutMs: 90_000, nodeFlags: ['--expose-gc', '--require', gcPreload] })
    const pid = server.child.pid
    const maps = readFileSync(`/proc/${pid}/maps`, 'utf8')
    const jemalloc = maps.includes('libjemalloc')
    if (jemalloc !== Boolean(env.LD_PRELOAD)) throw new Error(`${name}: jemalloc ${jemalloc ? 'loaded' : 'not loaded'} in the server`)
    const start = rssMb(pid)
    const started = Date.now()
    const statuses = await hostileLoad(server.origin, { requests, length, headers })
    const seconds = (Date.now() - started) / 1000
    const afterLoad = rssMb(pid)
    const peak = peakRssMb(pid)
    await sleep(settle)
    const idle = rssMb(pid)
    server.child.kill('SIGWINCH')
    let gc = null
    for (let i = 0; i < 100 && !gc; i++) {
      await sleep(0.1)
      const line = /bench-gc (\{.*\})/.exec(server.output())?.[1]
      if (line) gc = JSON.parse(line)
    }
    await sleep(10)
    const afterGc = rssMb(pid)
    const alive = server.child.exitCode === null && (await fetch(`${server.origin}/healthz`).then((r) => r.ok, () => false))
    await server.stop()
    const mb = (bytes) => (bytes === undefined ? '?' : Math.round(bytes / 1048576))
    rows.push({ name, start, peak, afterLoad, idle, afterGc, heap: `${mb(gc?.heapUsedBefore)}→${mb(gc?.heapUsedAfter)}`, rate: Math.round(requests / seconds), alive, statuses })
    const r = rows.at(-1)
    console.log(`  ${name}: ${seconds.toFixed(1)} s, statuses ${JSON.stringify(statuses)}, alive and /healthz 200: ${alive}; MB: start ${r.start}, peak ${r.peak}, after ${r.afterLoad}, idle ${r.idle}, GC ${r.afterGc}, heap ${r.heap}`)
  }
  console.log(`node ${process.version}; resident memory (VmRSS) in MB; peak is VmHWM; heap: V8 heap used before → after the forced GC`)
  console.log('allocator     start  peak  after load  idle ' + `${settle} s`.padEnd(5) + ' GC + 10 s  heap MB   req/s')
  for (const r of rows) {
    console.log(`${r.name.padEnd(12)} ${String(r.start).padStart(6)} ${String(r.peak).padStart(5)} ${String(r.afterLoad).padStart(11)} ${String(r.idle).padStart(10)} ${String(r.afterGc).padStart(10)}  ${r.heap.padEnd(8)} ${String(r.rate).padStart(6)}`)
  }
}
