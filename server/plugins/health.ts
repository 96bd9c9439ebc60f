import fp from 'fastify-plugin'
import type { BuildManifest } from '../render/manifest'

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by the entry when shutdown begins: /readyz turns 503. */
    lifecycle: { ready: boolean; shuttingDown: boolean }
    /** What else must answer for /readyz to say 200 (the inquiry database), by name. */
    readinessChecks: Map<string, () => Promise<boolean>>
  }
}

/** The names of the readiness checks that fail now (run together), leaving out the excluded ones. */
async function failingChecks(checks: Map<string, () => Promise<boolean>>, excluded: ReadonlySet<string>): Promise<string[]> {
  const asked = [...checks].filter(([name]) => !excluded.has(name))
  const results = await Promise.all(asked.map(async ([name, check]) => ((await check().catch(() => false)) ? null : name)))
  return results.filter((name): name is string => name !== null)
}

/** `?exclude=database` (repeatable, or comma-separated), as Kubernetes' own /readyz takes it. */
function excludedChecks(query: unknown): Set<string> {
  const value = (query as { exclude?: string | string[] } | undefined)?.exclude
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value]
  return new Set(list.flatMap((v) => String(v).split(',')).map((v) => v.trim()))
}

/** /healthz (alive), /readyz (ready to serve), /_build/latest.json (for the client's reload guard). */
export default fp<{ manifest: BuildManifest }>(
  async (app, { manifest }) => {
    app.decorate('lifecycle', { ready: false, shuttingDown: false })
    app.decorate('readinessChecks', new Map())
    app.addHook('onReady', async () => {
      app.lifecycle.ready = true
    })
    // From the stop signal on (the delay and the drain), every answer asks its client to reconnect (elsewhere,
    // the balancer decides): a kept-alive connection that went on carrying requests would keep the drain
    // from ever finishing.
    app.addHook('onSend', async (_req, reply, payload) => {
      if (app.lifecycle.shuttingDown) reply.header('connection', 'close')
      return payload
    })
    // Alive even while the server sheds load (under-pressure's 503 is for the other routes): a liveness
    // probe that failed under load would have an orchestrator restart a busy replica, adding to the load.
    app.get('/healthz', { config: { pressureHandler: () => undefined } }, async (_req, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }))
    // 503 while starting, shutting down, or while a dependency (the inquiry database) is unreachable:
    // the balancer sends visitors elsewhere, and back by itself once the check passes again. A proxy in
    // front of every replica asks `/readyz?exclude=database`: a database outage is every replica's, and
    // must not take the pages (which do not need it) out with the contact form.
    app.get('/readyz', async (req, reply) => {
      reply.header('cache-control', 'no-store')
      if (!app.lifecycle.ready || app.lifecycle.shuttingDown) return reply.code(503).send({ status: app.lifecycle.shuttingDown ? 'shutting-down' : 'starting' })
      const failing = await failingChecks(app.readinessChecks, excludedChecks(req.query))
      if (failing.length) return reply.code(503).send({ status: 'unavailable', failing })
      return reply.code(200).send({ status: 'ready' })
    })
    app.get('/_build/latest.json', async (_req, reply) =>
      reply.header('cache-control', 'no-cache').send({ id: manifest.id, time: manifest.time }),
    )
  },
  { name: 'health' },
)
