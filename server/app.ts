import Fastify, { LogController, type FastifyInstance } from 'fastify'
import fastifyCookie from '@fastify/cookie'
import type { ContentSource } from '../shared/content'
import { existsSync } from 'node:fs'
import { getHeapStatistics } from 'node:v8'
import { join } from 'node:path'
import { ConfigError, type Config } from './config'
import type { Loaded } from './content/load'
import type { ImageRegistry } from './content/images'
import mediaPlugin from './plugins/media'
import mediaWarmPlugin, { type MediaWarmDeps } from './plugins/media-warm'
import { loadManifest, refuseDevelopmentBuild, type BuildManifest } from './render/manifest'
import { createPageRenderer } from './render/render-page'
import { ENCODINGS } from './render/page-cache'
import compress from '@fastify/compress'
import underPressure from '@fastify/under-pressure'
import healthPlugin from './plugins/health'
import metricsPlugin from './plugins/metrics'
import requestLogPlugin, { LOG_SAFETY, REDACT_PATHS, requestId } from './plugins/request-log'
import securityHeadersPlugin from './plugins/security-headers'
import localePlugin from './plugins/locale'
import errorsPlugin from './plugins/errors'
import renderPlugin from './plugins/render'
import contactPlugin, { type ContactDeps } from './plugins/contact'
import dbPlugin from './plugins/db'
import storesPlugin from './plugins/stores'
import pagesPlugin from './plugins/pages'
import staffPlugin, { type StaffDeps } from './plugins/staff'
import inboxPlugin from './plugins/inbox'
import inboxJobsPlugin, { type InboxJobsDeps } from './plugins/inbox-jobs'
import editorPlugin from './plugins/editor'
import sitemapPlugin from './plugins/sitemap'
import staticPlugin from './plugins/static'
import contentPlugin from './plugins/content'
import contentPreviewPlugin from './plugins/content-preview'
import contentSchedulePlugin from './plugins/content-schedule'
import urlPolicyPlugin, { refuseBadUrls } from './plugins/url-policy'
import { answerClientError } from './client-error'
import { capConnections, httpServerOptions } from './http-limits'
import { validatorCompiler } from './request-schemas'
import { REDACTED } from './logged-url'

export interface AppDeps {
  /** Already-loaded content (tests); by default the content folder is loaded and validated. */
  content?: { content: ContentSource; images: ImageRegistry }
  manifest?: BuildManifest
  /** Where log lines go (default stdout); tests pass a stream to read them. */
  logStream?: NodeJS.WritableStream
  /** Contact form seams (tests): clock, mail transport, outbox timing. */
  contact?: ContactDeps
  /** Staff area seams (tests): its clock. */
  staff?: StaffDeps
  /** The inbox jobs' seams (tests): no timer (their clock is the staff area's). */
  inboxJobs?: Pick<InboxJobsDeps, 'schedule'>
  /** The content's clock in ms (tests): scheduled publication and hidden images' grace. Default Date.now. */
  now?: () => number
  /** The image warm's seams (tests): the clock of MEDIA_WARM_READY_TIMEOUT, a wait before each variant. */
  media?: MediaWarmDeps
}

/** Content a test hands over, served as it is (its `content` object, which a test may have changed). */
function givenContent(given: AppDeps['content']): Loaded | undefined {
  if (!given) return undefined
  const shownImages = new Set(given.images.byHash.keys())
  return { content: given.content, images: given.images, warnings: [], at: () => ({ content: given.content, nextChangeAt: null, shownImages }), schedule: [] }
}

/** Share of the V8 heap limit above which requests get 503 (under-pressure). */
export const HEAP_SHED_FRACTION = 0.9

/** TRUST_PROXY=n: trust the n hops nearest to the server. */
function hopsTrusted(n: number) {
  return (_address: string, hop: number) => hop < n
}

/** The build manifest of DIST_DIR; a missing or unreadable one is a setup error (one line, no stack). */
function readManifest(distDir: string, nodeEnv: Config['nodeEnv']): BuildManifest {
  const file = join(distDir, 'manifest.json')
  if (!existsSync(file)) throw new ConfigError(`DIST_DIR: no build manifest at ${file} (run "npm run build" first, or set DIST_DIR to the build output folder)`)
  let manifest: BuildManifest
  try {
    manifest = loadManifest(distDir)
  } catch (err) {
    throw new ConfigError(`DIST_DIR: ${(err as Error).message.replace(/\s*\n\s*/g, ' ')}`)
  }
  const refused = refuseDevelopmentBuild(manifest, distDir, nodeEnv)
  if (refused) throw new ConfigError(`DIST_DIR: ${refused}`)
  return manifest
}

