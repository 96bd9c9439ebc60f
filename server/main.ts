import { buildApp } from './app'
import { ConfigError, loadConfig } from './config'
import { ContentError } from './content/load'

/** Errors of app.listen that are the host's setup, not a bug: the variable to look at and why. */
const LISTEN_ERRORS: Record<string, { variable: 'HOST' | 'PORT'; why: string }> = {
  EADDRINUSE: { variable: 'PORT', why: 'the port is already in use' },
  EACCES: { variable: 'PORT', why: 'permission denied (ports below 1024 need privileges)' },
  EADDRNOTAVAIL: { variable: 'HOST', why: 'the address is not one of this machine' },
  ENOTFOUND: { variable: 'HOST', why: 'the host name does not resolve' },
  EAI_AGAIN: { variable: 'HOST', why: 'the host name does not resolve' },
  EAI_FAIL: { variable: 'HOST', why: 'the host name does not resolve' },
}

/** Entry: config, app, listen, graceful shutdown on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  const config = loadConfig()
  const app = await buildApp(config)
  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.lifecycle.shuttingDown = true
    app.log.info({ signal }, 'shutting down')
    // Past the timeout the requests still open are cut, so that the close goes on (the database
    // is still closed cleanly) and the exit code says it was not a clean drain; if even that
    // hangs (an SMTP send the outbox waits for), a second, short timer ends the process.
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      app.log.error({ timeoutMs: config.shutdownTimeoutMs }, 'shutdown timed out, closing the connections still open')
      app.server.closeAllConnections()
      setTimeout(() => process.exit(1), 2000).unref()
    }, config.shutdownTimeoutMs)
    timer.unref()
    try {
      await app.close()
      app.log.info('closed')
      process.exit(timedOut ? 1 : 0)
    } catch (err) {
      app.log.error({ err }, 'shutdown failed')
      process.exit(1)
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
  try {
    await app.listen({ host: config.host, port: config.port })
  } catch (err) {
    const known = LISTEN_ERRORS[(err as NodeJS.ErrnoException).code ?? '']
    if (!known) throw err
    throw new ConfigError(`${known.variable}: cannot listen on ${config.host} port ${config.port}: ${known.why} (${(err as NodeJS.ErrnoException).code})`)
  }
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
