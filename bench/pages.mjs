// The public pages the browser benches visit (lighthouse.mjs, phone.mjs): one of each kind, both languages.
// One real slug of each kind from content/ (both exist in ja and en).
const NEWS_SLUG = '2026-04-new-head-office'
const PROJECT_SLUG = 'toranomon-office-building'

export const PAGES = [
  ['home', '/'],
  ['about', '/about'],
  ['news', '/news'],
  ['news-article', `/news/${NEWS_SLUG}`],
  ['projects', '/construction-project'],
  ['project', `/construction-project/${PROJECT_SLUG}`],
  ['contact', '/contact'],
  ['404', '/this-page-does-not-exist'],
]

/** Each page in each language, as `{ name, lang, path }`, kept to the names `filter` lists (all when empty). */
export function pageTargets(filter = [], langs = ['ja', 'en']) {
  const targets = []
  for (const [name, path] of PAGES) {
    if (filter.length && !filter.some((f) => name === f || name.includes(f))) continue
    for (const lang of langs) targets.push({ name, lang, path: lang === 'en' ? (path === '/' ? '/en' : `/en${path}`) : path })
  }
  if (!targets.length) throw new Error(`--pages matched none of: ${PAGES.map(([name]) => name).join(', ')}`)
  return targets
}

/**
 * Keeps one core busy (a child process spinning) while a bench runs, as another process on the visitor's
 * or the test machine would: `const stop = busyCore(); … stop()`.
 */
export async function busyCore() {
  const { spawn } = await import('node:child_process')
  // Spins in slices and ends itself once this process is gone (a bench stopped hard cannot leave it behind).
  const spin = `const p = ${process.pid}; (function spin() { const end = Date.now() + 200; while (Date.now() < end); try { process.kill(p, 0) } catch { process.exit() } setImmediate(spin) })()`
  const child = spawn(process.execPath, ['-e', spin], { stdio: 'ignore' })
  return () => child.kill('SIGKILL')
}
