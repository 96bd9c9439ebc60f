import fp from 'fastify-plugin'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { LRUCache } from 'lru-cache'
import { isBot } from '../../shared/i18n/negotiate'
import type { ContentSource } from '../../shared/content'
import type { PageError } from '../../shared/page-state'
import { loadRouteComponent, routes } from '../../shared/routes'
import type { Config } from '../config'
import { pageCacheKey } from '../render/cache-key'
import { answerNotModified } from '../render/conditional'
import { PageCache, type CachedPage } from '../render/page-cache'
import type { ContentSnapshot } from '../content/snapshot'
import { snapshotOf } from './content'
import { PageTemplates, TEMPLATE_SLOT } from '../render/page-templates'
import type { PageRenderer, PreparedPage, RenderRequest } from '../render/render-page'
import { collect, sendCached, streamAndKeep } from '../render/send-page'
import { publicOrigin, requestSearch } from '../request-locale'

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
  /** The renderer of one content snapshot's pages. */
  makeRenderer: (content: ContentSource) => PageRenderer
}

/**
 * What is derived from one content snapshot: its renderer, its rendered pages (the page cache, absent
 * when PAGE_CACHE=false), the canonical URLs it knows and its form templates. Kept per snapshot
 * (a WeakMap: dropped with the snapshot once no request reads it), so a reload never serves a page
 * of the old content from a cache, and requests still running on the old snapshot keep theirs.
 */
interface SnapshotState {
  renderer: PageRenderer
  cache: PageCache | undefined
  knownUrls: LRUCache<string, string>
  templates: PageTemplates
}

/** Browsers revalidate every time (cheap: ETag/304); a shared cache (CDN) may keep a page a minute. */
export const PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, must-revalidate'

/**
 * reply.renderPage: the page of a path, in these steps, each of which may answer:
 * 1. a form template (the contact form): the kept page with this visitor's token put in;
 * 2. a known canonical URL: its ETag (304) and its cached bytes, without route matching;
 * 3. the route resolved (prepare): its ETag (304), then the cache, or the render under way for the key;
 * 4. the render itself, streamed to the visitor while a copy is kept for the cache.
 */
