// Throw-away engines for the multi-replica tests and benches: PostgreSQL, Redis and a Caddy load balancer,
// each on a free loopback port with its files in a fresh temporary folder, never the system's services.
// Plain ESM (JSDoc types; engines.d.mts for the TypeScript tests), no dependencies but Node's.
//
//   const pg = await startPostgres()      // pg.url = postgres://postgres@127.0.0.1:PORT/site
//   const redis = await startRedis()      // redis.url = redis://127.0.0.1:PORT
//   const lb = await startCaddy({ upstreams: ['127.0.0.1:3001', '127.0.0.1:3002'] })
//   ... await lb.stop(); await redis.stop(); await pg.stop()
//
// Every process started here is remembered: if the process using them exits without stopping them (a crashed
// test), an exit hook kills what is left (SIGKILL) and removes the folders.
import { execFileSync, spawn } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { connect, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** @typedef {{ url: string, port: number, readonly pid: number, stop(): Promise<void>, pause(): Promise<void>, resume(): Promise<void> }} Engine */

/** pid → folder to remove (or ''), for the exit hook. */
const leftovers = new Map()
/** Folders of engines not stopped yet (their processes may come and go: pause/resume). */
const folders = new Set()

function cleanupSync() {
  for (const pid of leftovers.keys()) {
    try {
      process.kill(pid, 'SIGKILL')
    } catch {}
  }
  leftovers.clear()
  for (const dir of folders) rmSync(dir, { recursive: true, force: true })
  folders.clear()
}
process.on('exit', cleanupSync)
// A signal ends the process without 'exit': clean up, then let the signal do what it would have done.
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
  process.once(signal, () => {
    cleanupSync()
    process.kill(process.pid, signal)
  })
}

const pause = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms))

/** Last lines of a log text, for error messages. */
function tail(text, lines = 30) {
  return String(text).trimEnd().split('\n').slice(-lines).join('\n')
}

function readTail(file) {
  try {
    return tail(readFileSync(file, 'utf8'))
  } catch {
    return '(no log)'
  }
}

/**
 * Registers a child process of ours for the exit hook (SIGKILLed if still running when this process exits);
 * forgotten once it exits.
 * @param {import('node:child_process').ChildProcess} child
 */
export function track(child) {
  const pid = child.pid
  if (!pid) return
  leftovers.set(pid, '')
  child.once('exit', () => leftovers.delete(pid))
}

/** True while a process with this pid runs (a zombie, exited but not reaped yet, does not count). */
export function alive(pid) {
  try {
    process.kill(pid, 0)
  } catch (err) {
    return /** @type {NodeJS.ErrnoException} */ (err).code === 'EPERM'
  }
  try {
    // /proc/<pid>/stat: "pid (comm) S ...": the state follows the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z'
  } catch {
    return process.platform !== 'linux'
  }
}

/** Waits until the pid is gone (then resolves true), or the time is up (false). */
async function gone(pid, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs
  while (alive(pid)) {
    if (Date.now() > end) return false
    await pause(20)
  }
  return true
}

/** A loopback port nothing listens on (taken from the OS, then released). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (probe.address())
      probe.close(() => resolve(port))
    })
  })
}

/** Sends one raw line to host:port and resolves with the first bytes answered ('' on any error). */
function ask(port, line, timeoutMs = 1000) {
  return new Promise((resolve) => {
    let answer = ''
    const socket = connect(port, '127.0.0.1')
    const done = () => {
      clearTimeout(timer)
      socket.destroy()
      resolve(answer)
    }
    const timer = setTimeout(done, timeoutMs)
    socket.on('connect', () => socket.write(line))
    socket.on('data', (d) => {
      answer += d
      if (answer.includes('\n')) done()
    })
    socket.on('error', done)
    socket.on('close', done)
  })
}

/** True when something accepts a TCP connection on 127.0.0.1:port. */
function accepts(port) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.on('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.on('error', () => resolve(false))
  })
}

/** A folder of our own under the system's temp folder, removed by stop() or at exit. */
function tempFolder(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  folders.add(dir)
  return dir
}

