// A throw-away PostgreSQL server for scripts/engines.mjs: initdb into a temporary folder, pg_ctl on a free port.
import { execFileSync, spawn } from 'node:child_process'
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