export default fp<RenderPluginOptions>(
  async (app, { config, makeRenderer }) => {
    // Pages whose code is split from the client entry are loaded now: a render never waits for one.
    await Promise.all(routes.map(loadRouteComponent))
    const states = new WeakMap<ContentSnapshot, SnapshotState>()
    function stateOf(req: FastifyRequest): SnapshotState {
      const snapshot = snapshotOf(req)
      let state = states.get(snapshot)
      if (!state) {
        state = {
          renderer: makeRenderer(snapshot.content),
          cache: config.pageCache ? new PageCache(config.pageCacheMaxBytes) : undefined,
          // A page's canonical URL -> its ETag, so that a hit skips route matching and the loader. Only
          // canonical URLs are kept (a URL with any other query is resolved as usual), so visitors cannot
          // grow it past the site's own pages; bounded by bytes all the same.
          knownUrls: new LRUCache<string, string>({ max: 20_000, maxSize: 8 * 1024 * 1024, sizeCalculation: (etag, key) => key.length + etag.length + 64 }),
          templates: new PageTemplates(),
        }
        states.set(snapshot, state)
      }
      return state
    }
    /** A page served from the cache (or from the render under way for its key): a hit for the metrics. */
    const sendHit = (reply: FastifyReply, page: CachedPage) => {
      app.metrics?.pageCache('hit')
      return sendCached(reply, page)
    }

    /** True when the template answered (a reply is thenable, so it is never returned from an async step). */
    async function serveTemplate(
      { renderer, cache, templates }: SnapshotState,
      reply: FastifyReply,
      request: RenderRequest,
      forced: PageError | undefined,
      options: RenderPageOptions,
    ): Promise<boolean> {
      const { key, value, form } = options.template!
      if (cache) {
        const render = async () => {
          const page = await renderer.prepare({ ...request, form: form(TEMPLATE_SLOT) }, forced).render()
          return page.statusCode === 200 ? await collect(page.body) : null
        }
        const parts = await templates.get(pageCacheKey(request.origin, `${request.pathname}#${key}`), TEMPLATE_SLOT, render)
        if (parts) {
          reply.code(options.statusCode ?? 200).send(PageTemplates.fill(parts, value))
          return true
        }
      }
      // No cache, or not a template after all (an error page): this request's page, rendered as usual.
      request.form = form(value)
      return false
    }

    function serveKnown({ cache, knownUrls }: SnapshotState, reply: FastifyReply, urlKey: string): FastifyReply | null {
      const etag = knownUrls.get(urlKey)
      if (!etag || !cache) return null
      if (answerNotModified(reply, etag)) return reply
      const hit = cache.get(urlKey)
      return hit ? sendHit(reply, hit) : null
    }

    async function renderAndKeep(
      cache: PageCache | undefined,
      reply: FastifyReply,
      prepared: PreparedPage,
      key: string | null,
      statusCode: number | undefined,
    ): Promise<FastifyReply> {
      const finish = key && cache && !cache.pending(key) ? cache.begin(key) : null
      let page
      try {
        page = await prepared.render()
      } catch (err) {
        finish?.(null)
        throw err
      }
      const status = page.statusCode === 200 && statusCode ? statusCode : page.statusCode
      reply.code(status)
      if (status !== 200) reply.removeHeader('etag')
      // A failure is never kept by a shared cache: the next request may well succeed.
      if (status >= 500) reply.header('cache-control', 'no-store')
      if (finish && page.statusCode === 200) return reply.send(streamAndKeep(page.body, prepared.etag!, finish))
      finish?.(null)
      return reply.send(page.body)
    }

    app.decorateReply('renderPage', async function (this: FastifyReply, pathname: string, forced?: PageError, options: RenderPageOptions = {}) {
      const req = this.request
      const query = requestSearch(req)
      const request: RenderRequest = {
        pathname,
        search: new URLSearchParams(query),
        origin: publicOrigin(req, config),
        bot: isBot(req.headers['user-agent']),
        onError: (err) => req.log.error({ err }, 'render failed'),
        form: options.form,
      }
      this.type('text/html; charset=utf-8')
      const state = stateOf(req)
      const { renderer, cache, knownUrls } = state
      if (options.template && (await serveTemplate(state, this, request, forced, options))) return this
      // Pages never vary by cookie; content changes with a reload (the ETag and the cache follow it).
      if (!this.hasHeader('cache-control')) this.header('cache-control', PAGE_CACHE_CONTROL)
      const plain = cache && !forced && options.form === undefined && !options.statusCode
      const urlKey = plain ? pageCacheKey(request.origin, pathname + (query ? `?${query}` : '')) : null
      const known = urlKey ? serveKnown(state, this, urlKey) : null
      if (known) return known
      const prepared = renderer.prepare(request, forced)
      if (urlKey && prepared.etag && prepared.cacheKey === urlKey) knownUrls.set(urlKey, prepared.etag)
      // Same inputs, same bytes: the validator is known before rendering, for fresh and cached answers alike.
      if (prepared.etag && !options.statusCode && answerNotModified(this, prepared.etag)) return this
      const key = cache && prepared.cacheKey && !options.statusCode ? prepared.cacheKey : null
      // No await between the lookups and renderAndKeep's begin(): the first request for a key is its only renderer.
      const hit = key && cache!.get(key)
      if (hit) return sendHit(this, hit)
      const pending = key && cache!.pending(key)
      const waited = pending ? await pending : null
      if (waited) return sendHit(this, waited)
      if (key) app.metrics?.pageCache('miss')
      return renderAndKeep(cache, this, prepared, key, options.statusCode)
    })
  },
  { name: 'render', dependencies: ['content'] },
)
