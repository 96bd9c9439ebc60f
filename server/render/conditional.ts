import fresh from 'fresh'
import type { FastifyReply } from 'fastify'
import { preferredCoding } from './page-cache'

/**
 * Conditional requests, in one place: the strong ETag of each encoded form of a page, and the 304.
 *
 * The identity, gzip and brotli bytes of a page are different representations, so each has its own
 * strong validator: the page's tag as is, or suffixed '-br' / '-gz' for the coding this request gets
 * (chosen as the compressor chooses: preferredCoding).
 */
export function etagFor(etag: string, acceptEncoding: string | undefined): string {
  const coding = preferredCoding(acceptEncoding)
  return coding ? `${etag.slice(0, -1)}-${coding === 'br' ? 'br' : 'gz'}"` : etag
}

/**
 * Sets the ETag of the representation this request gets and, when the request's validators match it
 * (If-None-Match, compared weakly as RFC 9110 allows for GET; the `fresh` package decides), answers
 * 304 and returns true: the caller sends nothing else.
 */
export function answerNotModified(reply: FastifyReply, etag: string): boolean {
  const req = reply.request
  const tag = etagFor(etag, req.headers['accept-encoding'])
  reply.header('etag', tag)
  if (!fresh(req.headers, { etag: tag })) return false
  reply.code(304).send()
  return true
}
