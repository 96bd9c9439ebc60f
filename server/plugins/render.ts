import { STATUS_CODES } from 'node:http'
import fp from 'fastify-plugin'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { isBot } from '../../shared/i18n/negotiate'
import type { PageError } from '../../shared/page-state'
import type { Config } from '../config'
import type { PageRenderer, RenderRequest } from '../render/render-page'
import { PageCache, preferredCoding, type CachedPage } from '../render/page-cache'
import { PageTemplates, TEMPLATE_SLOT } from '../render/page-templates'
import { Transform } from 'node:stream'
import { LRUCache } from 'lru-cache'
import { catalog } from '../i18n/catalog'
import { lookupMessage } from '../../shared/i18n/messages'
import { loadRouteComponent, routes } from '../../shared/routes'
import { answerLocale, publicOrigin, requestPath, requestSearch } from '../request-locale'

declare module 'fastify' {
  interface FastifyReply {
    /** Renders the page for a path (or the error page) and sends it. */
    renderPage(pathname: string, forced?: PageError, options?: RenderPageOptions): Promise<FastifyReply>
  }
}

/** For pages that answer a form POST (the contact form). */
export interface RenderPageOptions {
  /** Handed to the route's loader as LoaderContext.form. */
  form?: unknown
  /** Status of a page that rendered normally (422 for a form with errors); error pages keep theirs. */
  statusCode?: number
  /**
   * A page that differs per request by one value only (the contact form's token), instead of `form`:
   * the page of `form(slot)` is rendered once with a placeholder as the slot, kept under `key` (with
   * origin, path and year), and each answer gets `value` put in its place (server/render/page-templates.ts).
   * Without the page cache it is an ordinary render of `form(value)`.
   */
  template?: { key: string; value: string; form: (slot: string) => unknown } | undefined
}

interface RenderPluginOptions {
  config: Config
  renderer: PageRenderer
  /** In-memory cache of rendered pages; absent when PAGE_CACHE=false. */
  cache?: PageCache | undefined
}

export const PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, must-revalidate'

/** A stream's bytes, once it ends. */
async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk))
  return Buffer.concat(chunks)
}

/**
 * Error answers are the translated HTML error page, whatever the method, except for the JSON API
 * ('/api/…') and requests that ask for JSON and not for HTML (the client's payload and message loads).
 */
function wantsPage(req: FastifyRequest): boolean {
  const path = requestPath(req)
  if (path === '/api' || path.startsWith('/api/')) return false
  const accept = req.headers.accept ?? ''
  return !(accept.includes('application/json') && !accept.includes('text/html'))
}

/** A JSON error body with a message in the request's language. */
export function jsonError(req: FastifyRequest, reply: FastifyReply, statusCode: number): FastifyReply {
  const locale = answerLocale(req)
  const message = lookupMessage(catalog[locale], `titles.errors.${statusCode}.title`) ?? STATUS_CODES[statusCode] ?? 'Error'
  return reply.code(statusCode).type('application/json; charset=utf-8').send({ statusCode, message })
}

/** If-None-Match against a strong ETag ('*' or a list, weak forms compared weakly as RFC 9110 allows for GET). */
/**
 * The strong ETag of one encoded form (RFC 9110 8.8.3: the identity, gzip and brotli bytes are
 * different representations): the page's tag as is, or suffixed '-br' / '-gz', for the coding this
 * request gets (the same choice as PageCache.encode and @fastify/compress: brotli, then gzip).
 */
export function etagFor(etag: string, acceptEncoding: string | undefined): string {
  const coding = preferredCoding(acceptEncoding)
  return coding ? `${etag.slice(0, -1)}-${coding === 'br' ? 'br' : 'gz'}"` : etag
}

export function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  const opaque = etag.replace(/^W\//, '')
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque)
}

/** A cached page: its stored compressed form when the client takes one, never compressed again. */
function sendCached(reply: FastifyReply, page: CachedPage): FastifyReply {
  const encoded = PageCache.encode(page, reply.request.headers['accept-encoding'])
  reply.code(200)
  if (!encoded) return reply.send(page.body)
  // The same Vary as @fastify/compress gives a fresh render it compresses.
  const vary = reply.getHeader('vary')
  reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding')
  return reply.header('content-encoding', encoded.encoding).send(encoded.body)
}

