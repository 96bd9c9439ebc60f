import { confirmStore } from '../shared/confirm/store'
import { PREFETCH_META } from '../shared/page-state'
import { toast } from '../shared/toast'
import { guardedReload } from './reload-guard'

/**
 * When the page's React code runs (decision 0017). Most pages never need it: their text, links, images, menu
 * and switches work from the HTML and the start-up script. It is loaded and the page hydrated
 * - at the visitor's first touch, click, key or focus inside a part marked `data-hydrate` (the contact form
 *   marks itself so: its checks as the visitor types need React), never before, so nothing blocks the main
 *   thread while the page is only being read;
 * - when any script shows a toast or asks a question (`site.toast.add`, `site.confirm`): their regions are React's.
 * What the visitor typed before the code arrived stays in the fields (use-field-checks.ts reads it back).
 */
export const HYDRATE_SELECTOR = '[data-hydrate]'
const FIRST_INPUT = ['pointerdown', 'focusin', 'keydown', 'input'] as const

let started: Promise<void> | undefined

/** Loads the runtime and hydrates the page, once; a chunk gone with a deploy reloads the page (guarded). */
export function hydrate(): Promise<void> {
  started ??= import('./runtime').then(
    (runtime) => runtime.start(),
    (err: unknown) => {
      console.error('Failed to load the page code', err)
      guardedReload(`chunk failed: ${(err as Error).message}`)
    },
  )
  return started
}

/** Once the page has loaded and the browser is idle: `<link rel="prefetch">` for what the page's meta lists. */
function prefetchWhenIdle(doc: Document): void {
  const urls = doc.querySelector<HTMLMetaElement>(`meta[name="${PREFETCH_META}"]`)?.content.split(' ').filter(Boolean) ?? []
  if (!urls.length) return
  const fetchAhead = () => {
    for (const href of urls) doc.head.append(Object.assign(doc.createElement('link'), { rel: 'prefetch', href }))
  }
  const idle = () => ('requestIdleCallback' in window ? requestIdleCallback(fetchAhead, { timeout: 5000 }) : setTimeout(fetchAhead, 500))
  if (doc.readyState === 'complete') idle()
  else window.addEventListener('load', idle, { once: true })
}

export function hydrateWhenNeeded(doc: Document = document): void {
  prefetchWhenIdle(doc)
  if (doc.querySelector(HYDRATE_SELECTOR)) {
    const onFirstInput = (event: Event) => {
      if (!(event.target as Element | null)?.closest?.(HYDRATE_SELECTOR)) return
      for (const type of FIRST_INPUT) doc.removeEventListener(type, onFirstInput, true)
      void hydrate()
    }
    for (const type of FIRST_INPUT) doc.addEventListener(type, onFirstInput, { capture: true, passive: true })
  }
  const stops: Array<() => void> = []
  const onDemand = () => {
    stops.forEach((stop) => stop())
    void hydrate()
  }
  stops.push(toast.subscribe(onDemand), confirmStore.subscribe(onDemand))
}
