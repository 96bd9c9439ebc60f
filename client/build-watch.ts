/**
 * Build updates: polls /_build/latest.json 1000 ms after load, then on an
 * interval and whenever the tab becomes visible again. Once the running build differs from the one
 * the page came from, `isBuildStale()` is true and the next navigation is a full page load.
 * Development bundles (`npm run dev`) poll every second and reload the tab on a new build; that branch
 * is dropped from production bundles (esbuild defines process.env.NODE_ENV and minifies it away).
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

export const DEV_CHECK_INTERVAL_MS = 1000

export function watchBuild(buildId: string): void {
  if (process.env.NODE_ENV === 'development') {
    setInterval(() => {
      void check(buildId).then(() => {
        if (stale) location.reload()
      })
    }, DEV_CHECK_INTERVAL_MS)
    console.info('[dev] reloading this tab on every rebuild')
    return
  }
  setTimeout(() => void check(buildId), FIRST_CHECK_DELAY_MS)
  setInterval(() => void check(buildId), CHECK_INTERVAL_MS)
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void check(buildId)
  })
}
