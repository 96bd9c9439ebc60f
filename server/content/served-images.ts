import type { ImageRegistry, SourceImage } from './images'

/**
 * Which images /media/ serves: those the content visitors see now shows, and for a short while those it
 * stopped showing. A draft's or a scheduled article's images are not public until the article is; an
 * article taken back to draft takes its images with it once the grace below has passed.
 */

/**
 * How long an image stays served after the content stops showing it (a reload taking an article back
 * to draft or deleting it, a changed cover). Pages naming it may still be out there: shared caches keep
 * pages `s-maxage=60`, a page rendered just before the swap is still being sent, and an open tab
 * fetches its lazy images as the visitor scrolls. Ten minutes covers those with room; much longer
 * would keep a withdrawn image public longer than an editor expects.
 */
export const HIDDEN_IMAGE_GRACE_MS = 10 * 60_000

/** A variant URL in rendered HTML (Markdown images): its hash. */
const MEDIA_URL = /\/media\/([0-9a-f]{16})\//g

/**
 * The hashes of every image the given content shows: each image reference (`{ hash, name, width, … }`:
 * covers, galleries, site images) and each /media/ URL in a text (images in Markdown bodies), found
 * anywhere in the values given (objects, arrays, maps). Give it only what visitors may see.
 */
export function imagesShownBy(...values: unknown[]): Set<string> {
  const hashes = new Set<string>()
  const seen = new Set<object>()
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      if (value.includes('/media/')) for (const m of value.matchAll(MEDIA_URL)) hashes.add(m[1]!)
      return
    }
    if (!value || typeof value !== 'object' || seen.has(value)) return
    seen.add(value)
    const ref = value as { hash?: unknown; name?: unknown; width?: unknown }
    if (typeof ref.hash === 'string' && typeof ref.name === 'string' && typeof ref.width === 'number') hashes.add(ref.hash)
    const children = value instanceof Map ? value.values() : Array.isArray(value) ? value : Object.values(value)
    for (const child of children) visit(child)
  }
  for (const value of values) visit(value)
  return hashes
}

/** What a content view offers /media/: its registry and the hashes it shows. */
export interface ImageView {
  readonly images: ImageRegistry
  readonly shownImages: ReadonlySet<string>
}

/**
 * The images served across views: those of the current view, plus those a view before showed and the
 * current one does not, each until HIDDEN_IMAGE_GRACE_MS after the swap that hid it.
 */
export function createServedImages(graceMs = HIDDEN_IMAGE_GRACE_MS) {
  const hidden = new Map<string, { source: SourceImage; until: number }>()
  return {
    /** The view `before` was replaced by `after` at `at` (ms). */
    swapped(before: ImageView, after: ImageView, at: number): void {
      for (const hash of before.shownImages) {
        const source = before.images.byHash.get(hash)
        if (!after.shownImages.has(hash) && source && !hidden.has(hash)) hidden.set(hash, { source, until: at + graceMs })
      }
      for (const [hash, { until }] of hidden) if (after.shownImages.has(hash) || until <= at) hidden.delete(hash)
    },
    /** The source behind a hash at `at` in `view`, or undefined: not shown, or hidden longer than the grace. */
    source(view: ImageView, hash: string, at: number): SourceImage | undefined {
      if (view.shownImages.has(hash)) return view.images.byHash.get(hash)
      const kept = hidden.get(hash)
      return kept && at < kept.until ? kept.source : undefined
    },
  }
}
