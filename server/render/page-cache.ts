import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

export type Encoding = 'br' | 'gzip'

/** A rendered page kept in memory, with its compressed forms made once, on first need. */
export interface CachedPage {
  body: Buffer
  etag: string
  encoded: Partial<Record<Encoding, Buffer>>
}

/**
 * A bounded LRU of rendered pages (by bytes) with single-flight: while the first request for a
 * key renders (and streams), later requests for the same key wait for it instead of rendering
 * again, so a miss storm renders a page once.
 */
export class PageCache {
  private readonly entries = new Map<string, CachedPage>()
  private readonly inFlight = new Map<string, Promise<CachedPage | null>>()
  private bytes = 0

  constructor(private readonly maxBytes: number) {}

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes }
  }

  get(key: string): CachedPage | undefined {
    const page = this.entries.get(key)
    if (page) {
      // Refresh its place in the LRU order.
      this.entries.delete(key)
      this.entries.set(key, page)
    }
    return page
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
    const size = (p: CachedPage) => p.body.length + (p.encoded.br?.length ?? 0) + (p.encoded.gzip?.length ?? 0)
    if (size(page) > this.maxBytes) return
    const old = this.entries.get(key)
    if (old) this.bytes -= size(old)
    this.entries.delete(key)
    this.entries.set(key, page)
    this.bytes += size(page)
    for (const [k, p] of this.entries) {
      if (this.bytes <= this.maxBytes) break
      this.entries.delete(k)
      this.bytes -= size(p)
    }
  }

  /** The page in an encoding the client accepts, or null for identity. */
  static encode(page: CachedPage, acceptEncoding: string | undefined): { encoding: Encoding; body: Buffer } | null {
    // The same choice as the ETag suffix (etagFor) and @fastify/compress: brotli, then gzip.
    const encoding = preferredCoding(acceptEncoding)
    const body = encoding && page.encoded[encoding]
    return encoding && body ? { encoding, body } : null
  }
}

/** The coding an answer gets: brotli when accepted, else gzip when accepted, else none. */
export function preferredCoding(header: string | undefined): Encoding | null {
  if (accepts(header, 'br')) return 'br'
  return accepts(header, 'gzip') ? 'gzip' : null
}

/** Whether an Accept-Encoding header accepts a coding (q=0 refuses it). */
export function accepts(header: string | undefined, coding: string): boolean {
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    if (name !== coding && name !== '*') continue
    const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean)
    return q === undefined || Number(q) > 0
  }
  return false
}
