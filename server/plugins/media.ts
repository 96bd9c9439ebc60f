import { mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import fp from 'fastify-plugin'
import { IMAGE_FORMATS, imageWidths } from '../../shared/images'
import { renderVariant, variantCachePath, type ImageRegistry, type VariantFormat } from '../content/images'
import { jsonError } from './errors'
import { tempNameFor } from '../contact/private-files'

const TYPES: Record<VariantFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' }
const FILE = /^[A-Za-z0-9_-]+-(\d{2,4})\.(avif|webp|jpg)$/

/**
 * Responsive image variants: GET /media/{hash}/{name}-{width}.{avif|webp|jpg}. Each variant
 * is made once with sharp on first use, cached on disk under DATA_DIR, and served immutable
 * (the hash in the URL changes with the source file).
 */
export default fp<{ images: ImageRegistry; cacheDir: string }>(
  async (app, { images, cacheDir }) => {
    mkdirSync(cacheDir, { recursive: true })
    const inFlight = new Map<string, Promise<Buffer>>()

    async function variant(hash: string, width: number, format: VariantFormat): Promise<Buffer> {
      const path = variantCachePath(cacheDir, hash, width, format)
      try {
        return await readFile(path)
      } catch {
        // not cached yet
      }
      let pending = inFlight.get(path)
      if (!pending) {
        pending = renderVariant(images.byHash.get(hash)!, width, format).then((buf) => {
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
      const source = images.byHash.get(req.params.hash)
      const m = FILE.exec(req.params.file)
      const width = Number(m?.[1])
      const format = m?.[2] as VariantFormat | undefined
      if (!source || !m || !format || !IMAGE_FORMATS.includes(format) || !imageWidths(source.width).includes(width)) {
        return jsonError(req, reply, 404)
      }
      const body = await variant(source.hash, width, format)
      return reply.type(TYPES[format]).header('cache-control', 'public, max-age=31536000, immutable').send(body)
    })
  },
  { name: 'media', dependencies: ['render'] },
)
