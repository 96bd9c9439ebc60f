import type { FastifyBaseLogger } from 'fastify'
import type { ContentSource } from '../../shared/content'
import type { ImageRegistry, SourceImage } from './images'
import { ContentError, type Loaded } from './load'
import { createServedImages } from './served-images'

/**
 * Everything a request reads of the content, from one load: the pages' data, the image registry and
 * whatever the plugins derive from them (the renderer, the page cache, known URLs: kept per snapshot,
 * see plugins/render.ts). A request takes the snapshot current when it first needs one and keeps it to
 * the end, so no answer is ever half old and half new content.
 */
export interface ContentSnapshot {
  readonly content: ContentSource
  readonly images: ImageRegistry
  /** The hashes of the images `content` shows: what /media/ serves (besides the grace of hidden ones). */
  readonly shownImages: ReadonlySet<string>
  /** Warnings of the load (content:check prints them; the server logs them once). */
  readonly warnings: readonly string[]
}

export interface ReloadResult {
  ok: boolean
  /** The content version now served. */
  version: string
  /** Why the new content was refused (the old one is still served). */
  problems: string[]
}

interface HolderOptions {
  /** Loads and validates the whole content folder (throws ContentError listing every problem). */
  load: () => Promise<Loaded>
  log: FastifyBaseLogger
  /** The clock of scheduled publication and of hidden images' grace (tests move it). */
  now?: () => number
  /** Told the outcome of every reload (the metrics count them). */
  onReload?: ((result: 'ok' | 'failed') => void) | undefined
  /** Told every view swapped in (a load, a publication instant passed) and its instant: the schedule's fires. */
  onView?: ((loaded: Loaded, at: number) => void) | undefined
}

/** setTimeout's longest delay: a publication further away is looked at again after it. */
const MAX_TIMER_MS = 2 ** 31 - 1

/**
 * The content being served, and its replacement. `reload()` loads the whole tree into a new snapshot
 * beside the current one and swaps it in one assignment, only when it is valid; otherwise it logs one
 * line per problem and the current snapshot stays. Scheduled articles: the snapshot is a view of the
 * loaded content at an instant, and a timer makes the next view at the next publication instant, so a
 * scheduled article appears then, without a restart or a reload (or at the first request after that
 * instant, should the timer be late or the clock a test's). /media/ serves the images of the current view,
 * and those a swap hid for a grace period (served-images.ts).
 */
export async function createContentHolder({ load, log, now = Date.now, onReload, onView }: HolderOptions) {
  let loaded = await load()
  let current: ContentSnapshot
  // Images the views before showed, served for a grace period: never the snapshots themselves (their page caches must go).
  const served = createServedImages()
  let nextChangeAt: number | null = null
  let timer: NodeJS.Timeout | undefined
  let closed = false

  /** The view of `loaded` now, swapped in; the timer set for the next publication. */
  function install(): void {
    const at = now()
    const view = loaded.at(at)
    const before = current
    current = { content: view.content, images: loaded.images, shownImages: view.shownImages, warnings: loaded.warnings }
    if (before) served.swapped(before, current, at)
    nextChangeAt = view.nextChangeAt
    clearTimeout(timer)
    if (nextChangeAt !== null && !closed) {
      const wait = Math.min(Math.max(nextChangeAt - at, 0), MAX_TIMER_MS)
      timer = setTimeout(publishDue, wait).unref()
    }
    onView?.(loaded, at)
  }
  /** The view at the next publication instant. */
  function publishDue(): void {
    const before = current.content.version
    install()
    if (current.content.version !== before) log.info({ version: current.content.version }, 'scheduled content published')
  }
  /** The view now: the next one if its instant has passed (before the timer fired, or on a test's clock). */
  function viewNow(): ContentSnapshot {
    if (nextChangeAt !== null && now() >= nextChangeAt) publishDue()
    return current
  }
  install()

  let running: Promise<ReloadResult> | null = null
  let queued: Promise<ReloadResult> | null = null

  async function reloadOnce(reason: string): Promise<ReloadResult> {
    const started = Date.now()
    try {
      loaded = await load()
    } catch (err) {
      onReload?.('failed')
      if (!(err instanceof ContentError)) {
        log.error({ err, reason }, 'content reload failed: the current content is still served')
        return { ok: false, version: current.content.version, problems: [(err as Error).message] }
      }
      for (const problem of err.problems) log.error({ reason }, `content error: ${problem}`)
      log.error({ reason, problems: err.problems.length, version: current.content.version }, 'content reload refused: the current content is still served')
      return { ok: false, version: current.content.version, problems: err.problems }
    }
    const before = current.content.version
    install()
    onReload?.('ok')
    for (const warning of loaded.warnings) log.warn({ reason }, `content warning: ${warning}`)
    log.info({ reason, version: current.content.version, previous: before, ms: Date.now() - started }, 'content reloaded')
    return { ok: true, version: current.content.version, problems: [] }
  }

  return {
    /** The snapshot new requests get. */
    get current(): ContentSnapshot {
      return viewNow()
    },
    /**
     * The source of an image variant's hash: one the current view shows, or one a swap hid less than the
     * grace period ago (a page rendered before it may still name it); else undefined (a 404, as an unknown hash).
     */
    image(hash: string): SourceImage | undefined {
      return served.source(viewNow(), hash, now())
    },
    /**
     * Loads the content folder again and swaps it in if valid. Reloads never overlap: one asked for
     * while another runs waits for it and then runs once (however many were asked for meanwhile).
     */
    reload(reason: string): Promise<ReloadResult> {
      if (!running) {
        running = reloadOnce(reason).finally(() => (running = null))
        return running
      }
      queued ??= running.then(() => {
        queued = null
        return this.reload(reason)
      })
      return queued
    },
    close(): void {
      closed = true
      clearTimeout(timer)
    },
  }
}

export type ContentHolder = Awaited<ReturnType<typeof createContentHolder>>
