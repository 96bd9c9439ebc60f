// Lighthouse on the built site: performance, accessibility, best practices and SEO for the main pages in
// both languages, with the mobile (default) and desktop presets. It reports; it does not gate anything.
//   node bench/lighthouse.mjs [--only mobile|desktop] [--pages home,news-article] [--lang ja|en]
//                             [--timeout 1500] [--markdown] [--verbose] [--save DIR] [--busy]
// Needs `npm run build` first. Starts the built server on loopback with the shipped content (from a copy of
// dist/, see built-server.mjs), launches Chromium once (CHROME_PATH, default /usr/bin/chromium) and runs
// Lighthouse's programmatic API against it, one page at a time, after one plain request that warms the page
// cache. Prints one line per page and preset with the four scores and, for every category under 100, the ids of
// its failing audits (performance: the metrics too); --verbose adds each failing audit's first items,
// --markdown a table for the README, --save DIR each run's full report (JSON).
// A run that errors (Chrome's trace sometimes misses its start) is tried once more. The 404 page is measured as
// served (status 404, noindex): Lighthouse needs ignoreStatusCode to load it, and its best-practices and SEO
// scores then count the 404 status and the noindex, which are by design.
// Bounded in time: each run gives up after 120 s and the whole script after --timeout seconds (default 1500).
import * as chromeLauncher from 'chrome-launcher'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import lighthouse, { desktopConfig } from 'lighthouse'
import { arg, CHROME_FLAGS, CHROME_PATH, startBuiltServer } from './built-server.mjs'
import { busyCore, pageTargets } from './pages.mjs'

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo']
const SHORT = { performance: 'perf', accessibility: 'a11y', 'best-practices': 'bp', seo: 'seo' }
const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
]
const RUN_TIMEOUT_MS = 120_000

const presets = (arg('only', 'mobile,desktop') || '').split(',')
for (const p of presets) if (p !== 'mobile' && p !== 'desktop') throw new Error(`--only: mobile or desktop, not ${p}`)
const pageFilter = arg('pages', '')?.split(',').filter(Boolean) ?? []
const langs = (arg('lang', 'ja,en') || '').split(',')
const totalTimeoutMs = Number(arg('timeout', '1500')) * 1000
const markdown = process.argv.includes('--markdown')
const verbose = process.argv.includes('--verbose')
const saveDir = arg('save', '')
// --busy: another process keeps one core spinning for the whole run (a busy machine).
const busy = process.argv.includes('--busy')

const targets = pageTargets(pageFilter, langs)

const hardStop = setTimeout(() => {
  console.error(`gave up after ${totalTimeoutMs / 1000} s`)
  process.exit(2)
}, totalTimeoutMs)
hardStop.unref()

const withTimeout = (promise, ms, what) =>
  Promise.race([promise, new Promise((_, reject) => setTimeout(() => reject(new Error(`${what}: no result after ${ms / 1000} s`)), ms).unref())])

/** Ids of the audits that cost a category points (weight > 0, score < 1), worst first. */
function failingAudits(lhr, categoryId) {
  return lhr.categories[categoryId].auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
    .filter(({ audit }) => audit && audit.score !== null && audit.score < 1)
    .sort((a, b) => a.audit.score - b.audit.score)
    .map(({ audit }) => (audit.scoreDisplayMode === 'numeric' ? `${audit.id}(${audit.score.toFixed(2)})` : audit.id))
}

/** The first items of an audit's details table, one short line each (what --verbose prints). */
function auditItems(audit, max = 4) {
  const items = audit.details?.items ?? []
  return items.slice(0, max).map((item) => {
    const parts = []
    for (const [key, value] of Object.entries(item)) {
      if (value && typeof value === 'object' && value.type === 'node') parts.push(`${key}=${value.snippet ?? value.nodeLabel}`)
      else if (value && typeof value === 'object' && value.type === 'source-location') parts.push(`${key}=${value.url}:${value.line}`)
      else if (typeof value === 'string' || typeof value === 'number') parts.push(`${key}=${value}`)
    }
    return parts.join(' ').replace(/\s+/g, ' ').slice(0, 300)
  })
}

function metricLine(lhr) {
  return METRICS.map(([id, label]) => {
    const a = lhr.audits[id]
    if (!a) return `${label} ?`
    return id === 'cumulative-layout-shift' ? `${label} ${a.numericValue.toFixed(3)}` : `${label} ${Math.round(a.numericValue)}ms`
  }).join(' ')
}

