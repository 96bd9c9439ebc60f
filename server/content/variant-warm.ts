import type { FastifyBaseLogger } from 'fastify'
import { IMAGE_FORMATS, imageWidths } from '../../shared/images'
import type { SourceImage } from './images'
import type { VariantCache } from './variant-cache'

/** What a round of the warm did: its images' variants made now, already on disk, the images that failed. */
export interface WarmResult {
  reason: string
  images: number
  made: number
  present: number
  failed: number
  ms: number
  /** The warm was stopped (shutdown) before the round was through. */
  stopped: boolean
}

interface Round extends Omit<WarmResult, 'ms' | 'stopped'> {
  remaining: number
  started: number
  resolve: (result: WarmResult) => void
}

interface WarmerOptions {
  cache: VariantCache
  log: FastifyBaseLogger
  /** Awaited before each variant the warm looks at: the tests hold the queue with it. None by default. */
  beforeVariant?: (() => Promise<unknown>) | undefined
}

/**
 * Image variants made ahead, in the background: one queue per process, one image at a time and one variant at
 * a time (sharp itself runs one thread per image: images.ts), each through the variant cache (variant-cache.ts:
 * what is on disk is skipped, a render a request started is shared, never made twice). A round (the start, a
 * content change, an upload) is a set of images; an image asked for by several rounds waiting in the queue is
 * made once for all of them. An image that cannot be read or converted is logged (warn) and the queue goes on.
 */
export function createVariantWarmer({ cache, log, beforeVariant }: WarmerOptions) {
  const queue = new Map<string, { source: SourceImage; rounds: Round[] }>()
  const open = new Set<Round>()
  let current: { hash: string; rounds: Round[] } | null = null
  let render: Promise<unknown> | null = null
  let worker: Promise<void> | null = null
  let stopped = false

  function finish(round: Round): void {
    open.delete(round)
    const { reason, images, made, present, failed } = round
    const result: WarmResult = { reason, images, made, present, failed, ms: Date.now() - round.started, stopped }
    // The start's and an upload's always (an operator or a bench waits for them); a content change's when it did something.
    if (!stopped) log[reason === 'start' || reason === 'upload' || made || failed ? 'info' : 'debug']({ reason, images, made, present, failed, ms: result.ms }, 'image variants made ahead')
    round.resolve(result)
  }

  /** Every variant of one image; at its first failure the rest of that image is left (its requests will try). */
  async function warmImage(source: SourceImage): Promise<{ made: number; present: number; failed: number }> {
    let made = 0
    let present = 0
    for (const width of imageWidths(source.width)) {
      for (const format of IMAGE_FORMATS) {
        if (beforeVariant) await beforeVariant()
        if (stopped) return { made, present, failed: 0 }
        try {
          const step = cache.ensure(source, width, format)
          render = step
          if ((await step) === 'made') made++
          else present++
        } catch (err) {
          log.warn({ err, image: source.path, hash: source.hash, width, format }, 'image variant not made ahead: the image could not be read or converted (a request for it will try again)')
          return { made, present, failed: 1 }
        } finally {
          render = null
        }
      }
    }
    return { made, present, failed: 0 }
  }

  async function work(): Promise<void> {
    await null // `worker` is set before the loop can end
    while (!stopped && queue.size > 0) {
      const [hash, entry] = queue.entries().next().value!
      queue.delete(hash)
      current = { hash, rounds: entry.rounds }
      const done = await warmImage(entry.source)
      current = null
      if (stopped) break
      for (const round of entry.rounds) {
        round.made += done.made
        round.present += done.present
        round.failed += done.failed
        if (--round.remaining === 0) finish(round)
      }
    }
    worker = null
  }

  return {
    /** Queues the variants of `sources` (each image once, however often named); resolves when they are all on disk or tried. */
    warm(sources: Iterable<SourceImage>, reason: string): Promise<WarmResult> {
      return new Promise<WarmResult>((resolve) => {
        const round: Round = { reason, images: 0, made: 0, present: 0, failed: 0, remaining: 0, started: Date.now(), resolve }
        open.add(round)
        const seen = new Set<string>()
        for (const source of stopped ? [] : sources) {
          if (seen.has(source.hash)) continue
          seen.add(source.hash)
          round.images++
          round.remaining++
          const waiting = current?.hash === source.hash ? current : queue.get(source.hash)
          if (waiting) waiting.rounds.push(round)
          else queue.set(source.hash, { source, rounds: [round] })
        }
        if (round.remaining === 0) finish(round)
        else worker ??= work()
      })
    },
    /** Resolves once the queue is empty (at once when it is). */
    idle(): Promise<void> {
      return worker ?? Promise.resolve()
    },
    /** Images queued or being warmed now. */
    get pending(): number {
      return queue.size + (current ? 1 : 0)
    },
    /** Stops the queue (shutdown): nothing more is started; the one variant being made is waited for, rounds end as stopped. */
    async stop(): Promise<void> {
      stopped = true
      queue.clear()
      for (const round of [...open]) finish(round)
      await render?.catch(() => {})
    },
  }
}

export type VariantWarmer = ReturnType<typeof createVariantWarmer>
