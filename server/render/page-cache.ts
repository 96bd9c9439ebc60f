import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { negotiate } from '@fastify/accept-negotiator'
import { LRUCache } from 'lru-cache'

export type Encoding = 'br' | 'gzip'

/** The codings the site serves, in its order of preference (the same list @fastify/compress is given in app.ts). */
export const ENCODINGS: Encoding[] = ['br', 'gzip']

/** A rendered page kept in memory, with its compressed forms made once, on first need. */
export interface CachedPage {
  body: Buffer
  etag: string
  encoded: Partial<Record<Encoding, Buffer>>
}

const size = (p: CachedPage) => p.body.length + (p.encoded.br?.length ?? 0) + (p.encoded.gzip?.length ?? 0)

/**
 * A bounded LRU of rendered pages (by bytes) with single-flight: while the first request for a
 * key renders (and streams), later requests for the same key wait for it instead of rendering
 * again, so a miss storm renders a page once.
 */
export class PageCache {
  private readonly entries: LRUCache<string, CachedPage>
  private readonly inFlight = new Map<string, Promise<CachedPage | null>>()

  constructor(maxBytes: number) {
    this.entries = new LRUCache({ maxSize: maxBytes, sizeCalculation: size })
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.entries.calculatedSize }
  }

  get(key: string): CachedPage | undefined {
    return this.entries.get(key)
  }

  /** The render under way for a key, if any. */
  pending(key: string): Promise<CachedPage | null> | undefined {
    return this.inFlight.get(key)
  }

  /** Marks a key as being rendered; call the returned function with the page (or null on failure). */
  begin(key: string): (page: CachedPage | null) => void {
    let settle!: (page: CachedPage | null) => void
    this.inFlight.set(key, new Promise((resolve) => (settle = resolve)))
    let done = false
    return (page) => {
      if (done) return
      done = true
      this.inFlight.delete(key)
      if (page) this.set(key, page)
      settle(page)
    }
  }

  private set(key: string, page: CachedPage): void {
    // Compressed forms are made once here, so a hit never compresses.
    if (page.body.length >= 1024) {
      page.encoded.br ??= brotliCompressSync(page.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } })
      page.encoded.gzip ??= gzipSync(page.body, { level: 6 })
    }
    // A page larger than the whole budget is not kept (lru-cache refuses it).
    this.entries.set(key, page)
  }

  /** The page in an encoding the client accepts, or null for identity. */
  static encode(page: CachedPage, acceptEncoding: string | undefined): { encoding: Encoding; body: Buffer } | null {
    const encoding = preferredCoding(acceptEncoding)
    const body = encoding && page.encoded[encoding]
    return encoding && body ? { encoding, body } : null
  }
}

/**
 * The coding an answer gets, chosen exactly as @fastify/compress chooses for a fresh render (the same
 * negotiator, the same aliases: '*' and 'x-gzip' count as gzip), so a cached page and a rendered one
 * never differ in coding, and the ETag suffix follows the same choice.
 */
export function preferredCoding(header: string | undefined): Encoding | null {
  if (!header) return null
  return negotiate(header.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), ENCODINGS)
}
