/**
 * Reload guard: when loading a code chunk or a payload fails because the
 * build changed, the page reloads, but at most once per path per 10 000 ms, remembered across the
 * reload (sessionStorage), so a broken deploy cannot put the visitor in a reload loop.
 */
export const RELOAD_WINDOW_MS = 10_000
const KEY = 'reload-guard'

export interface GuardStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
}

/** Records and allows a reload of `path` unless one happened less than 10 s ago. */
export function allowReload(path: string, now: number, storage: GuardStorage): boolean {
  let seen: Record<string, number> = {}
  try {
    seen = JSON.parse(storage.getItem(KEY) ?? '{}') as Record<string, number>
  } catch {
    seen = {}
  }
  const last = seen[path]
  if (typeof last === 'number' && now - last < RELOAD_WINDOW_MS && now >= last) return false
  // Keep the record small: drop entries older than the window.
  const kept = Object.fromEntries(Object.entries(seen).filter(([, t]) => typeof t === 'number' && now - t < RELOAD_WINDOW_MS))
  kept[path] = now
  try {
    storage.setItem(KEY, JSON.stringify(kept))
  } catch {
    return false // without storage we cannot tell a loop from a first try: do not reload
  }
  return true
}

/** Reloads the page if the guard allows it; returns whether it did. */
export function guardedReload(reason: string): boolean {
  const path = location.pathname + location.search
  if (!allowReload(path, Date.now(), sessionStorage)) {
    console.warn(`[reload-guard] not reloading ${path} again within ${RELOAD_WINDOW_MS} ms (${reason})`)
    return false
  }
  location.reload()
  return true
}
