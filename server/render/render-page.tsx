import { createHash } from 'node:crypto'
import { Transform } from 'node:stream'
import { renderToPipeableStream } from 'react-dom/server'
import { StaticRouter } from 'react-router'
import { App } from '../../shared/app'
import { createTranslator, type Translate } from '../../shared/i18n/messages'
import { DEFAULT_LOCALE, LOCALE_CODES, type Locale } from '../../shared/i18n/locales'
import { splitLocalePath } from '../../shared/i18n/negotiate'
import type { ContentSource } from '../../shared/content'
import type { PageError } from '../../shared/page-state'
import { routeModules } from '../../shared/routes'
import { catalog } from '../i18n/catalog'
import { pageCacheKey } from './cache-key'
import { documentEnd, documentStart } from './document'
import type { BuildManifest } from './manifest'
import { describePages } from './page-description'
import { resolvePage, type Resolution } from './resolve'

export interface RenderRequest {
  pathname: string
  /** The query string (list pages read ?page= and ?category=). */
  search: URLSearchParams
  /** Public origin for absolute URLs ('https://example.com'). */
  origin: string
  /** Crawlers get the whole document at once; people get it streamed. */
  bot: boolean
  /** Reports an error thrown while building the page (logged with the request's context). */
  onError: (err: unknown) => void
  /** Form state handed to the route's loader (LoaderContext.form), e.g. the contact form after a POST. */
  form?: unknown
}

export interface RenderedPage {
  statusCode: number
  body: NodeJS.ReadableStream
}

export interface RendererDeps {
  manifest: BuildManifest
  content: ContentSource
  development: boolean
  /** Reports missing message keys once each. */
  onMissingMessage: (key: string, locale: Locale, reason: string) => void
  /** Aborts a render that takes longer than this. */
  renderTimeoutMs?: number
}

/** A page resolved (route, loader data, status) but not rendered yet. */
export interface PreparedPage {
  /**
   * The identity of the output: two requests with the same key get the same bytes (same path,
   * canonical query, language, origin, build, content and year). Null when the page depends on
   * more than that (form state, a forced error) or is an error page (unbounded keys).
   */
  cacheKey: string | null
  /** A strong validator derived from the key: known before the first byte, so fresh and cached answers carry the same ETag. */
  etag: string | null
  render(): Promise<RenderedPage>
}

export interface PageRenderer {
  (req: RenderRequest, forced?: PageError): Promise<RenderedPage>
  prepare(req: RenderRequest, forced?: PageError): PreparedPage
}

export function createPageRenderer(deps: RendererDeps): PageRenderer {
  const translators = Object.fromEntries(
    LOCALE_CODES.map((code) => [
      code,
      createTranslator(code, catalog[code], {
        fallbackMessages: code === DEFAULT_LOCALE ? undefined : catalog[DEFAULT_LOCALE],
        onMissing: deps.onMissingMessage,
      }),
    ]),
  ) as Record<Locale, Translate>

  const { pageState, headFor } = describePages({ ...deps, translators })

  function stream(resolution: Resolution, error: PageError | null, req: RenderRequest): Promise<NodeJS.ReadableStream> {
    const state = pageState(resolution, error)
    const head = headFor(resolution, error, req.origin)
    // React writes 4 KiB views and long strings one by one, then calls flush() when a batch of work is
    // complete (the shell, later each Suspense boundary). Passing every write on costs one socket write
    // each; holding them until flush() sends the document start and the shell as one chunk, and still
    // streams whatever React completes later as it completes.
    let held: (Buffer | string)[] = [documentStart(head, deps.manifest, !error && resolution.kind === 'page' ? routeModules(resolution.route) : [])]
    const release = (stream: Transform) => {
      if (held.length === 0) return
      stream.push(held.length === 1 ? held[0] : Buffer.concat(held.map((c) => (typeof c === 'string' ? Buffer.from(c) : c))))
      held = []
    }
    const out = Object.assign(
      new Transform({
        transform(chunk: Buffer, _enc, cb) {
          held.push(chunk)
          cb()
        },
        flush(cb) {
          held.push(documentEnd(state))
          release(this)
          cb()
        },
      }),
      { flush: () => release(out) },
    )
    const app = (
      <StaticRouter location={resolution.prefix + resolution.path} basename={resolution.prefix || '/'}>
        <App state={state} t={translators[resolution.locale]} />
      </StaticRouter>
    )
    return new Promise((resolve, reject) => {
      let failed = false
      const { pipe, abort } = renderToPipeableStream(app, {
        onShellReady() {
          if (!req.bot) resolve(pipe(out) as unknown as NodeJS.ReadableStream)
        },
        onAllReady() {
          if (req.bot && !failed) resolve(pipe(out) as unknown as NodeJS.ReadableStream)
        },
        onShellError(err) {
          failed = true
          clearTimeout(timer)
          reject(err)
        },
        onError: (err) => req.onError(err),
      })
      const timer = setTimeout(() => abort(new Error('render timeout')), deps.renderTimeoutMs ?? 10_000)
      timer.unref()
      out.on('close', () => clearTimeout(timer))
      out.on('end', () => clearTimeout(timer))
    })
  }

  function resolveFor(req: RenderRequest, forced?: PageError): { resolution: Resolution; error: PageError | null; cacheKey: string | null; etag: string | null } {
    let resolution: Resolution
    let error: PageError | null
    try {
      resolution = resolvePage(req.pathname, req.search, deps.content, req.form)
      error = forced ?? (resolution.kind === 'error' ? resolution.error : null)
    } catch (err) {
      // A loader failed: the page cannot be built, the error page can.
      req.onError(err)
      error = INTERNAL_ERROR
      resolution = { kind: 'error', ...splitLocalePath(req.pathname), error }
    }
    const cacheable = !error && req.form === undefined && resolution.kind === 'page' && !resolution.route.perVisitor
    // The page's canonical URL as sent ('/en', '/ja/about', '/news?page=2'): the plugins compare a request's URL with it.
    const url = resolution.prefix && resolution.path === '/' ? resolution.prefix : resolution.prefix + resolution.path
    const cacheKey = cacheable ? pageCacheKey(req.origin, url + (resolution.kind === 'page' ? resolution.canonicalSearch : '')) : null
    // The page's strong validator; the plugins suffix it with the content-coding each answer gets.
    const etag = cacheKey ? `"${createHash('sha256').update(`${cacheKey}|${deps.manifest.id}|${deps.content.version}`).digest('base64url').slice(0, 27)}"` : null
    return { resolution, error, cacheKey, etag }
  }

  function prepare(req: RenderRequest, forced?: PageError): PreparedPage {
    const { resolution, error, cacheKey, etag } = resolveFor(req, forced)
    return {
      cacheKey,
      etag,
      async render() {
        try {
          return { statusCode: error?.statusCode ?? 200, body: await stream(resolution, error, req) }
        } catch (err) {
          // Already reported through onError; render the 500 page instead, unless that is what failed.
          if (error?.statusCode === 500) throw err
          return { statusCode: 500, body: await stream(resolution, INTERNAL_ERROR, req) }
        }
      },
    }
  }

  const render = ((req: RenderRequest, forced?: PageError) => prepare(req, forced).render()) as PageRenderer
  render.prepare = prepare
  return render
}

export const INTERNAL_ERROR: PageError = { statusCode: 500, statusMessage: 'Internal Server Error' }
