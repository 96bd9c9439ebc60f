// The server side of `npm run dev` (build.mjs --watch): runs the development build's server in a
// child process and restarts it, debounced, after a rebuild or an edit under the watched folders
// (content and locales, watched with chokidar: Node 20's recursive fs.watch stops reporting a file once
// an editor, `sed -i` or `git pull` has replaced it). A server that stops by itself (a content or config
// error) is replaced by a plain error page on the same address, listing its error lines, until the next change.
// SIGTERM/SIGINT stop the watchers, stop the server (SIGTERM, waiting for its exit) and exit.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer } from 'node:http'
import { join, relative, sep } from 'node:path'
import { watch } from 'chokidar'

const DEBOUNCE_MS = 150
const KILL_AFTER_MS = 10_000

const escapeHtml = (s) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)

/** The lines worth showing: the server's one-line setup errors, or else the end of its stderr. */
function problemsOf(stderr) {
  const lines = stderr.split('\n').filter((l) => l.trim())
  const setup = lines.filter((l) => /^(content|config) error: /.test(l))
  return setup.length > 0 ? setup : lines.slice(-40)
}

function errorPage(problems, code) {
  const items = problems.map((p) => `<li><pre>${escapeHtml(p)}</pre></li>`).join('\n')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="1">
<title>Development server: start failed</title></head><body>
<h1>The server did not start (exit ${code})</h1><p>Fix the problems below; this page reloads itself.</p>
<ul>${items}</ul></body></html>\n`
}

/**
 * Starts supervising. `dist`: the build folder the server reads (DIST_DIR); `watchDirs`: folders whose
 * edits restart the server; `onSourceChange`: runs before such a restart (build.mjs writes a new
 * manifest id so open tabs reload); `onStop`: disposes the build watchers.
 */
export function superviseDevServer({ dist, watchDirs, onSourceChange, onStop }) {
  const host = process.env.HOST ?? '127.0.0.1'
  const port = Number(process.env.PORT ?? 3000)
  let server
  let failure // the error page's HTTP server while the last start failed
  let timer
  let sourceChanged = false
  let stopping = false
  let queue = Promise.resolve()
  let failures = 0
  const enqueue = (step) => (queue = queue.then(step).catch((err) => process.stderr.write(`dev: ${err.stack ?? err}\n`)))

  const stopServer = async () => {
    const child = server
    if (!child || child.exitCode !== null || child.signalCode !== null) return
    child.stopRequested = true
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    const force = setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS)
    await exited
    clearTimeout(force)
  }

  const closeErrorPage = async () => {
    if (!failure) return
    const closing = new Promise((resolve) => failure.close(resolve))
    failure.closeAllConnections()
    failure = undefined
    await closing
  }

  const showErrorPage = (stderr, code) => {
    failures += 1
    const problems = problemsOf(stderr)
    const html = errorPage(problems, code)
    const id = `dev-start-failed-${failures}`
    failure = createServer((req, res) => {
      if (req.url === '/_build/latest.json') {
        res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' })
        return res.end(JSON.stringify({ id, time: new Date().toISOString() }))
      }
      res.writeHead(500, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      res.end(html)
    })
    failure.on('error', (err) => process.stderr.write(`dev: cannot show the error page on ${host}:${port}: ${err.message}\n`))
    failure.listen(port, host, () => {
      process.stderr.write(`dev: the server stopped (exit ${code}); its errors are shown at http://${host}:${port}/ until the next change\n`)
    })
  }

  const startServer = () => {
    let stderr = ''
    const child = spawn(process.execPath, [join(dist, 'server', 'index.js')], {
      stdio: ['ignore', 'inherit', 'pipe'],
      // Its own process group: Ctrl+C reaches this process only, which stops the server once (a second
      // signal would make the server exit at once, without its drain).
      detached: true,
      env: { ...process.env, NODE_ENV: 'development', DIST_DIR: dist },
    })
    child.stderr.on('data', (d) => {
      process.stderr.write(d)
      stderr = (stderr + d).slice(-65_536) // the end is what explains a failed start
    })
    // 'close' comes after the exit and the last stderr bytes. Stopped by itself: show why.
    child.on('close', (code) => {
      if (child.stopRequested || stopping || child !== server) return
      enqueue(async () => {
        if (!stopping && child === server && !failure) showErrorPage(stderr, code)
      })
    })
    server = child
  }

  const cycle = async () => {
    if (stopping) return
    if (sourceChanged) {
      sourceChanged = false
      try {
        onSourceChange?.()
      } catch (err) {
        process.stderr.write(`dev: ${err.message}\n`)
      }
    }
    await stopServer()
    await closeErrorPage()
    if (!stopping) startServer()
  }

  /** Restarts the server after a quiet moment: a change often ends several builds or writes several files. */
  const restart = ({ source = false } = {}) => {
    if (stopping) return
    sourceChanged ||= source
    clearTimeout(timer)
    timer = setTimeout(() => enqueue(cycle), DEBOUNCE_MS)
  }

  // Names starting with a dot (.git, editors' swap files) are skipped, as the content loader skips them.
  const hidden = (root) => (path) => relative(root, path).split(sep).some((part) => part.startsWith('.'))
  const watchers = watchDirs
    .filter((dir) => existsSync(dir))
    .map((dir) => {
      const watcher = watch(dir, { ignoreInitial: true, ignored: hidden(dir), interval: 500, binaryInterval: 500 })
      watcher.on('all', () => restart({ source: true }))
      watcher.on('error', (err) => process.stderr.write(`dev: watching ${dir} failed (${err.message}); CHOKIDAR_USEPOLLING=true polls instead\n`))
      return watcher
    })

  const stop = async (signal) => {
    if (stopping) return
    stopping = true
    clearTimeout(timer)
    process.stderr.write(`dev: ${signal}, stopping\n`)
    await Promise.all(watchers.map((w) => w.close()))
    try {
      await onStop?.()
    } catch (err) {
      process.stderr.write(`dev: stopping the build watchers: ${err.message}\n`)
    }
    await queue
    await stopServer()
    await closeErrorPage()
    process.exit(0)
  }
  process.on('SIGTERM', () => void stop('SIGTERM'))
  process.on('SIGINT', () => void stop('SIGINT'))

  return { restart }
}