/** Builds the application without listening: the entry and every test use this. */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      ...LOG_SAFETY,
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    // Fastify's own two lines per request are replaced by the one line of plugins/request-log.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: typeof config.trustProxy === 'number' ? hopsTrusted(config.trustProxy) : config.trustProxy,
    requestIdHeader: false,
    genReqId: requestId,
    // A request that reaches a kept-alive connection while the app closes is still answered (the drain),
    // not refused with a bare 503: behind a balancer that is a visitor's failed request during a rolling restart.
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
    // Over-long and undecodable URLs become the site's own error page instead of the router's JSON.
    rewriteUrl: refuseBadUrls,
    // Requests Node's parser refuses before Fastify sees them (headers too large, malformed, too slow) get a small HTML page.
    clientErrorHandler: answerClientError,
    // Slow clients are cut: 408 for headers or a body that have not arrived in time (server/http-limits.ts).
    http: httpServerOptions(config),
    requestTimeout: config.requestTimeoutMs,
  })
  // Route schemas (body, querystring) are checked by the one AJV factory's instance, the input as sent.
  app.setValidatorCompiler(validatorCompiler)
  capConnections(app.server, config, app.log)
  const manifest = deps.manifest ?? readManifest(config.distDir, config.nodeEnv)
  const missingLog = app.log.child({ component: 'i18n' })
  // One renderer per content snapshot (it reads the snapshot's content; plugins/render.ts keeps them).
  const makeRenderer = (content: ContentSource) =>
    createPageRenderer({
      manifest,
      content,
      development: config.nodeEnv === 'development',
      onMissingMessage: (key, locale, reason) => missingLog.warn({ key, locale, reason }, 'missing message'),
    })

  // Order matters (onRequest hooks run in registration order): logging and the security headers
  // first, so that every answer carries them, the load-shedding 503 included; then load shedding,
  // compression, the URL policy, cookies, and finally the plugins that answer.
  await app.register(requestLogPlugin)
  await app.register(metricsPlugin, { config })
  await app.register(securityHeadersPlugin)
  await app.register(underPressure, {
    maxEventLoopDelay: config.maxEventLoopDelayMs,
    // The last backstop against memory exhaustion: near the heap limit (--max-old-space-size) the
    // server sheds load with 503 instead of dying; every cache of its own is bounded well below it.
    maxHeapUsedBytes: Math.floor(getHeapStatistics().heap_size_limit * HEAP_SHED_FRACTION),
    retryAfter: 10,
    exposeStatusRoute: false,
  })
  // HTML, JSON and XML on the fly; hashed assets are pre-compressed at build (see plugins/static).
  await app.register(compress, { threshold: 1024, encodings: ENCODINGS })
  await app.register(urlPolicyPlugin)
  await app.register(fastifyCookie)
  await app.register(healthPlugin, { manifest })
  // Before any route: a route keeps the error handler that was set when it was added.
  await app.register(errorsPlugin)
  // Content is loaded and validated before anything listens: a broken file stops the start.
  await app.register(contentPlugin, { config, loaded: givenContent(deps.content), now: deps.now })
  await app.register(renderPlugin, { config, makeRenderer })
  await app.register(localePlugin, { config, manifest })
  // The site's database (opened once, closed last) and the stores of the areas that are not the contact form's.
  await app.register(dbPlugin, { config })
  await app.register(storesPlugin)
  await app.register(contactPlugin, { config, deps: deps.contact })
  // The inbox's work for the staff pages, the JSON API and the jobs, on the staff area's clock.
  await app.register(inboxPlugin, { now: deps.staff?.now })
  // The staff area (/admin): its own routes, renderer, sessions and headers, on the staff store (plugins/stores.ts).
  await app.register(staffPlugin, { config, manifest, deps: deps.staff })
  // The content editor's preview: the public renderer drawing content not served yet (drafts, the form as typed).
  await app.register(contentPreviewPlugin, { config, makeRenderer, now: deps.staff?.now })
  // The content editor's work (saves, publications, restores, links), on the staff area's clock.
  await app.register(editorPlugin, { config, now: deps.staff?.now })
  // The inbox's daily jobs (retention erasure, digest), once a day across replicas, on the staff area's clock.
  await app.register(inboxJobsPlugin, { config, deps: { ...deps.inboxJobs, now: deps.staff?.now } })
  // Scheduled publications' audit entries, once across replicas, on the content's clock.
  await app.register(contentSchedulePlugin, { now: deps.now })
  await app.register(pagesPlugin)
  await app.register(sitemapPlugin, { config })
  await app.register(mediaPlugin, { cacheDir: join(config.dataDir, 'media') })
  // Every variant the site serves made before anyone asks: at the start, after each content change, after an upload.
  await app.register(mediaWarmPlugin, { settings: config.media, deps: deps.media })
  await app.register(staticPlugin, { distDir: config.distDir })
  return app
}
