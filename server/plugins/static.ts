import fastifyStatic from '@fastify/static'
import fp from 'fastify-plugin'
import { join } from 'node:path'

/**
 * The build's public files. Hashed assets under /assets/ are immutable; the few
 * unhashed files (favicon) get a short cache. One route per file found at start
 * (no wildcard), so unknown paths fall through to the page renderer's 404.
 */
export default fp<{ distDir: string }>(
  async (app, { distDir }) => {
    await app.register(fastifyStatic, {
      root: join(distDir, 'public'),
      prefix: '/',
      wildcard: false,
      index: false,
      list: false,
      dotfiles: 'deny',
      // build.mjs writes .br and .gz next to each hashed asset.
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${join(distDir, 'public', 'assets')}`)
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=86400')
      },
    })
  },
  { name: 'static' },
)
