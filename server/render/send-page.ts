import { Transform } from 'node:stream'
import type { FastifyReply } from 'fastify'
import { PageCache, type CachedPage } from './page-cache'

/** A stream's bytes, once it ends. */
export async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk))
  return Buffer.concat(chunks)
}

/** A cached page: its stored compressed form when the client takes one, never compressed again. */
export function sendCached(reply: FastifyReply, page: CachedPage): FastifyReply {
  const encoded = PageCache.encode(page, reply.request.headers['accept-encoding'])
  reply.code(200)
  if (!encoded) return reply.send(page.body)
  // The same Vary as @fastify/compress gives a fresh render it compresses.
  const vary = reply.getHeader('vary')
  reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding')
  return reply.header('content-encoding', encoded.encoding).send(encoded.body)
}

/**
 * Streams a first render to its visitor while a copy is kept: `finish` gets the whole page once the
 * stream ends, or null if it fails or the visitor goes away before the end.
 */
export function streamAndKeep(body: NodeJS.ReadableStream, etag: string, finish: (page: CachedPage | null) => void): Transform {
  const chunks: Buffer[] = []
  const tee = new Transform({
    transform(chunk, _enc, cb) {
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk))
      cb(null, chunk)
    },
    flush(cb) {
      finish({ body: Buffer.concat(chunks), etag, encoded: {} })
      cb()
    },
  })
  tee.on('error', () => finish(null))
  tee.on('close', () => {
    if (!tee.writableFinished) finish(null)
  })
  body.pipe(tee)
  return tee
}
