import closeWithGrace from 'close-with-grace'
import { buildApp } from './app'
import { ConfigError, loadConfig, unknownSettings } from './config'
import { ContentError } from './content/load'
import { serverPidFile } from './pid-file'

/** Errors of app.listen that are the host's setup, not a bug: the variable to look at and why. */
const LISTEN_ERRORS: Record<string, { variable: 'HOST' | 'PORT'; why: string }> = {
  EADDRINUSE: { variable: 'PORT', why: 'the port is already in use' },
  EACCES: { variable: 'PORT', why: 'permission denied (ports below 1024 need privileges)' },
  EADDRNOTAVAIL: { variable: 'HOST', why: 'the address is not one of this machine' },
  ENOTFOUND: { variable: 'HOST', why: 'the host name does not resolve' },
  EAI_AGAIN: { variable: 'HOST', why: 'the host name does not resolve' },
  EAI_FAIL: { variable: 'HOST', why: 'the host name does not resolve' },
}

/** Entry: config, app, graceful shutdown, listen. */
async function main(): Promise<void> {
  const config = loadConfig()
  const app = await buildApp(config)
  for (const line of unknownSettings()) app.log.warn(line)
  const pidFile = serverPidFile(config.dataDir, config.port, app.log)
  // SIGTERM/SIGINT (and an uncaught error) close the app: /readyz turns 503, the port closes, in-flight
  // requests finish, the database closes. Past SHUTDOWN_TIMEOUT_MS the requests still open are cut so
  // the close goes on (the database is still closed cleanly) and the exit code says the drain was not
  // clean; if even that hangs (an SMTP send the outbox waits for), close-with-grace ends the process 2 s
  // later (counted after SHUTDOWN_DELAY_MS). SIGHUP is not a stop signal here: it reloads the content.
  let stopSignal: string | undefined
  const grace = closeWithGrace(
    // SIGTERM and SIGINT are taken below, so that a repeat of the same stop is not a second one.
    { delay: config.shutdownDelayMs + config.shutdownTimeoutMs + 2000, skip: ['SIGHUP', 'SIGTERM', 'SIGINT'], logger: { error: (msg: unknown) => app.log.error({ err: msg }, 'shutdown failed') } },
    async ({ err }) => {
      const signal = stopSignal
      if (err) app.log.error({ err }, 'uncaught error, shutting down')
      app.lifecycle.shuttingDown = true
      app.log.info({ signal, delayMs: config.shutdownDelayMs }, 'shutting down')
      // Behind a load balancer: /readyz already says 503, requests are still served (each answer closes its
      // connection) until the balancer's health check has taken this replica out, then the port closes.
      if (config.shutdownDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownDelayMs))
      let timedOut = false
      const timer = setTimeout(() => {
        timedOut = true
        app.log.error({ timeoutMs: config.shutdownTimeoutMs }, 'shutdown timed out, closing the connections still open')
        app.server.closeAllConnections()
      }, config.shutdownTimeoutMs)
      timer.unref()
      await app.close()
      pidFile.remove()
      clearTimeout(timer)
      app.log.info('closed')
      if (timedOut) throw new Error('requests were still open at the shutdown timeout')
    },
  )
  // Ctrl+C on `npm start` reaches node twice (from the terminal and forwarded by npm): a repeat of the stop
  // signal within a second is the same request, not a second one that cuts the drain short.
  let firstStop = 0
  for (const name of ['SIGTERM', 'SIGINT'] as const) {
    process.on(name, () => {
      if (!firstStop) {
        firstStop = Date.now()
        stopSignal = name
        grace.close()
      } else if (Date.now() - firstStop > 1000) {
        app.log.error({ signal: name }, 'second stop signal, exiting now')
        process.exit(1)
      }
    })
  }
  // SIGHUP: load the content folder again and serve it if it is valid (else the current content stays;
  // the problems are logged). `npm run content:reload` finds this process through DATA_DIR/server-<PORT>.pid
  // (pid-file.ts), signals it and waits for the result written there.
  process.on('SIGHUP', () => void app.reloadContent('SIGHUP').then((result) => pidFile.recordReload(result)))
  try {
    await app.listen({ host: config.host, port: config.port })
  } catch (err) {
    const known = LISTEN_ERRORS[(err as NodeJS.ErrnoException).code ?? '']
    if (!known) throw err
    throw new ConfigError(`${known.variable}: cannot listen on ${config.host} port ${config.port}: ${known.why} (${(err as NodeJS.ErrnoException).code})`)
  }
  pidFile.write()
}

/**
 * A known setup problem (configuration, build output, content, the listening address) stops the
 * start with one line per problem and no stack; anything else is a bug and keeps its stack.
 */
main().catch((err) => {
  if (err instanceof ConfigError) {
    for (const line of err.message.split('\n')) process.stderr.write(`config error: ${line}\n`)
    process.exit(1)
  }
  if (err instanceof ContentError) {
    for (const line of err.problems) process.stderr.write(`content error: ${line}\n`)
    process.exit(1)
  }
  process.stderr.write(`fatal: ${err?.stack ?? err}\n`)
  process.exit(1)
})
