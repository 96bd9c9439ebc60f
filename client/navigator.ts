import type { HeadData } from '../shared/head'
import { splitLocalePath } from '../shared/i18n/negotiate'
import type { PageState } from '../shared/page-state'
import type { LoadPayload } from './payload-loader'

/**
 * The rules of client-side navigation, apart from the browser and React so they can be tested alone.
 * A followed link loads the page's payload (state and head tags); then React Router records the new
 * history entry and the page renders, in one update; then the head, the scroll position and the focus
 * become what a page load would give. The page on screen follows React Router's location: when it
 * changes otherwise (Back/Forward), that entry's page is loaded the same way and the visitor's position
 * on it comes back. Anything unexpected loads the document instead.
 */

/** A link as the navigator reads it (an HTMLAnchorElement is one). */
export interface LinkLike {
  readonly href: string
  readonly target: string
  hasAttribute(name: string): boolean
}

/** React Router's navigate, given the path below the locale prefix (with query and fragment). */
export type RouterNavigate = (to: string, options: { replace: boolean }) => void

export interface NavigatorDeps {
  /** The browser window (a fake in tests): its location, document and scrolling. */
  window: Pick<Window, 'location' | 'document' | 'scrollY' | 'scrollTo'>
  payload: LoadPayload
  /**
   * Puts a page on screen (React state; `key` changes with each navigation) after `move` (React Router's
   * navigation, if any), applying both before it returns (flushSync): router and page change together.
   */
  show: (page: { state: PageState; key: string }, move?: () => void) => void
  applyHead: (head: HeadData) => void
  /** Reloads the document unless the reload guard refuses (a reload loop). */
  reload: (reason: string) => void
  /** True once the build changed: links then load documents, with the new code. */
  stale: () => boolean
  /** Routes only a full load may show (the contact form, per-visitor pages). */
  isFullLoadPath: (path: string) => boolean
}

export interface Navigator {
  /** A plain left click on a link: true when the navigator takes it over (the caller prevents the default). */
  follow(link: LinkLike): boolean
  /** Loads a link's payload ahead of a click (the link came into view, or is hovered or focused). */
  prefetch(link: LinkLike): void
  /**
   * React Router's location changed (the browser's URL is the new one): a navigation of the navigator's
   * own, a step of the page, Back/Forward. `key` names its history entry; `navigate` moves it from there.
   */
  located(key: string, navigate: RouterNavigate): void
}

/** Path and query: what tells two pages apart (a fragment does not). */
const here = (url: URL | Location) => url.pathname + url.search

export function createNavigator(deps: NavigatorDeps, initial: PageState): Navigator {
  const { window: win, payload, stale } = deps
  const { location, document } = win
  const { origin } = location
  const { dataset } = document.documentElement
  let current = initial
  /** Path and query of the page on screen. */
  let shown = here(location)
  /** React Router's history entry (its key) and location (path and query), and its navigate. */
  let entry = { key: '', url: shown, navigate: (() => {}) as RouterNavigate }
  /** True while the navigator's own navigation changes React Router's location. */
  let navigating = false
  let sequence = 0
  /** Scroll position of each history entry the visitor left, by React Router's key. */
  const positions = new Map<string, number>()
  /** Marks the document (html[data-navigating]) while a payload loads. */
  const busy = (on: boolean) => (on ? (dataset.navigating = 'true') : delete dataset.navigating)

  /** Focus where a page load would announce the page: its h1, without scrolling to it. */
  function focusHeading(): void {
    const heading = document.getElementById('page-title') ?? document.querySelector<HTMLElement>('main h1')
    if (!heading) return
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
    heading.focus({ preventScroll: true })
  }

  /** The URL a link may be followed to without a document load, or null. */
  function target(link: LinkLike): URL | null {
    if (!link.hasAttribute('data-nav') || link.hasAttribute('download') || (link.target && link.target !== '_self')) return null
    let url: URL
    try {
      url = new URL(link.href)
    } catch {
      return null
    }
    if (url.origin !== origin || url.pathname.startsWith('/_')) return null
    const split = splitLocalePath(url.pathname)
    return split.prefix === current.basename && !deps.isFullLoadPath(split.path) ? url : null
  }

  /**
   * Goes to a page. A followed link records its history entry with React Router's options (a new entry,
   * or `replace` for the URL on screen); without one, React Router's location already moved (Back/Forward).
   */
  async function go(url: URL, link?: { replace: boolean }): Promise<void> {
    // Back/Forward already changed the URL: reload it, but never in a loop (reload guard).
    const fallback = () => (link ? location.assign(url.href) : deps.reload('payload failed'))
    if (stale()) return fallback()
    const { key, navigate } = entry
    const mine = ++sequence
    busy(true)
    const page = await payload(url, current)
    if (mine !== sequence) return // a later navigation took over
    busy(false)
    if (!page) return fallback()
    if (link) positions.set(key, win.scrollY)
    navigating = true
    try {
      deps.show({ state: page.state, key: here(url) }, link && (() => navigate(splitLocalePath(url.pathname).path + url.search + url.hash, link)))
    } finally {
      navigating = false
    }
    current = page.state
    shown = here(url)
    deps.applyHead(page.head)
    // A new page starts at the top, or at the element its fragment names; Back/Forward where the visitor was.
    const fragment = link && url.hash ? document.getElementById(decodeURIComponent(url.hash.slice(1))) : null
    if (fragment) fragment.scrollIntoView()
    else win.scrollTo(0, link ? 0 : (positions.get(key) ?? 0))
    focusHeading()
  }

  return {
    follow(link) {
      const url = target(link)
      if (!url) return false
      // Only the fragment differs: the browser scrolls to it itself.
      if (here(url) === shown && url.hash) return false
      void go(url, { replace: here(url) === entry.url })
      return true
    },
    prefetch(link) {
      const url = stale() ? null : target(link)
      if (url && here(url) !== shown) void payload(url, current)
    },
    located(key, navigate) {
      const left = entry.key
      const url = here(location)
      // React Router keys every entry it did not make (the first page's, a fragment link's) 'default':
      // the path keeps them apart.
      entry = { key: `${key} ${url}`, url, navigate }
      if (navigating) return
      if (entry.url === shown) {
        // An entry of the page on screen (a fragment, the contact form's review step): nothing to load,
        // and a page still loading for another entry must not replace it.
        sequence++
        busy(false)
        return
      }
      positions.set(left, win.scrollY)
      void go(new URL(location.href))
    },
  }
}
