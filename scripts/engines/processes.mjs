// The processes of scripts/engines.mjs: every process and folder an engine starts is remembered here, and an
// exit hook kills what is left (SIGKILL) and removes the folders if the process using them exits without
// stopping them (a crashed test). Also the helpers the engines share: temporary folders, spawning, waiting.
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** @typedef {{ url: string, port: number, readonly pid: number, stop(): Promise<void>, pause(): Promise<void>, resume(): Promise<void> }} Engine */

/** pid → folder to remove (or ''), for the exit hook. */
export const leftovers = new Map()
/** Folders of engines not stopped yet (their processes may come and go: pause/resume). */
export const folders = new Set()

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

export const pause = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms))

/** Last lines of a log text, for error messages. */
export function tail(text, lines = 30) {
  return String(text).trimEnd().split('\n').slice(-lines).join('\n')
}

/** The last lines of a log file, or '(no log)'. */
export function readTail(file) {
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
export async function gone(pid, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs
  while (alive(pid)) {
    if (Date.now() > end) return false
    await pause(20)
  }
  return true
}

/** A folder of our own under the system's temp folder, removed by stop() or at exit. */
export function tempFolder(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  folders.add(dir)
  return dir
}

export function removeFolder(dir) {
  rmSync(dir, { recursive: true, force: true })
  folders.delete(dir)
}

/**
 * Spawns a long-running engine process (not detached), collecting its output, registered for the exit hook.
 * Resolves once `ready()` is true; throws with the output's tail if it exits first or the time is up.
 */
export async function spawnEngine(name, cmd, args, { env, cwd, ready, timeoutMs = 20_000 }) {
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
