import fp from 'fastify-plugin'
import { IMAGE_FORMATS, imageWidths } from '../../shared/images'
import type { VariantFormat } from '../content/images'
import { createVariantCache, type VariantCache } from '../content/variant-cache'
import { jsonError } from './errors'

declare module 'fastify' {
  interface FastifyInstance {
    /** The image variants on disk, made once (server/content/variant-cache.ts): /media/ and the warm share it. */
    mediaVariants: VariantCache
  }
}

const TYPES: Record<VariantFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' }
const FILE = /^[A-Za-z0-9_-]+-(\d{2,4})\.(avif|webp|jpg)$/

/**
 * Responsive image variants: GET /media/{hash}/{name}-{width}.{avif|webp|jpg}. Each variant is made once
 * with sharp, cached on disk under DATA_DIR, and served immutable (the hash in the URL changes with the
 * source file); the warm (plugins/media-warm.ts) makes them ahead, so a request finds them there, and a
 * request for one not made yet makes it (or waits for the warm's render of it). Only the images of the
 * content visitors see now answer, and for a grace period those it stopped showing
 * (server/content/served-images.ts): a draft's or a scheduled article's images are a 404, as an unknown
 * hash, until the article is published.
 */
export default fp<{ cacheDir: string }>(
  async (app, { cacheDir }) => {
    const variants = createVariantCache(cacheDir, { onMade: app.metrics?.imageVariantMade })
    app.decorate('mediaVariants', variants)

    app.get<{ Params: { hash: string; file: string } }>('/media/:hash/:file', async (req, reply) => {
      // Also an image a content preview showed a moment ago (a draft's cover): server/plugins/content-preview.ts.
      const source = app.contentHolder.image(req.params.hash) ?? app.contentPreview?.image(req.params.hash)
      const m = FILE.exec(req.params.file)
      const width = Number(m?.[1])
      const format = m?.[2] as VariantFormat | undefined
      if (!source || !m || !format || !IMAGE_FORMATS.includes(format) || !imageWidths(source.width).includes(width)) {
        return jsonError(req, reply, 404)
      }
      let body: Buffer
      try {
        body = await variants.read(source, width, format)
      } catch (err) {
        // The file of an image kept through its grace was deleted since (a reload removed it): gone, as an unknown hash.
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return jsonError(req, reply, 404)
        throw err
      }
      return reply.type(TYPES[format]).header('cache-control', 'public, max-age=31536000, immutable').send(body)
    })
  },
  { name: 'media', dependencies: ['render', 'metrics'] },
)