const server = await startBuiltServer()
const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' })
const stopBusy = busy ? await busyCore() : () => {}
const results = []
let exitCode = 0
const cleanup = async () => {
  stopBusy()
  await chrome.kill()
  await server.stop()
}
process.once('SIGINT', () => void cleanup().then(() => process.exit(130)))

try {
  console.log(`lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, ` +
    `${CHROME_PATH}, ${server.origin}, ${new Date().toISOString()}${busy ? ', one core kept busy' : ''}`)
  console.log(`${'page'.padEnd(44)} ${'preset'.padEnd(7)} perf a11y   bp  seo`)
  for (const preset of presets) {
    for (const target of targets) {
      const url = server.origin + target.path
      const flags = {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
        // The bare root negotiates the language: ask for the page's own so it is not redirected.
        extraHeaders: { 'Accept-Language': target.lang === 'en' ? 'en' : 'ja' },
        ignoreStatusCode: target.name === '404',
      }
      const label = `${target.name} ${target.lang} ${target.path}`.padEnd(44)
      // Warm the server's page cache first: visitors get cached pages; only the first one after a start
      // waits for the render, and Lighthouse's simulation would count that render as server time.
      await fetch(url, { headers: flags.extraHeaders }).then((r) => r.arrayBuffer()).catch(() => {})
      let lhr
      try {
        const started = Date.now()
        for (let attempt = 1; ; attempt++) {
          try {
            const result = await withTimeout(lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined), RUN_TIMEOUT_MS, url)
            lhr = result?.lhr
            if (!lhr) throw new Error('no result')
            if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`)
            break
          } catch (err) {
            if (attempt === 2) throw err
          }
        }
        target.ms = Date.now() - started
      } catch (err) {
        exitCode = 1
        console.log(`${label} ${preset.padEnd(7)} error: ${err.message}`)
        results.push({ ...target, preset, error: err.message })
        continue
      }
      if (saveDir) {
        mkdirSync(saveDir, { recursive: true })
        writeFileSync(join(saveDir, `${target.name}-${target.lang}-${preset}.json`), JSON.stringify(lhr))
      }
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, lhr.categories[c].score === null ? null : Math.round(lhr.categories[c].score * 100)]))
      console.log(`${label} ${preset.padEnd(7)} ${CATEGORIES.map((c) => String(scores[c] ?? '?').padStart(4)).join(' ')}`)
      for (const c of CATEGORIES) {
        if (scores[c] === 100) continue
        const failing = failingAudits(lhr, c)
        console.log(`    ${SHORT[c]} ${scores[c]}: ${failing.join(', ') || '(no weighted audit failed)'}${c === 'performance' ? `; ${metricLine(lhr)}` : ''}`)
        if (verbose) for (const id of failing) for (const line of auditItems(lhr.audits[id.replace(/\(.*/, '')])) console.log(`        ${id}: ${line}`)
      }
      // The 404 page's own status is expected; any other warning is shown.
      const warnings = (lhr.runWarnings ?? []).filter((w) => !(target.name === '404' && /Status code: 404/.test(w)))
      for (const warning of warnings) console.log(`    warning: ${warning.replace(/\s+/g, ' ').slice(0, 200)}`)
      results.push({ ...target, preset, scores })
    }
  }
} finally {
  await cleanup()
}

if (markdown) {
  const columns = presets.flatMap((preset) => langs.map((lang) => ({ preset, lang })))
  console.log(`\nScores: ${CATEGORIES.map((c) => SHORT[c]).join(' / ')}\n`)
  console.log(`| Page | ${columns.map(({ preset, lang }) => `${preset} ${lang}`).join(' | ')} |`)
  console.log(`|---|${columns.map(() => '---|').join('')}`)
  const cell = (r) => (!r ? '' : r.error ? 'error' : CATEGORIES.map((c) => r.scores[c] ?? '?').join(' / '))
  for (const name of [...new Set(targets.map((t) => t.name))]) {
    const cells = columns.map(({ preset, lang }) => cell(results.find((r) => r.name === name && r.lang === lang && r.preset === preset)))
    console.log(`| ${name} | ${cells.join(' | ')} |`)
  }
}
clearTimeout(hardStop)
process.exit(exitCode)
