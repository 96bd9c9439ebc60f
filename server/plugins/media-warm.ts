import fp from 'fastify-plugin'
import type { MediaConfig } from '../config-media'
import type { SourceImage } from '../content/images'
import { createVariantWarmer, type WarmResult } from '../content/variant-warm'

declare module 'fastify' {
  interface FastifyInstance {
    /** Image variants made ahead (server/content/variant-warm.ts), with MEDIA_WARM on. */
    mediaWarm: MediaWarm
  }
}

export interface MediaWarm {
  /** MEDIA_WARM: whether variants are made ahead at all. */
  readonly enabled: boolean
  /** Queues the variants of an image just stored (the editor's upload); returns at once, never waits for them. */
  image(source: SourceImage): void
  /** The start's round (every image visitors can see), from the moment the app is ready; null before it and when off. */
  readonly start: Promise<WarmResult> | null
  /** Resolves once nothing is queued. */
  idle(): Promise<void>
}

/** The warm's seams (tests): the clock of MEDIA_WARM_READY_TIMEOUT, and a wait before each variant to hold the queue. */
export interface MediaWarmDeps {
  now?: (() => number) | undefined
  beforeVariant?: (() => Promise<unknown>) | undefined
}

/**
 * Every variant the site serves, made before anyone asks: once the app is ready, for every image visitors can
 * see (what is on disk is skipped: a restart with a full cache costs a look at each file); after every new
 * content view (a reload: the editor's publication, content:reload, another replica's save; a scheduled
 * publication's instant); and for an image the editor uploads, right after it is stored (its article is then
 * published with its variants on disk). /readyz says 503 ('media') while the start's round runs, for at most
 * MEDIA_WARM_READY_TIMEOUT (then ready anyway, the warm going on behind). Shutdown stops the queue.
 */
export default fp<{ settings: MediaConfig; deps?: MediaWarmDeps | undefined }>(
  async (app, { settings, deps = {} }) => {
    const log = app.log.child({ component: 'media' })
    const now = deps.now ?? Date.now
    const warmer = createVariantWarmer({ cache: app.mediaVariants, log, beforeVariant: deps.beforeVariant })
    let start: Promise<WarmResult> | null = null
    app.decorate('mediaWarm', {
      enabled: settings.warm,
      image(source: SourceImage): void {
        if (settings.warm) void warmer.warm([source], 'upload')
      },
      get start() {
        return start
      },
      idle: () => warmer.idle(),
    } satisfies MediaWarm)
    if (!settings.warm) return

    /** Every image the current content view shows (what /media/ serves, the grace of hidden ones aside). */
    const shown = (): SourceImage[] => {
      const { images, shownImages } = app.contentHolder.current
      return [...shownImages].flatMap((hash) => images.byHash.get(hash) ?? [])
    }
    let readyAt: number | null = null
    let startDone = false
    let boundPassed = false
    if (settings.warmReadyTimeoutMs > 0) {
      app.readinessChecks.set('media', async () => {
        if (startDone) return true
        if (readyAt === null || now() - readyAt < settings.warmReadyTimeoutMs) return false
        if (!boundPassed) log.info({ timeoutMs: settings.warmReadyTimeoutMs }, "ready before the start's image variants are all made (MEDIA_WARM_READY_TIMEOUT): the rest are made in the background")
        boundPassed = true
        return true
      })
    }
    app.addHook('onReady', async () => {
      readyAt = now()
      // Told the current view at once (the start's round), then every view swapped in. After the swap is through
      // (a microtask): the listener runs inside it, and the view it reads must be the new one.
      app.onContentView(() => {
        if (start) return queueMicrotask(() => void warmer.warm(shown(), 'content'))
        start = warmer.warm(shown(), 'start')
        void start.then(() => (startDone = true))
      })
    })
    app.addHook('onClose', () => warmer.stop())
  },
  { name: 'media-warm', dependencies: ['media', 'content', 'health'] },
)
