/**
 * Build updates: polls /_build/latest.json 1000 ms after load, then on an
 * interval and whenever the tab becomes visible again. Once the running build differs from the one
 * the page came from, `isBuildStale()` is true and the next navigation is a full page load.
 */
export const FIRST_CHECK_DELAY_MS = 1000
export const CHECK_INTERVAL_MS = 5 * 60 * 1000

let stale = false

export function isBuildStale(): boolean {
  return stale
}

async function check(buildId: string): Promise<void> {
  try {
    const res = await fetch('/_build/latest.json', { cache: 'no-store' })
    if (!res.ok) return
    const latest = (await res.json()) as { id?: unknown }
    if (typeof latest.id === 'string' && latest.id !== buildId) stale = true
  } catch {
    // offline or restarting: try again later
  }
}

export function watchBuild(buildId: string): void {
  setTimeout(() => void check(buildId), FIRST_CHECK_DELAY_MS)
  setInterval(() => void check(buildId), CHECK_INTERVAL_MS)
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void check(buildId)
  })
}