export default fp<RenderPluginOptions>(
  async (app, { config, renderer, cache }) => {
    // Pages whose code is split from the client entry are loaded now: a render never waits for one.
    await Promise.all(routes.map(loadRouteComponent))
    // A page's canonical URL (origin, path, canonical query, year) -> its ETag, so that a hit skips route
    // matching and the loader. Only canonical URLs are kept (a URL with any other query is resolved as
    // usual), so visitors cannot grow it past the site's own pages; bounded by bytes all the same.
    const knownUrls = new LRUCache<string, string>({ max: 20_000, maxSize: 8 * 1024 * 1024, sizeCalculation: (etag, key) => key.length + etag.length + 64 })
    const templates = new PageTemplates()
    app.decorateReply('renderPage', async function (this: FastifyReply, pathname: string, forced?: PageError, options: RenderPageOptions = {}) {
      const req = this.request
      const request: RenderRequest = {
        pathname,
        search: new URLSearchParams(requestSearch(req)),
        origin: publicOrigin(req, config),
        bot: isBot(req.headers['user-agent']),
        onError: (err) => req.log.error({ err }, 'render failed'),
        form: options.form,
      }
      this.type('text/html; charset=utf-8')
      if (options.template) {
        const { key, value, form } = options.template
        if (cache) {
          const render = async () => {
            const page = await renderer.prepare({ ...request, form: form(TEMPLATE_SLOT) }, forced).render()
            return page.statusCode === 200 ? await collect(page.body) : null
          }
          const parts = await templates.get(`${request.origin}|${pathname}|${key}|${new Date().getFullYear()}`, TEMPLATE_SLOT, render)
          if (parts) return this.code(options.statusCode ?? 200).send(PageTemplates.fill(parts, value))
        }
        // No cache, or not a template after all (an error page): this request's page, rendered as usual.
        request.form = form(value)
      }
      // Browsers revalidate every time (cheap: ETag/304); a shared cache (CDN) may keep a page a minute.
      // Pages never vary by cookie, and content changes only with a deploy (a restart).
      if (!this.hasHeader('cache-control')) this.header('cache-control', PAGE_CACHE_CONTROL)
      // Fast path: a URL already seen maps to its cache key, so a hit skips route matching and the loader.
      const query = requestSearch(req)
      const urlKey = cache && !forced && options.form === undefined && !options.statusCode ? `${request.origin}|${pathname}${query ? `?${query}` : ''}|${new Date().getFullYear()}` : null
      const known = urlKey ? knownUrls.get(urlKey) : undefined
      if (known && urlKey && cache) {
        const etag = etagFor(known, req.headers['accept-encoding'])
        this.header('etag', etag)
        if (ifNoneMatch(req.headers['if-none-match'], etag)) return this.code(304).send()
        const hit = cache.get(urlKey)
        if (hit) return sendCached(this, hit)
      }
      const prepared = renderer.prepare(request, forced)
      if (urlKey && prepared.etag && prepared.cacheKey === urlKey) knownUrls.set(urlKey, prepared.etag)
      const key = cache && prepared.cacheKey && !options.statusCode ? prepared.cacheKey : null
      if (prepared.etag && !options.statusCode) {
        // Same inputs, same bytes: the validator is known before rendering, for fresh and cached answers alike.
        const etag = etagFor(prepared.etag, req.headers['accept-encoding'])
        this.header('etag', etag)
        if (ifNoneMatch(req.headers['if-none-match'], etag)) return this.code(304).send()
      }
      if (key && cache) {
        // No await between the lookups and begin(): the first request for a key becomes its only renderer.
        const hit = cache.get(key)
        if (hit) return sendCached(this, hit)
        const pending = cache.pending(key)
        if (pending) {
          const page = await pending
          if (page) return sendCached(this, page)
        }
      }
      const finish = key && cache && !cache.pending(key) ? cache.begin(key) : null
      let page
      try {
        page = await prepared.render()
      } catch (err) {
        finish?.(null)
        throw err
      }
      const status = page.statusCode === 200 && options.statusCode ? options.statusCode : page.statusCode
      this.code(status)
      if (status !== 200) this.removeHeader('etag')
      // A failure is never kept by a shared cache: the next request may well succeed.
      if (status >= 500) this.header('cache-control', 'no-store')
      if (!finish) return this.send(page.body)
      if (page.statusCode !== 200) {
        finish(null)
        return this.send(page.body)
      }
      // The first render streams to its visitor while a copy is kept for the cache.
      const chunks: Buffer[] = []
      const tee = new Transform({
        transform(chunk, _enc, cb) {
          chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk))
          cb(null, chunk)
        },
        flush(cb) {
          finish({ body: Buffer.concat(chunks), etag: prepared.etag!, encoded: {} })
          cb()
        },
      })
      tee.on('error', () => finish(null))
      tee.on('close', () => {
        if (!tee.writableFinished) finish(null)
      })
      page.body.pipe(tee)
      return this.send(tee)
    })

    // One catch-all page route: every path of the route table in its three locale forms, and the 404s.
    app.get('/*', async (req, reply) => (wantsPage(req) ? reply.renderPage(requestPath(req)) : jsonError(req, reply, 404)))

    // Only other methods get here (the catch-all takes every GET and HEAD): a page's path is still not found for them.
    app.setNotFoundHandler(async (req, reply) => {
      const path = requestPath(req)
      if (wantsPage(req)) return reply.header('cache-control', 'no-store').renderPage(path, { statusCode: 404, statusMessage: `Page not found: ${path}` })
      return jsonError(req, reply, 404)
    })

    app.setErrorHandler(async (err: Error & { statusCode?: number }, req, reply) => {
      const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500
      if (status >= 500) req.log.error({ err }, 'request failed')
      else req.log.info({ reason: err.message, statusCode: status }, 'request rejected')
      if (reply.sent) return
      if (wantsPage(req)) {
        return reply.header('cache-control', 'no-store').renderPage(requestPath(req), { statusCode: status, statusMessage: STATUS_CODES[status] ?? 'Error' })
      }
      return jsonError(req, reply, status)
    })
  },
  { name: 'render' },
)
