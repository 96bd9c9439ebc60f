// A throw-away PostgreSQL server for scripts/engines.mjs: initdb into a temporary folder, pg_ctl on a free port.
import { execFileSync, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from './ports.mjs'
import { folders, gone, leftovers, readTail, removeFolder, tail, tempFolder } from './processes.mjs'

/** @typedef {import('./processes.mjs').Engine} Engine */

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
 * The environment variable test/run.mjs sets for its test processes: the admin URL (database `postgres`) of the one
 * throw-away server it started for the run. While it is set, startPostgres() gives a new database on that server.
 */
export const SHARED_POSTGRES = 'TEST_POSTGRES_ADMIN_URL'

/**
 * PostgreSQL for a test or bench. With SHARED_POSTGRES in the environment (under test/run.mjs) and `own` not set:
 * a new database `t_<random>` on the run's server; its url points there and its stop() drops it (and the databases
 * named after it, `t_<random>_*`, e.g. test/server/contact/helper.ts freshPgDatabase). Else (`own`, or a file run
 * alone) a server of its own, as startServer below: what a test that stops, kills or restarts PostgreSQL needs.
 * @param {{ dir?: string, own?: boolean, maxConnections?: number }} [options]
 */
export async function startPostgres({ own = false, ...options } = {}) {
  const shared = process.env[SHARED_POSTGRES]
  return shared && !own ? newDatabase(shared) : startServer(options)
}

/**
 * A new database on the server at adminUrl (trust auth, as startServer's), dropped with those named after it by stop().
 * @param {string} adminUrl
 * @returns {Promise<{ url: string, port: number, stop(): Promise<void> }>}
 */
async function newDatabase(adminUrl) {
  const bin = postgresBinDir()
  const { hostname, port } = new URL(adminUrl)
  const conn = ['-h', hostname, '-p', port, '-U', 'postgres']
  const name = `t_${randomBytes(6).toString('hex')}`
  await runPg(bin, 'createdb', [...conn, name])
  const psql = (...commands) => runPg(bin, 'psql', [...conn, '-d', 'postgres', '-X', '-q', '-A', '-t', ...commands.flatMap((c) => ['-c', c])])
  return {
    url: `postgres://postgres@${hostname}:${port}/${name}`,
    port: Number(port),
    stop: async () => {
      const names = (await psql(`SELECT datname FROM pg_database WHERE datname = '${name}' OR datname LIKE '${name}\\_%'`)).split('\n').filter(Boolean)
      if (names.length) await psql(...names.map((n) => `DROP DATABASE IF EXISTS "${n}" WITH (FORCE)`))
    },
  }
}

/**
 * A PostgreSQL server of its own: initdb into a temporary folder (trust auth, UTF8, no locale), started on a free
 * loopback port with fsync off (tests only), a database `site` created.
 * `pause()` stops it (fast) keeping its data and `resume()` starts it again on the same port ("the database
 * restarted"); `kill()` stops it at once (`-m immediate`: a crash, recovered at the next start); `restart()` =
 * pause + resume; `stop()` stops it and removes the folder.
 * @param {{ dir?: string, maxConnections?: number }} [options] dir: where to create the temporary folder (default: the
 *   system's temp folder); maxConnections: the server's max_connections (default PostgreSQL's, 100)
 * @returns {Promise<Engine & { dataDir: string, kill(): Promise<void>, restart(): Promise<void> }>}
 */
export async function startServer({ dir: parent, maxConnections } = {}) {
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
      '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off${maxConnections ? ` -c max_connections=${maxConnections}` : ''}`,
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
