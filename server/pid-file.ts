import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ReloadResult } from './content/snapshot'

/**
 * DATA_DIR/server-<PORT>.pid: which process serves this site, written by the server once it listens and
 * removed when it exits. `npm run content:reload` (server/content-reload.ts) reads it to signal that
 * process and nothing else, then waits for the reload's result that the server writes into it.
 * Named after the port: two servers sharing a DATA_DIR on one host listen on different ports.
 */
export interface PidRecord {
  pid: number
  port: number
  /** The entry script (process.argv[1]), to tell the process apart from another that got its pid. */
  script: string
  /** The process's start time in clock ticks since boot (/proc/<pid>/stat); null where there is no /proc. */
  startTicks: string | null
  startedAt: string
  /** SIGHUP reloads finished so far, and the last one's result. */
  reloads: number
  lastReload: (ReloadResult & { at: string }) | null
}

export const pidFilePath = (dataDir: string, port: number) => join(dataDir, `server-${port}.pid`)

/** Fields 3 (state) and 22 (start time) of /proc/<pid>/stat, after the command name (which may hold spaces). */
function procStat(pid: number | 'self'): { state: string; startTicks: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return { state: fields[0] ?? '', startTicks: fields[19] ?? '' }
  } catch {
    return null
  }
}

/** The file as it is now, or null when there is none; throws on a file that is not a record. */
export function readPidFile(path: string): PidRecord | null {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw err
  }
  const record = JSON.parse(text) as PidRecord
  if (!Number.isInteger(record.pid) || record.pid <= 0) throw new Error(`${path}: no process id in it`)
  return record
}

/**
 * Whether the record's process still runs, and is the one that wrote it (not a later process that was
 * given the same pid): 'running', 'gone', or 'other' (its pid now belongs to another program).
 */
export function processState(record: PidRecord): 'running' | 'gone' | 'other' {
  try {
    process.kill(record.pid, 0)
  } catch (err) {
    // EPERM: it runs, as another user (the signal itself will say so).
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return 'gone'
  }
  const stat = procStat(record.pid)
  if (stat?.state === 'Z') return 'gone' // exited, not yet reaped by its parent
  if (stat && record.startTicks !== null) return stat.startTicks === record.startTicks ? 'running' : 'other'
  // No /proc (macOS): the program's command line must name the same entry script.
  try {
    const args = execFileSync('ps', ['-o', 'args=', '-p', String(record.pid)], { encoding: 'utf8' })
    return args.includes(record.script) ? 'running' : 'other'
  } catch {
    return 'running'
  }
}

/** The server's side: writes the record once it listens, rewrites it after each reload, removes it at exit. */
export function serverPidFile(dataDir: string, port: number, log: { warn(obj: object, msg: string): void }) {
  const path = pidFilePath(dataDir, port)
  const record: PidRecord = {
    pid: process.pid,
    port,
    script: process.argv[1] ?? '',
    startTicks: procStat('self')?.startTicks ?? null,
    startedAt: new Date().toISOString(),
    reloads: 0,
    lastReload: null,
  }
  let written = false
  const write = () => {
    try {
      mkdirSync(dataDir, { recursive: true })
      writeFileSync(`${path}.${process.pid}.tmp`, `${JSON.stringify(record)}\n`)
      renameSync(`${path}.${process.pid}.tmp`, path)
      written = true
    } catch (err) {
      log.warn({ err, path }, 'cannot write the pid file: `npm run content:reload` will not find this server')
    }
  }
  const remove = () => {
    if (!written) return
    written = false
    try {
      // Only if it is still this process's (a second server with the same DATA_DIR and PORT never listened).
      if (readPidFile(path)?.pid === process.pid) unlinkSync(path)
    } catch {
      // already gone, or unreadable: nothing to clean
    }
  }
  process.once('exit', remove)
  return {
    path,
    /** Once the server listens. */
    write,
    /** After a SIGHUP reload: its result, for the reload command waiting on it. */
    recordReload(result: ReloadResult) {
      record.reloads += 1
      record.lastReload = { ...result, at: new Date().toISOString() }
      if (written) write()
    },
    remove,
  }
}
