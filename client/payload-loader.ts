import type { HeadData } from '../shared/head'
import type { PageState } from '../shared/page-state'
import { payloadUrl } from '../shared/payload-url'

/** What client-side navigation loads instead of a document: the page's state and its head tags. */
export interface Payload {
  state: PageState
  head: HeadData
}

export interface PayloadLoaderDeps {
  fetch: (url: string, init: { headers: Record<string, string> }) => Promise<Response>
  now: () => number
  /** Loads the code a page's route needs before it renders (its split-off chunk); rejects on failure. */
  prepare: (state: PageState) => Promise<void>
}

/** The payload of a URL for a page of this build and language, or null. */
export type LoadPayload = (url: URL, expected: Pick<PageState, 'buildId' | 'locale'>) => Promise<Payload | null>

/** How long a fetched payload is reused (the server lets caches keep it as long). */
export const PAYLOAD_TTL_MS = 60_000
/** Most payloads kept; the oldest goes first. */
export const CACHE_LIMIT = 40

/**
 * Loads payloads (GET /_payload/{buildId}/<path>.json, accept: application/json) and keeps each for a
 * minute, so a link prefetched on hover, focus or in view opens without waiting. A failure of any kind
 * (network, not JSON, another build or language, the page's code) answers null and is not remembered.
 */
export function createPayloadLoader({ fetch, now, prepare }: PayloadLoaderDeps): LoadPayload {
  const cache = new Map<string, { at: number; payload: Promise<Payload | null> }>()

  async function request(url: string, expected: Pick<PageState, 'buildId' | 'locale'>): Promise<Payload | null> {
    try {
      const res = await fetch(url, { headers: { accept: 'application/json' } })
      // A missing page's payload is its 404 error state: shown like any other page.
      if (!(res.ok || res.status === 404) || !(res.headers.get('content-type') ?? '').includes('json')) return null
      const body = (await res.json()) as Partial<Payload> | null
      const state = body?.state
      if (!state || !body.head || state.buildId !== expected.buildId || state.locale !== expected.locale) return null
      await prepare(state)
      return body as Payload
    } catch {
      return null
    }
  }

  return (url, expected) => {
    const key = payloadUrl(expected.buildId, url.pathname, url.search)
    const at = now()
    const hit = cache.get(key)
    if (hit && at - hit.at < PAYLOAD_TTL_MS) return hit.payload
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!)
    const payload = request(key, expected).then((found) => {
      if (!found) cache.delete(key)
      return found
    })
    cache.set(key, { at, payload })
    return payload
  }
}
