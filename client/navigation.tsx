import { useEffect, useState } from 'react'
import { flushSync } from 'react-dom'
import { App } from '../shared/app'
import type { HeadData } from '../shared/head'
import type { Translate } from '../shared/i18n/messages'
import { splitLocalePath } from '../shared/i18n/negotiate'
import type { PageState } from '../shared/page-state'
import { findRoute, isFullLoadPath, loadRouteComponent } from '../shared/routes'
import { isBuildStale } from './build-watch'
import { guardedReload } from './reload-guard'
import { applyHead } from './navigation-head'

/**
 * Client-side navigation between pages of the route table. A click on an internal link (`a[data-nav]`,
 * rendered by AppLink) loads the page's payload (GET /_payload/{buildId}/<path>.json: its state and head
 * tags) instead of the document, renders it, and then does what a page load would: new history entry,
 * title and head tags, scroll to the top (or back where the visitor was, on Back/Forward), focus on the
 * page's h1. Anything unexpected falls back to a full document load. Payloads are prefetched when a
 * link enters the viewport, is hovered or focused.
 */

export interface Payload {
  state: PageState
  head: HeadData
}

/** How long a fetched payload is reused (the server lets caches keep it as long). */
const PAYLOAD_TTL_MS = 60_000
const CACHE_LIMIT = 40

let current: PageState
/** Path and query of the page on screen (the URL its state was rendered for). */
let currentUrl = ''
let render: ((state: PageState, url: string) => void) | null = null
/** Set by requireFullLoads(): every following navigation is a full load (as when isBuildStale()). */
let fullLoadsOnly = false
let sequence = 0
let entryKey = ''
const scrollByEntry = new Map<string, number>()
const cache = new Map<string, { at: number; payload: Promise<Payload | null> }>()
let observer: IntersectionObserver | null = null

/** From now on links load documents (the build changed: the next page must come with the new code). */
export function requireFullLoads(): void {
  fullLoadsOnly = true
}

export function payloadUrl(buildId: string, url: URL): string {
  return `/_payload/${encodeURIComponent(buildId)}${url.pathname === '/' ? '/index' : url.pathname}.json${url.search}`
}

const here = (url: URL | Location) => url.pathname + url.search

/** The URL a link may be followed to without a document load, or null. */
function navTarget(a: HTMLAnchorElement): URL | null {
  if (!a.hasAttribute('data-nav') || a.hasAttribute('download') || (a.target && a.target !== '_self')) return null
  let url: URL
  try {
    url = new URL(a.href)
  } catch {
    return null
  }
  if (url.origin !== location.origin || url.pathname.startsWith('/_')) return null
  const split = splitLocalePath(url.pathname)
  if (split.prefix !== current.basename || isFullLoadPath(split.path)) return null
  return url
}

/** A page's payload, with its route's split-off code loaded (so it renders at once); null on any failure. */
async function fetchPayload(url: string): Promise<Payload | null> {
  try {
    const res = await fetch(url, { headers: { accept: 'application/json' } })
    if (!(res.ok || res.status === 404) || !(res.headers.get('content-type') ?? '').includes('json')) return null
    const body = (await res.json()) as Partial<Payload>
    const state = body.state
    if (!state || !body.head || state.buildId !== current.buildId || state.locale !== current.locale) return null
    const route = findRoute(state.routeId)
    if (route) await loadRouteComponent(route)
    return body as Payload
  } catch {
    return null
  }
}

/** The payload of a page, from the small in-memory cache or the server. */
function loadPayload(url: URL): Promise<Payload | null> {
  const key = payloadUrl(current.buildId, url)
  const hit = cache.get(key)
  if (hit && Date.now() - hit.at < PAYLOAD_TTL_MS) return hit.payload
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!)
  const payload = fetchPayload(key).then((p) => {
    if (!p) cache.delete(key) // failures are not remembered
    return p
  })
  cache.set(key, { at: Date.now(), payload })
  return payload
}

/** The build changed (client/build-watch.ts) or a caller asked: links load documents, with the new code. */
const documentsOnly = () => fullLoadsOnly || isBuildStale()

function prefetch(a: HTMLAnchorElement): void {
  if (documentsOnly()) return
  const url = navTarget(a)
  if (url && here(url) !== currentUrl) void loadPayload(url)
}

function newKey(): string {
  return Math.random().toString(36).slice(2, 10)
}

/** Focus where a page load would announce the page: its h1, without scrolling to it. */
function focusHeading(): void {
  const heading = document.getElementById('page-title') ?? document.querySelector<HTMLElement>('main h1')
  if (!heading) return
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
  heading.focus({ preventScroll: true })
}

