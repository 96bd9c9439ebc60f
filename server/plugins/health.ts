import fp from 'fastify-plugin'
import type { BuildManifest } from '../render/manifest'

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by the entry when shutdown begins: /readyz turns 503. */
    lifecycle: { ready: boolean; shuttingDown: boolean }
  }
}

/** /healthz (alive), /readyz (ready to serve), /_build/latest.json (for the client's reload guard). */
export default fp<{ manifest: BuildManifest }>(
  async (app, { manifest }) => {
    app.decorate('lifecycle', { ready: false, shuttingDown: false })
    app.addHook('onReady', async () => {
      app.lifecycle.ready = true
    })
    app.get('/healthz', async (_req, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }))
    app.get('/readyz', async (_req, reply) => {
      const ready = app.lifecycle.ready && !app.lifecycle.shuttingDown
      return reply
        .code(ready ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({ status: ready ? 'ready' : app.lifecycle.shuttingDown ? 'shutting-down' : 'starting' })
    })
    app.get('/_build/latest.json', async (_req, reply) =>
      reply.header('cache-control', 'no-cache').send({ id: manifest.id, time: manifest.time }),
    )
  },
  { name: 'health' },
)
