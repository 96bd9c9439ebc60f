import { mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import fp from 'fastify-plugin'
import { IMAGE_FORMATS, imageWidths } from '../../shared/images'
import { renderVariant, variantCachePath, type SourceImage, type VariantFormat } from '../content/images'
import { jsonError } from './errors'
import { tempNameFor } from '../private-files'

const TYPES: Record<VariantFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' }
const FILE = /^[A-Za-z0-9_-]+-(\d{2,4})\.(avif|webp|jpg)$/

/**
 * Responsive image variants: GET /media/{hash}/{name}-{width}.{avif|webp|jpg}. Each variant
 * is made once with sharp on first use, cached on disk under DATA_DIR, and served immutable
 * (the hash in the URL changes with the source file). Only the images of the content visitors see now
 * answer, and for a grace period those it stopped showing (server/content/served-images.ts): a draft's
 * or a scheduled article's images are a 404, as an unknown hash, until the article is published.
 */
export default fp<{ cacheDir: string }>(
  async (app, { cacheDir }) => {
    mkdirSync(cacheDir, { recursive: true })
    const inFlight = new Map<string, Promise<Buffer>>()

    async function variant(source: SourceImage, width: number, format: VariantFormat): Promise<Buffer> {
      const hash = source.hash
      const path = variantCachePath(cacheDir, hash, width, format)
      try {
        return await readFile(path)
      } catch {
        // not cached yet
      }
      let pending = inFlight.get(path)
      if (!pending) {
        pending = renderVariant(source, width, format).then((buf) => {
          const tmp = tempNameFor(path) // unique per write: replicas sharing DATA_DIR may have the same pid
          writeFileSync(tmp, buf)
          renameSync(tmp, path)
          return buf
        })
        inFlight.set(path, pending)
        pending.finally(() => inFlight.delete(path)).catch(() => {})
      }
      return pending
    }

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
        body = await variant(source, width, format)
      } catch (err) {
        // The file of an image kept through its grace was deleted since (a reload removed it): gone, as an unknown hash.
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return jsonError(req, reply, 404)
        throw err
      }
      return reply.type(TYPES[format]).header('cache-control', 'public, max-age=31536000, immutable').send(body)
    })
  },
  { name: 'media', dependencies: ['render'] },
)
