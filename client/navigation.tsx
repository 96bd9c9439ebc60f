import { useEffect, useLayoutEffect, useMemo, useState } from 'react'
import { flushSync } from 'react-dom'
import { useLocation, useNavigate } from 'react-router'
import { App } from '../shared/app'
import type { Translate } from '../shared/i18n/messages'
import type { PageState } from '../shared/page-state'
import { findRoute, isFullLoadPath, loadRouteComponent } from '../shared/routes'
import { isBuildStale } from './build-watch'
import { applyHead } from './navigation-head'
import { createNavigator, type Navigator } from './navigator'
import { createPayloadLoader } from './payload-loader'
import { guardedReload } from './reload-guard'

/**
 * Client-side navigation in the browser: the navigator (client/navigator.ts) connected to React Router,
 * React and the document. A plain left click on an internal link (`a[data-nav]`, rendered by AppLink)
 * goes through the navigator, which moves React Router (the one owner of the browser history); React
 * Router's location tells it about Back/Forward. Payloads are prefetched when a link comes into view,
 * is hovered or focused.
 */

interface Page {
  state: PageState
  /** Changes with each navigation, so the page component starts afresh as after a page load. */
  key: string
}

/** Loads a page's split-off code, if its route has any (before hydrating it or showing it in place). */
export async function loadPageCode(state: PageState): Promise<void> {
  const route = findRoute(state.routeId)
  if (route) await loadRouteComponent(route)
}

function connect(initial: PageState, setPage: (page: Page) => void): Navigator {
  const payload = createPayloadLoader({ fetch, now: Date.now, prepare: loadPageCode })
  const show = (page: Page, move?: () => void) =>
    flushSync(() => {
      move?.()
      setPage(page)
    })
  return createNavigator({ window, payload, show, applyHead, reload: guardedReload, stale: isBuildStale, isFullLoadPath }, initial)
}

/** Clicks, hover and focus on links, and the browser's own scroll restoration around document loads. */
function listen(nav: Navigator): void {
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    const link = (event.target as Element | null)?.closest?.('a')
    if (link && nav.follow(link)) event.preventDefault()
  })
  const hovered = (event: Event) => {
    const link = (event.target as Element | null)?.closest?.('a[data-nav]')
    if (link) nav.prefetch(link as HTMLAnchorElement)
  }
  document.addEventListener('pointerover', hovered, { passive: true })
  document.addEventListener('focusin', hovered)
  // Within the document the navigator puts the scroll position back; when the document is left, the
  // browser does (on a later Back to it).
  const manual = () => (history.scrollRestoration = 'manual')
  manual()
  window.addEventListener('pageshow', manual)
  window.addEventListener('pagehide', () => (history.scrollRestoration = 'auto'))
}

/** Prefetches the payloads of the page's links as they come into view (not when the visitor saves data). */
function watchLinks(nav: Navigator): (() => void) | undefined {
  const saveData = (window.navigator as { connection?: { saveData?: boolean } }).connection?.saveData
  if (saveData) return
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue
      observer.unobserve(entry.target)
      nav.prefetch(entry.target as HTMLAnchorElement)
    }
  })
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-nav]')) observer.observe(link)
  return () => observer.disconnect()
}

/**
 * The app root in the browser: the page on screen is React state that the navigator replaces, and the
 * navigator follows React Router's location (what every useLocation() answers).
 */
export function NavigationRoot({ initial, t }: { initial: PageState; t: Translate }) {
  const [page, setPage] = useState<Page>(() => ({ state: initial, key: '' }))
  const [nav] = useState(() => connect(initial, setPage))
  const navigate = useNavigate()
  const location = useLocation()
  useLayoutEffect(() => nav.located(location.key, navigate), [location])
  useEffect(() => listen(nav), [nav])
  useEffect(() => watchLinks(nav), [page])
  // A location change alone (Back/Forward, until its page is loaded; a step of the contact form) does not re-render the page.
  return useMemo(() => <App state={page.state} t={t} pageKey={page.key} />, [page])
}
