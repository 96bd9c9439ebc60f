import { createNavigator, type LinkLike, type Navigator, type NavigatorDeps } from '../../client/navigator'
import { createPayloadLoader } from '../../client/payload-loader'
import type { PageState } from '../../shared/page-state'
import { payloadPagePath } from '../../shared/payload-url'

/** The navigator's unit tests share this: the navigator with its browser, React and server faked. */
export const ORIGIN = 'https://site.test'
export const state = (path: string, over: Partial<PageState> = {}) =>
  ({ locale: 'en', basename: '/en', path, routeId: path, params: {}, data: null, error: null, switchTargets: {}, buildId: 'b1', ...over }) as unknown as PageState
export const head = (title: string) => ({ title }) as never

/** An anchor as the navigator reads it. */
export function link(href: string, attrs: Record<string, string> = { 'data-nav': '' }): LinkLike {
  return { href: new URL(href, ORIGIN).href, target: attrs.target ?? '', hasAttribute: (name) => name in attrs }
}

/** The navigator with every dependency faked: a server, React Router's history, the window, the clock. */
export function setup(start = '/en', options: { answer?: (url: string) => Response | Promise<Response>; stale?: boolean } = {}) {
  const log: string[] = []
  const fetched: string[] = []
  let now = 0
  let y = 0
  let inBatch = false
  const elements = new Set(['team'])
  const answer = options.answer ?? ((url: string) => {
    const path = payloadPagePath(new URL(url, ORIGIN).pathname, 'b1')!
    return Response.json({ state: state(path.replace(/^\/en/, '') || '/'), head: head(path) })
  })
  // React Router's history: entries with keys (and a fragment, which its location keeps apart);
  // navigate pushes or replaces, Back/Forward moves; every change is told to the navigator.
  const entries: { key: string; url: string; hash: string }[] = [{ key: 'default', url: start, hash: '' }]
  let index = 0
  let keys = 0
  const moved = () => navigator.located(entries[index]!.key, router.navigate)
  const router = {
    navigate(to: string, { replace }: { replace: boolean }) {
      log.push(`${replace ? 'replace' : 'push'} ${to}${inBatch ? '' : ' (outside the batch)'}`)
      const { pathname, search, hash } = new URL(to, ORIGIN)
      const entry = { key: `k${++keys}`, url: (pathname === '/' ? '/en' : '/en' + pathname) + search, hash }
      if (replace) entries[index] = entry
      else entries.splice(++index, entries.length, entry)
      moved()
    },
    /** Back/Forward, or another part of the page moving React Router (the contact form's review step). */
    go(delta: number) {
      index += delta
      moved()
    },
    /** An entry another part of the page makes; a fragment link's has no key of React Router's. */
    push(url: string, hash = '') {
      entries.splice(++index, entries.length, { key: hash ? 'default' : `k${++keys}`, url, hash })
      moved()
    },
    get url() {
      return entries[index]!.url + entries[index]!.hash
    },
  }
  const payload = createPayloadLoader({
    fetch: async (url, init) => {
      fetched.push(url)
      if (init.headers.accept !== 'application/json') throw new Error('payloads are asked for as JSON')
      return answer(url)
    },
    now: () => now,
    prepare: async (s) => {
      if (s.routeId === '/broken-chunk') throw new Error('chunk failed')
    },
  })
  // The window: scrolling, the document's heading and fragment targets, document loads.
  const element = (id: string) => ({
    attrs: {} as Record<string, string>,
    hasAttribute(name: string) { return name in this.attrs },
    setAttribute(name: string, value: string) { this.attrs[name] = value },
    focus: (options: FocusOptions) => log.push(`focus ${id}${options.preventScroll ? '' : ' (scrolling)'}`),
    scrollIntoView: () => log.push(`scroll to #${id}`),
  })
  const heading = element('h1')
  // html[data-navigating] while a payload loads: logged as 'busy' and 'idle'.
  const dataset = new Proxy({} as Record<string, string | undefined>, {
    set: (target, name: string, value) => (log.push('busy'), (target[name] = value), true),
    deleteProperty: (target, name: string) => (log.push('idle'), delete target[name]),
  })
  const window = {
    location: {
      origin: ORIGIN,
      assign: (href: string) => log.push(`load ${href}`),
      get href() { return ORIGIN + entries[index]!.url + entries[index]!.hash },
      get pathname() { return new URL(this.href).pathname },
      get search() { return new URL(this.href).search },
    },
    document: {
      documentElement: { dataset },
      getElementById: (id: string) => (id === 'page-title' ? heading : elements.has(id) ? element(id) : null),
      querySelector: () => null,
    },
    get scrollY() { return y },
    scrollTo: (_x: number, to: number) => void (y = to),
  }
  const navigator: Navigator = createNavigator(
    {
      window: window as unknown as NavigatorDeps['window'],
      payload,
      show: ({ state: s, key }, move) => {
        inBatch = true
        move?.()
        log.push(`render ${s.path} ${key}`)
        inBatch = false
      },
      applyHead: (h) => log.push(`head ${(h as { title: string }).title}${dataset.navigating ? ' (still marked as loading)' : ''}`),
      reload: (reason) => log.push(`reload (${reason})`),
      stale: () => options.stale ?? false,
      isFullLoadPath: (path) => path.startsWith('/contact'),
    },
    state(start.replace(/^\/en/, '') || '/'),
  )
  moved() // React Router's first location
  log.length = 0
  /** Follows a link as a click would and waits for the navigation to finish. */
  const click = async (href: string, attrs?: Record<string, string>) => {
    const taken = navigator.follow(link(href, attrs))
    await settle()
    return taken
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
  return {
    navigator, router, log, fetched, click, settle, heading,
    get y() { return y },
    set y(value: number) { y = value },
    tick: (ms: number) => void (now += ms),
  }
}