function removeFolder(dir) {
  rmSync(dir, { recursive: true, force: true })
  folders.delete(dir)
}

// ---------------------------------------------------------------------------------------------- PostgreSQL

/** The folder of initdb/pg_ctl: `pg_config --bindir` when it has them, else the newest /usr/lib/postgresql/N/bin. */
export function postgresBinDir() {
  try {
    const dir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()
    if (existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'))) return dir
  } catch {}
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))) : []
  versions.sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a))
  if (!versions.length) throw new Error('PostgreSQL not found: no pg_config --bindir with initdb, nor /usr/lib/postgresql/*/bin/initdb')
  return join(root, versions[0], 'bin')
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0

/** Runs a PostgreSQL program (as the postgres user when we are root: the server refuses to run as root). */
function runPg(bin, program, args, timeoutMs = 60_000) {
  const file = join(bin, program)
  const [cmd, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args]
  return new Promise((resolve, reject) => {
    // stdout/stderr to pipes that we read to the end: pg_ctl's server inherits nothing of ours (it logs to -l).
    const child = spawn(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'], cwd: tmpdir() })
    let out = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (out += d))
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.on('error', (err) => {
      clearTimeout(timer)
      reject(err)
    })
    child.on('close', (code) => {
      clearTimeout(timer)
      if (code === 0) resolve(out)
      else reject(Object.assign(new Error(`${program} ${args.join(' ')} exited with ${code}:\n${tail(out)}`), { output: out }))
    })
  })
}

/**
 * A PostgreSQL server of its own: initdb into a temporary folder (trust auth, UTF8, no locale), started on a free
 * loopback port with fsync off (tests only), a database `site` created.
 * `pause()` stops it (fast) keeping its data and `resume()` starts it again on the same port ("the database
 * restarted"); `kill()` stops it at once (`-m immediate`: a crash, recovered at the next start); `restart()` =
 * pause + resume; `stop()` stops it and removes the folder.
 * @param {{ dir?: string }} [options] dir: where to create the temporary folder (default: the system's temp folder)
 * @returns {Promise<Engine & { dataDir: string, kill(): Promise<void>, restart(): Promise<void> }>}
 */