function scrollAfter(url: URL, y: number | null): void {
  const target = url.hash ? document.getElementById(decodeURIComponent(url.hash.slice(1))) : null
  if (y !== null) window.scrollTo(0, y)
  else if (target) target.scrollIntoView()
  else window.scrollTo(0, 0)
}

/** Goes to a page: 'push' for a link, 'pop' for Back/Forward (the URL has already changed). */
async function navigate(url: URL, mode: 'push' | 'replace' | 'pop'): Promise<void> {
  // Back/Forward already changed the URL: reload it, but never in a loop (reload guard).
  const fallback = () => (mode === 'pop' ? void guardedReload('payload failed') : location.assign(url.href))
  if (documentsOnly() || !render) return fallback()
  const mine = ++sequence
  document.documentElement.dataset.navigating = 'true'
  const payload = await loadPayload(url)
  if (mine !== sequence) return // a later navigation took over
  delete document.documentElement.dataset.navigating
  if (!payload) return fallback()
  if (mode !== 'pop') {
    scrollByEntry.set(entryKey, window.scrollY)
    history.replaceState({ ...history.state, navKey: entryKey, navScroll: window.scrollY }, '')
    entryKey = newKey()
    if (mode === 'push') history.pushState({ navKey: entryKey }, '', url.href)
    else history.replaceState({ navKey: entryKey }, '', url.href)
  }
  const savedY = mode === 'pop' ? (scrollByEntry.get(entryKey) ?? (history.state?.navScroll as number | undefined) ?? 0) : null
  flushSync(() => render!(payload.state, here(url)))
  current = payload.state
  currentUrl = here(url)
  applyHead(payload.head)
  scrollAfter(url, savedY)
  focusHeading()
}

function onClick(event: MouseEvent): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
  const a = (event.target as Element | null)?.closest?.('a')
  if (!a) return
  const url = navTarget(a)
  if (!url) return
  // Only the fragment differs: the browser scrolls to it itself.
  if (here(url) === currentUrl && url.hash) return
  event.preventDefault()
  void navigate(url, here(url) === here(location) ? 'replace' : 'push')
}

function onPopState(event: PopStateEvent): void {
  // Entries of the same page (a fragment, the contact form's review step) are not navigations.
  if (here(location) === currentUrl) return
  scrollByEntry.set(entryKey, window.scrollY)
  entryKey = (event.state?.navKey as string | undefined) ?? newKey()
  void navigate(new URL(location.href), 'pop')
}

function onPageHide(): void {
  // Leaving the document: a later Back restores this entry's position from its state.
  history.replaceState({ ...history.state, navKey: entryKey, navScroll: window.scrollY }, '')
  history.scrollRestoration = 'auto'
}

function onPageShow(): void {
  history.scrollRestoration = 'manual'
}

/** Watches the page's links for prefetching (again after each navigation: the links changed). */
function observeLinks(): void {
  if (!observer) {
    if (typeof IntersectionObserver === 'undefined') return
    observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue
        observer!.unobserve(entry.target)
        prefetch(entry.target as HTMLAnchorElement)
      }
    })
  }
  observer.disconnect()
  const saveData = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData
  if (saveData) return
  for (const a of document.querySelectorAll<HTMLAnchorElement>('a[data-nav]')) observer.observe(a)
}

function start(initial: PageState): void {
  current = initial
  currentUrl = here(location)
  entryKey = (history.state?.navKey as string | undefined) ?? newKey()
  history.replaceState({ ...history.state, navKey: entryKey }, '')
  history.scrollRestoration = 'manual'
  document.addEventListener('click', onClick)
  const hovered = (event: Event) => {
    const a = (event.target as Element | null)?.closest?.('a[data-nav]')
    if (a) prefetch(a as HTMLAnchorElement)
  }
  document.addEventListener('pointerover', hovered, { passive: true })
  document.addEventListener('focusin', hovered)
  window.addEventListener('popstate', onPopState)
  window.addEventListener('pagehide', onPageHide)
  window.addEventListener('pageshow', onPageShow)
}

/** The app root in the browser: the page on screen is React state that navigation replaces. */
export function NavigationRoot({ initial, t }: { initial: PageState; t: Translate }) {
  const [page, setPage] = useState<{ state: PageState; key: string }>(() => ({ state: initial, key: '' }))
  useEffect(() => {
    start(initial)
    render = (state, url) => setPage({ state, key: url })
  }, [])
  useEffect(observeLinks, [page])
  return <App state={page.state} t={t} pageKey={page.key} />
}
