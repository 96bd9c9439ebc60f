import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { basename, extname, join, resolve, sep } from 'node:path'
import sharp from 'sharp'
import type { ImageRef } from '../../shared/content'
import type { ImageFormat } from '../../shared/images'

// Variants are cached on disk; libvips' own operation cache would only hold memory (RSS goal).
sharp.cache(false)
// One libvips thread per image, as sharp itself picks under glibc's malloc. Under jemalloc (the Docker image
// preloads it) sharp would take one per core the host has, which in a container is the node's, not the pod's.
sharp.concurrency(1)

export interface SourceImage {
  path: string
  hash: string
  width: number
  height: number
}

/** An image's content hash: the key of its variant URLs and of their cache files (the first 16 hex digits of its bytes' SHA-256). */
export function imageHash(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 16)
}

/** Every image the content references, by content hash (the key of its variant URLs). */
export class ImageRegistry {
  readonly byHash = new Map<string, SourceImage>()
  private readonly byPath = new Map<string, SourceImage>()

  constructor(private readonly contentDir: string) {}

  /** Reads an image's size; throws a plain reason when the file is missing or not an image. */
  async register(relPath: string, alt: string): Promise<ImageRef> {
    const path = resolve(this.contentDir, relPath)
    if (!path.startsWith(resolve(this.contentDir) + sep)) throw new Error(`image ${relPath} is outside the content folder`)
    let source = this.byPath.get(path)
    if (!source) {
      let bytes: Buffer
      try {
        bytes = readFileSync(path)
      } catch {
        throw new Error(`image ${relPath} does not exist`)
      }
      let meta: sharp.Metadata
      try {
        meta = await sharp(bytes).metadata()
      } catch {
        throw new Error(`image ${relPath} is not a readable image`)
      }
      if (!meta.width || !meta.height) throw new Error(`image ${relPath} has no size`)
      const hash = imageHash(bytes)
      source = { path, hash, width: meta.width, height: meta.height }
      this.byPath.set(path, source)
      this.byHash.set(hash, source)
    }
    const name = basename(relPath, extname(relPath)).replace(/[^A-Za-z0-9_-]/g, '-')
    return { hash: source.hash, name, width: source.width, height: source.height, alt }
  }
}

export type VariantFormat = ImageFormat

export async function renderVariant(source: SourceImage, width: number, format: VariantFormat): Promise<Buffer> {
  const pipeline = sharp(readFileSync(source.path), { density: 144 }).resize({ width, withoutEnlargement: true }).flatten({ background: '#ffffff' })
  if (format === 'avif') return pipeline.avif({ quality: 50, effort: 2 }).toBuffer()
  if (format === 'webp') return pipeline.webp({ quality: 72 }).toBuffer()
  return pipeline.jpeg({ quality: 78, mozjpeg: true }).toBuffer()
}

export function variantCachePath(cacheDir: string, hash: string, width: number, format: VariantFormat): string {
  return join(cacheDir, `${hash}-${width}.${format}`)
}
