// A hostile client's load: many ordinary GETs that each carry something new (a unique long query on a
// real page, a unique long unknown path), sent `concurrency` at a time over keep-alive connections.
// Used by test/server/hostile-load.test.ts (memory stays bounded) and by `node bench/hostile-load.mjs`,
// which prints the server's peak RSS for such a run.
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

function get(agent, origin, path) {
  return new Promise((resolve) => {
    const req = request(`${origin}${path}`, { agent }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode))
    })
    req.on('error', () => resolve(0))
    req.end()
  })
}

/** Sends `requests` hostile GETs; resolves with how many answers each status got (0: no answer). */
export async function hostileLoad(origin, { requests = 20_000, concurrency = 20, length = 4000 } = {}) {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency })
  const statuses = {}
  let next = 0
  async function worker() {
    while (next < requests) {
      const status = await get(agent, origin, hostileUrl(next++, length))
      statuses[status] = (statuses[status] ?? 0) + 1
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  agent.destroy()
  return statuses
}

/** Peak resident set size of a process in MB (Linux: VmHWM), or null when it cannot be read. */
export function peakRssMb(pid) {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
    return kb ? Math.round(Number(kb) / 1024) : null
  } catch {
    return null
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { startBuiltServer, arg } = await import('./built-server.mjs')
  const requests = Number(arg('requests', '20000'))
  const length = Number(arg('length', '4000'))
  const server = await startBuiltServer()
  const before = peakRssMb(server.child.pid)
  const started = Date.now()
  const statuses = await hostileLoad(server.origin, { requests, length })
  const seconds = (Date.now() - started) / 1000
  const alive = server.child.exitCode === null && (await fetch(`${server.origin}/healthz`).then((r) => r.ok, () => false))
  console.log(`hostile load: ${requests} GETs (unique 15,000- and ${length}-character queries on /about, unique unknown paths), 20 at a time`)
  console.log(`  ${seconds.toFixed(1)} s, ${Math.round(requests / seconds)} req/s, statuses ${JSON.stringify(statuses)}`)
  console.log(`  peak RSS: ${before} MB after start, ${peakRssMb(server.child.pid)} MB after the run; alive and /healthz 200: ${alive}`)
  await server.stop()
}
