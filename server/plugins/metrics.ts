import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import fp from 'fastify-plugin'
import { ConfigError, type Config } from '../config'
import { createMetrics, type Metrics } from '../metrics'

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus metrics; null when METRICS_PORT is not set (nothing is counted then). */
    metrics: Metrics | null
  }
}

/**
 * Prometheus metrics on a port of their own (METRICS_PORT on METRICS_HOST), never on the public one:
 * the site's router has no /metrics route, so the public port answers it 404 like any unknown page.
 * Without METRICS_PORT nothing is counted and no hook is added. The metrics server listens once the
 * app is ready (a port in use stops the start) and is closed with the app.
 */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    if (config.metricsPort === null) {
      app.decorate('metrics', null)
      return
    }
    const metrics = createMetrics()
    app.decorate('metrics', metrics)
    const log = app.log.child({ component: 'metrics' })

    // Routes are labelled by their pattern (routeOptions.url), never by the URL asked for.
    app.addHook('onResponse', async (req, reply) => {
      metrics.request(req.method, req.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000)
    })

    async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
      const path = (req.url ?? '').split('?')[0]
      if (path !== '/metrics') {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: the metrics are at /metrics\n')
        return
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }).end('Method not allowed\n')
        return
      }
      const body = await metrics.registry.metrics()
      res.writeHead(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' })
      res.end(req.method === 'HEAD' ? undefined : body)
    }

    const server = createServer((req, res) => {
      answer(req, res).catch((err) => {
        log.error({ err }, 'metrics scrape failed')
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
        res.end('Metrics unavailable\n')
      })
    })
    // A scrape is one small GET: anything slower is a stuck client, not a scraper.
    server.headersTimeout = 5_000
    server.requestTimeout = 10_000

    app.addHook('onReady', async () => {
      await new Promise<void>((resolve, reject) => {
        // A setup problem, reported by the entry as one line naming the variable (like PORT's).
        const failed = (err: NodeJS.ErrnoException) => {
          const variable = /^(EADDRNOTAVAIL|ENOTFOUND|EAI_)/.test(err.code ?? '') ? 'METRICS_HOST' : 'METRICS_PORT'
          reject(new ConfigError(`${variable}: cannot listen on ${config.metricsHost} port ${config.metricsPort} (${err.code ?? err.message})`))
        }
        server.once('error', failed)
        server.listen(config.metricsPort!, config.metricsHost, () => {
          server.off('error', failed)
          resolve()
        })
      })
      metrics.address = server.address() as AddressInfo
      log.info({ host: metrics.address.address, port: metrics.address.port }, 'metrics listening at /metrics')
    })
    app.addHook('onClose', async () => {
      if (!server.listening) return
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      // A scraper keeps its connection alive between scrapes: end it, so shutdown never waits on it.
      server.closeAllConnections()
      await closed
    })
  },
  { name: 'metrics' },
)
