import fp from 'fastify-plugin'
import type { BuildManifest } from '../render/manifest'

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by the entry when shutdown begins: /readyz turns 503. */
    /** `delaying`: the shutdown delay runs (still serving, each answer closing its connection). */
    lifecycle: { ready: boolean; shuttingDown: boolean; delaying: boolean }
  }
}

/** /healthz (alive), /readyz (ready to serve), /_build/latest.json (for the client's reload guard). */
export default fp<{ manifest: BuildManifest }>(
  async (app, { manifest }) => {
    app.decorate('lifecycle', { ready: false, shuttingDown: false, delaying: false })
    app.addHook('onReady', async () => {
      app.lifecycle.ready = true
    })
    // While a shutdown delay runs, every answer asks its client to reconnect (elsewhere, the balancer decides).
    app.addHook('onSend', async (_req, reply, payload) => {
      if (app.lifecycle.delaying) reply.header('connection', 'close')
      return payload
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
