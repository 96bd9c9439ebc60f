import fp from 'fastify-plugin'

/**
 * One URL policy: no trailing slash. '/about/' answers 308 to '/about' (query kept);
 * the root '/' is the only path that ends in a slash. Repeated leading slashes are
 * collapsed so the Location can never name another host.
 */
export function withoutTrailingSlash(url: string): string | null {
  const q = url.indexOf('?')
  const path = q === -1 ? url : url.slice(0, q)
  if (path.length <= 1 || !path.endsWith('/')) return null
  const clean = '/' + path.replace(/^\/+/, '').replace(/\/+$/, '')
  return clean + (q === -1 ? '' : url.slice(q))
}

export default fp(
  async (app) => {
    app.addHook('onRequest', async (req, reply) => {
      const target = withoutTrailingSlash(req.url)
      if (target !== null) return reply.header('cache-control', 'public, max-age=3600').redirect(target, 308)
    })
  },
  { name: 'trailing-slash' },
)
