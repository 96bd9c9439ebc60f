import { buildApp } from './app'
import { ConfigError, loadConfig, type Config } from './config'
import { ContentError } from './content/load'

/** Entry: config, app, listen, graceful shutdown on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  let config: Config
  try {
    config = loadConfig()
  } catch (err) {
    if (err instanceof ConfigError) {
      for (const line of err.message.split('\n')) process.stderr.write(`config error: ${line}\n`)
      process.exit(1)
    }
    throw err
  }
  const app = await buildApp(config)
  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.lifecycle.shuttingDown = true
    app.log.info({ signal }, 'shutting down')
    const timer = setTimeout(() => {
      app.log.error({ timeoutMs: config.shutdownTimeoutMs }, 'shutdown timed out')
      process.exit(1)
    }, config.shutdownTimeoutMs)
    timer.unref()
    try {
      await app.close()
      app.log.info('closed')
      process.exit(0)
    } catch (err) {
      app.log.error({ err }, 'shutdown failed')
      process.exit(1)
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
  await app.listen({ host: config.host, port: config.port })
}

main().catch((err) => {
  if (err instanceof ContentError) {
    for (const line of err.problems) process.stderr.write(`content error: ${line}\n`)
    process.exit(1)
  }
  process.stderr.write(`fatal: ${err?.stack ?? err}\n`)
  process.exit(1)
})
