import { loadDotEnv } from './env-file'
import { ConfigError, loadConfig } from './config'
import { pidFilePath, processState, readPidFile, type PidRecord } from './pid-file'

/**
 * `npm run content:reload` (`node dist/server/content-reload.js` in the image): tells the server of this
 * site, and no other process, to load its content folder again, and prints the outcome.
 *
 * The server is the one whose DATA_DIR and PORT this command is given (the environment, else .env, as
 * the server reads them): it wrote its pid to DATA_DIR/server-<PORT>.pid when it started listening. The
 * process is checked to be that server (running, the same start time) before it gets SIGHUP; then this
 * waits for the reload's result, which the server writes into the same file.
 *
 * Exit code: 0 reloaded; 1 no server, the reload was refused (the problems are printed; the site
 * still serves its previous content) or no answer in time; 2 a wrong command line.
 */

const USAGE = `usage: content-reload [--timeout SECONDS]
  Reloads the content of the server running with this DATA_DIR and PORT (default: 60 s to wait for its answer).
  Host: npm run content:reload    Docker: docker compose exec site node dist/server/content-reload.js
  Kubernetes: kubectl exec <pod> -- node dist/server/content-reload.js (each pod)`

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function fail(message: string, code = 1): number {
  process.stderr.write(`content reload: ${message}\n`)
  if (code === 2) process.stderr.write(`${USAGE}\n`)
  return code
}

function timeoutOf(args: string[]): number | null {
  if (args.length === 0) return 60
  const seconds = Number(args[1])
  if (args[0] !== '--timeout' || args.length !== 2 || !Number.isFinite(seconds) || seconds <= 0) return null
  return seconds
}

async function main(args: string[]): Promise<number> {
  if (args[0] === '--help' || args[0] === '-h') {
    process.stdout.write(`${USAGE}\n`)
    return 0
  }
  const timeout = timeoutOf(args)
  if (timeout === null) return fail(`unknown arguments: ${args.join(' ')}`, 2)
  // As the server reads its settings (server/index.ts): the environment, then .env for what it leaves unset.
  loadDotEnv()
  let dataDir: string, port: number
  try {
    ;({ dataDir, port } = loadConfig())
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err
    return fail(`the settings do not load as the server's would:\n${err.message}`)
  }
  const path = pidFilePath(dataDir, port)
  let record: PidRecord | null
  try {
    record = readPidFile(path)
  } catch (err) {
    return fail(`cannot read ${path}: ${(err as Error).message}`)
  }
  const where = `DATA_DIR ${dataDir}, PORT ${port}`
  if (!record) return fail(`no server of this site is running with ${where} (no ${path}). Start it, or run this with the server's DATA_DIR and PORT.`)
  const state = processState(record)
  if (state !== 'running') {
    const why = state === 'gone' ? 'is not running' : 'is now another program'
    return fail(`${path} names process ${record.pid}, which ${why}: the server stopped without removing it (killed, or the machine restarted). Start the server; nothing was signalled.`)
  }
  const before = record.reloads
  try {
    process.kill(record.pid, 'SIGHUP')
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    return fail(`cannot signal process ${record.pid}${code === 'EPERM' ? ': it runs as another user (run this as the server\'s user)' : ''} (${code})`)
  }
  process.stdout.write(`reload sent to the server (pid ${record.pid}, port ${port}); waiting for its answer\n`)
  const deadline = Date.now() + timeout * 1000
  while (Date.now() < deadline) {
    await pause(100)
    let now: PidRecord | null
    try {
      now = readPidFile(path)
    } catch {
      continue // being replaced at this instant
    }
    if (!now || now.pid !== record.pid) return fail(`the server (pid ${record.pid}) stopped before it answered`)
    const last = now.lastReload
    if (now.reloads <= before || !last) continue
    if (last.ok) {
      process.stdout.write(`content reloaded: version ${last.version} served\n`)
      return 0
    }
    for (const line of last.problems) process.stderr.write(`content error: ${line}\n`)
    return fail(`refused, ${last.problems.length} problem(s): the site still serves its previous content (version ${last.version})`)
  }
  return fail(`no answer from the server (pid ${record.pid}) within ${timeout} s: its log says how the reload went`)
}

main(process.argv.slice(2)).then(
  (code) => (process.exitCode = code),
  (err) => {
    process.stderr.write(`content reload could not run: ${(err as Error).stack ?? err}\n`)
    process.exitCode = 1
  },
)