export async function startPostgres({ dir: parent } = {}) {
  const bin = postgresBinDir()
  const dir = parent ? mkdtempSync(join(parent, 'pg-')) : tempFolder('pg-')
  folders.add(dir)
  if (isRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())
    chownSync(dir, uid, gid)
  }
  const dataDir = join(dir, 'data')
  const log = join(dir, 'log')
  const port = await freePort()
  let pid = 0
  const fail = async (what, err) => {
    if (pid) leftovers.delete(pid)
    await runPg(bin, 'pg_ctl', ['-D', dataDir, 'stop', '-m', 'immediate']).catch(() => {})
    removeFolder(dir)
    throw new Error(`PostgreSQL: ${what}: ${err instanceof Error ? err.message : err}\n--- log ---\n${readTail(log)}`)
  }
  const readPid = () => Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0])
  const start = async () => {
    await runPg(bin, 'pg_ctl', [
      '-D', dataDir, '-l', log, '-w', '-t', '60',
      '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
      'start',
    ])
    pid = readPid()
    leftovers.set(pid, dir)
  }
  const stopServer = async (mode) => {
    if (!pid) return
    const old = pid
    await runPg(bin, 'pg_ctl', ['-D', dataDir, '-w', '-t', '60', 'stop', '-m', mode])
    await gone(old)
    leftovers.delete(old)
    pid = 0
  }
  try {
    await runPg(bin, 'initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale'])
  } catch (err) {
    return fail('initdb failed', err)
  }
  try {
    await start()
  } catch (err) {
    return fail('start failed', err)
  }
  try {
    await runPg(bin, 'createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'site'])
  } catch (err) {
    return fail('createdb site failed', err)
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/site`,
    port,
    get pid() {
      return pid
    },
    dataDir,
    pause: () => stopServer('fast'),
    kill: () => stopServer('immediate'),
    resume: async () => {
      if (pid) return
      try {
        await start()
      } catch (err) {
        throw new Error(`PostgreSQL: restart failed: ${err instanceof Error ? err.message : err}\n--- log ---\n${readTail(log)}`)
      }
    },
    async restart() {
      await this.pause()
      await this.resume()
    },
    stop: async () => {
      await stopServer('fast').catch(() => stopServer('immediate'))
      removeFolder(dir)
    },
  }
}

// ---------------------------------------------------------------------------------------------- processes we spawn

/**
 * Spawns a long-running engine process (not detached), collecting its output, registered for the exit hook.
 * Resolves once `ready()` is true; throws with the output's tail if it exits first or the time is up.
 */
async function spawnEngine(name, cmd, args, { env, cwd, ready, timeoutMs = 20_000 }) {
  const child = spawn(cmd, args, { env: env ?? process.env, cwd, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const keep = (d) => {
    output += d
    if (output.length > 200_000) output = output.slice(-100_000)
  }
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  let spawnError
  child.on('error', (err) => (spawnError = err))
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })))
  if (child.pid) leftovers.set(child.pid, '')
  const end = Date.now() + timeoutMs
  for (;;) {
    const problem = spawnError
      ? String(spawnError)
      : child.exitCode !== null || child.signalCode !== null
        ? `exited with ${child.exitCode ?? child.signalCode}`
        : Date.now() > end
          ? `not ready after ${timeoutMs} ms`
          : null
    if (problem) {
      child.kill('SIGKILL')
      if (child.pid) leftovers.delete(child.pid)
      throw new Error(`${name}: ${problem}\n--- output ---\n${tail(output)}`)
    }
    if (await ready()) break
    await pause(50)
  }
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(timer)
    }
    if (child.pid) leftovers.delete(child.pid)
  }
  return { child, stop, output: () => output, exited }
}

// ---------------------------------------------------------------------------------------------- Redis

/**
 * A Redis server of its own (no persistence) on a free loopback port, ready once it answers PING.
 * `pause()` stops it and `resume()` starts it again, empty, on the same port.
 * @returns {Promise<Engine>}
 */
export async function startRedis() {
  const dir = tempFolder('redis-')
  const port = await freePort()
  let proc
  const start = async () => {
    proc = await spawnEngine(
      'redis-server',
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--daemonize', 'no'],
      { cwd: dir, ready: async () => (await ask(port, 'PING\r\n')).startsWith('+PONG') },
    )
  }
  try {
    await start()
  } catch (err) {
    removeFolder(dir)
    throw err
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    get pid() {
      return proc?.child.pid ?? 0
    },
    pause: async () => {
      await proc?.stop()
      proc = undefined
    },
    resume: async () => {
      if (!proc) await start()
    },
    stop: async () => {
      await proc?.stop()
      proc = undefined
      removeFolder(dir)
    },
  }
}

// ---------------------------------------------------------------------------------------------- Caddy

/** The servers' read timeouts of replicaProxyConfig (and of deploy/Caddyfile and deploy/Caddyfile.replicas): slow clients are cut. */
const REPLICA_SERVER_TIMEOUTS = ['read_header 10s', 'read_body 30s']

/** The active health check of replicaProxyConfig (and of deploy/Caddyfile.replicas), one directive a line. */
const REPLICA_HEALTH_CHECK = ['health_uri /readyz?exclude=database', 'health_interval 1s', 'health_timeout 2s', 'health_status 200']

/**
 * The Caddyfile of the load balancer in front of the site's replicas (plain HTTP on 127.0.0.1:port), with the
 * server timeouts and reverse_proxy directives of deploy/Caddyfile.replicas (test/server/compose-replicas.test.ts
 * checks they are the same, so the harness runs what is deployed): a request's headers within 10 s and the whole
 * request within 30 s; round robin; an active health check of each replica's `/readyz?exclude=database` every
 * second (a draining replica answers 503 and is taken out before its port closes; a restarted one comes back once
 * ready; a database outage takes none out); a replica that failed a request is avoided for 10 s (passive check)
 * and a request whose connection failed is tried on another one for up to 5 s (Caddy retries dial errors whatever
 * the method: nothing was sent yet).
 * Caveat, Caddy before 2.11.2 (caddyserver/caddy#7546, fixed by #7547): the retry of a request WITH A BODY after a
 * dial error fails, 502 "http: invalid Read on closed Body", and the failed retry counts against the healthy
 * upstream too (503 "no upstreams available" for fail_duration). GETs are retried fine. So on those versions a
 * POST that meets a closed port fails: only the active check (which takes a replica out before its port closes)
 * keeps rolling restarts free of failed POSTs.
 * (No `persist_config off`: Caddy 2.6 does not know that global option, it came with 2.7; the autosave it writes
 * lands in the temporary XDG_CONFIG_HOME.)
 * `healthChecks: false` leaves the active check out (bench/replicas.mjs measures what it is worth): then only the
 * replica's Connection: close during SHUTDOWN_DELAY_MS and the retries of refused connections keep requests
 * from failing (see the caveat).
 * @param {{ upstreams: string[], port: number, adminPort: number, healthChecks?: boolean }} options upstreams as 'host:port'
 * @returns {string}
 */
export function replicaProxyConfig({ upstreams, port, adminPort, healthChecks = true }) {
  const health = healthChecks ? REPLICA_HEALTH_CHECK.map((d) => `\n\t\t${d}`).join('') : ''
  return `{
	admin 127.0.0.1:${adminPort}
	auto_https off
	servers {
		timeouts {
${REPLICA_SERVER_TIMEOUTS.map((d) => `\t\t\t${d}`).join('\n')}
		}
	}
}

http://:${port} {
	bind 127.0.0.1
	reverse_proxy ${upstreams.join(' ')} {
		lb_policy round_robin
		lb_try_duration 5s
		lb_try_interval 250ms
		fail_duration 10s${health}
		transport http {
			dial_timeout 2s
		}
	}
}
`
}

/**
 * Caddy as a load balancer in front of `upstreams` (see replicaProxyConfig), on `port` or a free one.
 * Ready once its admin API answers and its port accepts connections.
 * @param {{ upstreams: string[], port?: number, healthChecks?: boolean }} options
 * @returns {Promise<Engine & { adminUrl: string, config: string, log(): string }>}
 */
export async function startCaddy({ upstreams, port, healthChecks = true }) {
  if (!upstreams?.length) throw new Error('startCaddy: upstreams (host:port) are required')
  const dir = tempFolder('caddy-')
  const proxyPort = port ?? (await freePort())
  const adminPort = await freePort()
  const config = replicaProxyConfig({ upstreams, port: proxyPort, adminPort, healthChecks })
  const file = join(dir, 'Caddyfile')
  writeFileSync(file, config)
  const adminUrl = `http://127.0.0.1:${adminPort}`
  let proc
  try {
    proc = await spawnEngine('caddy', 'caddy', ['run', '--config', file, '--adapter', 'caddyfile'], {
      cwd: dir,
      env: { ...process.env, HOME: dir, XDG_DATA_HOME: join(dir, 'data'), XDG_CONFIG_HOME: join(dir, 'config') },
      ready: async () => {
        const admin = await fetch(`${adminUrl}/config/`).catch(() => null)
        if (!admin?.ok) return false
        await admin.arrayBuffer()
        return accepts(proxyPort)
      },
    })
  } catch (err) {
    removeFolder(dir)
    throw err
  }
  return {
    url: `http://127.0.0.1:${proxyPort}`,
    port: proxyPort,
    adminUrl,
    config,
    log: () => proc?.output() ?? '',
    get pid() {
      return proc?.child.pid ?? 0
    },
    pause: async () => {
      throw new Error('caddy: pause() is not supported; stop() it and start a new one')
    },
    resume: async () => {
      throw new Error('caddy: resume() is not supported')
    },
    stop: async () => {
      await proc?.stop()
      proc = undefined
      removeFolder(dir)
    },
  }
}
