import { PAGE_STATE_ID, type PageState } from '../shared/page-state'

/**
 * Development bundles (`npm run dev`) only: polls /_build/latest.json every second and reloads the tab on a
 * new build. Production bundles drop it (esbuild defines process.env.NODE_ENV and minifies the branch away):
 * there every link loads a document of the running build, and code loaded later that a deploy removed
 * reloads the page once through the reload guard (client/hydrate.ts).
 */
export const DEV_CHECK_INTERVAL_MS = 1000

export function watchDevBuild(): void {
  const state = JSON.parse(document.getElementById(PAGE_STATE_ID)?.textContent ?? '{}') as Partial<PageState>
  setInterval(() => {
    void fetch('/_build/latest.json', { cache: 'no-store' })
      .then((res) => (res.ok ? (res.json() as Promise<{ id?: unknown }>) : null))
      .then((latest) => {
        if (typeof latest?.id === 'string' && latest.id !== state.buildId) location.reload()
      })
      .catch(() => {}) // restarting: try again in a second
  }, DEV_CHECK_INTERVAL_MS)
  console.info('[dev] reloading this tab on every rebuild')
}
