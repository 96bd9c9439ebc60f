import type { FastifyBaseLogger } from 'fastify'
import { ContentError } from './load'
import { isWriting, MARKER_FILE, readMarker, sameMarker, type Marker } from './marker'

/**
 * How a save reaches every replica (docs/decisions/0015): the content folder is one volume the replicas
 * share, and its marker (marker.ts, `.content-revision`) changes with every save. Every replica looks at
 * the marker every CONTENT_SYNC_MS and loads the content again when it is not the one of its last load.
 * Every load (at start, on a change of the marker, SIGHUP, CONTENT_WATCH, the editor's own reload) reads
 * the marker before and after: odd (a writer between its first and last file) or changed meanwhile, the
 * load is thrown away and done again, so no replica ever swaps in half of a save.
 */

/** Loads tried before giving up while a save is under way; the pauses between them grow to 500 ms (about 2 s in all). */
export const STEADY_TRIES = 8
const pauseBefore = (attempt: number) => Math.min(25 * 2 ** (attempt - 1), 500)
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export interface SteadyOptions {
  tries?: number
  /**
   * The start: after the last try the tree is loaded as it is (each file is whole; a writer that died
   * between its files left the marker odd), with an error in the log, rather than no site at all.
   */
  atStart?: boolean
  log: FastifyBaseLogger
  /** Told the marker each attempt saw (the one to compare the next look with), whatever came of it. */
  onMarker?: (marker: Marker | null) => void
}

/**
 * `load()` with the marker steady around it: even (or absent) before, the same after. Another try when
 * not (a load that failed while the marker moved too: the failure may be the half save's). A reload
 * that never saw it steady fails with a ContentError: the current content stays.
 */
export async function loadSteady<T>(dir: string, load: () => Promise<T>, { tries = STEADY_TRIES, atStart = false, log, onMarker }: SteadyOptions): Promise<T> {
  for (let attempt = 0; attempt < tries; attempt++) {
    if (attempt > 0) await pause(pauseBefore(attempt))
    const before = readMarker(dir)
    onMarker?.(before)
    if (isWriting(before)) continue
    let value: T
    try {
      value = await load()
    } catch (err) {
      if (sameMarker(before, readMarker(dir))) throw err
      continue
    }
    if (sameMarker(before, readMarker(dir))) return value
  }
  const marker = readMarker(dir)
  onMarker?.(marker)
  const why = `${MARKER_FILE} stayed odd or kept changing through ${tries} loads (a save under way, or a writer stopped between its files)`
  if (!atStart) throw new ContentError([`${why}: not loaded; the next change of the marker loads it again`])
  log.error({ marker }, `${why}: loaded as it is; a save through the editor (or deleting ${MARKER_FILE} once the files are checked) clears it`)
  return load()
}

export interface ContentSyncOptions {
  dir: string
  /** CONTENT_SYNC_MS; 0: no timer (look() still works). */
  intervalMs: number
  reload: (reason: string) => Promise<unknown>
  log: FastifyBaseLogger
}

/**
 * The marker's watcher: `load` wraps the holder's load (loadSteady, remembering the marker it saw),
 * `look()` reloads when the marker is even and not that one. One reload at a time; the timer never
 * keeps the process alive.
 */
export function createContentSync({ dir, intervalMs, reload, log }: ContentSyncOptions) {
  /** The marker the last load saw (undefined: none yet). */
  let seen: Marker | null | undefined
  let running: Promise<unknown> | null = null
  let timer: NodeJS.Timeout | undefined

  function look(): Promise<unknown> | null {
    if (running) return running
    const now = readMarker(dir)
    if (isWriting(now) || (seen !== undefined && sameMarker(now, seen))) return null
    log.info({ marker: now, previous: seen }, 'content marker changed: loading the content again')
    running = reload('content marker changed').finally(() => (running = null))
    return running
  }

  return {
    load<T>(load: () => Promise<T>, atStart = false): Promise<T> {
      return loadSteady(dir, load, { atStart, log, onMarker: (marker) => (seen = marker) })
    },
    /** The content was given as it is (tests): the marker now is the one it stands for. */
    given(): void {
      seen = readMarker(dir)
    },
    look,
    start(): void {
      if (intervalMs > 0 && !timer) timer = setInterval(() => void look(), intervalMs).unref()
    },
    async stop(): Promise<void> {
      clearInterval(timer)
      timer = undefined
      await running?.catch(() => undefined)
    },
  }
}

export type ContentSync = ReturnType<typeof createContentSync>
