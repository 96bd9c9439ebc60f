// The visitor's phone: main-thread work and the first taps of every public page, in both languages, with the
// CPU slowed four times (Lighthouse's mobile preset) on a phone viewport (412×823, touch).
//   node bench/phone.mjs [--pages home,contact] [--lang ja|en] [--rate 4] [--busy] [--verbose] [--json FILE]
// Needs `npm run build` first. Starts the built server (bench/built-server.mjs) and Debian's Chromium through
// playwright-core. Per page and language it prints:
//   long   the long tasks (over 50 ms) from navigation until the network is idle and the browser has been idle
//          twice more (count, each duration in ms), with the scripts that ran in them under --verbose;
//   menu   INP of a tap on the menu button that comes as soon as the button is on screen (before anything
//          optional has loaded), then of a second tap after the page has settled;
//   theme  INP of a tap on the Dark theme button in the open menu (the page settled);
//   lang   INP of a tap on the language switch in the open menu (the page it leaves reports it, when that page
//          paints once more before the next one replaces it; '-' when it did not);
//   shown  the time from a tap to the next page on screen (its first paint, or its activation when it was
//          prerendered, marked *): the language switch in the open menu of the settled page, and the first link of
//          the menu opened by the early tap.
// INP here is the Event Timing API's duration of the tap's interaction (rounded to 8 ms by the browser).
// It measures; it gates nothing. --busy keeps one more core spinning for the whole run.
import { writeFileSync } from 'node:fs'
import { chromium } from 'playwright-core'
import { arg, CHROME_FLAGS, CHROME_PATH, startBuiltServer } from './built-server.mjs'
import { busyCore, pageTargets } from './pages.mjs'

const rate = Number(arg('rate', '4'))
const targets = pageTargets(arg('pages', '')?.split(',').filter(Boolean) ?? [], (arg('lang', 'ja,en') || '').split(','))
const verbose = process.argv.includes('--verbose')
const jsonOut = arg('json', '')
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true }

const hardStop = setTimeout(() => {
  console.error('gave up after 20 minutes')
  process.exit(2)
}, 20 * 60_000)
hardStop.unref()

// Installed before the page's own scripts: long tasks, long animation frames (with their scripts) and the
// Event Timing entries of interactions, kept on window.__phone.
const OBSERVE = `(() => {
  const p = (window.__phone = { long: [], frames: [], events: [] })
  const watch = (type, opts, take) => { try { new PerformanceObserver((list) => list.getEntries().forEach(take)).observe({ type, buffered: true, ...opts }) } catch {} }
  watch('longtask', {}, (e) => p.long.push({ start: Math.round(e.startTime), ms: Math.round(e.duration) }))
  watch('long-animation-frame', {}, (e) => p.frames.push({ start: Math.round(e.startTime), ms: Math.round(e.duration),
    scripts: e.scripts.map((s) => ({ src: s.sourceURL.replace(location.origin, ''), fn: s.sourceFunctionName, invoker: s.invoker, ms: Math.round(s.duration) })) }))
  watch('event', { durationThreshold: 16 }, (e) => {
    if (!e.interactionId) return
    const entry = { id: e.interactionId, name: e.name, ms: e.duration, delay: Math.round(e.processingStart - e.startTime), work: Math.round(e.processingEnd - e.processingStart) }
    p.events.push(entry)
    window.__interacted?.(entry) // also told at once: the entries of a tap that leaves the page go with it
  })
  watch('paint', {}, (e) => { if (e.name === 'first-contentful-paint') p.fcp = Math.round(e.startTime) })
  addEventListener('pointerdown', (e) => window.__tapped?.(performance.timeOrigin + e.timeStamp), { capture: true })
})()`

const server = await startBuiltServer()
const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS.filter((f) => f !== '--headless') })
const stopBusy = process.argv.includes('--busy') ? await busyCore() : () => {}

async function openPhone(lang) {
  const context = await browser.newContext({ ...PHONE, locale: lang === 'en' ? 'en-US' : 'ja-JP' })
  await context.addInitScript(OBSERVE)
  // The tap's time, told by the page that received it even when it leaves at once (the language switch).
  await context.exposeBinding('__tapped', (_source, at) => (context.tapAt = at))
  context.interactions = []
  await context.exposeBinding('__interacted', (_source, entry) => context.interactions.push(entry))
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate })
  return { context, page }
}

const idle = (page) => page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(), { timeout: 5000 })))

/** Waits until the interaction that began with the last tap has its Event Timing entries, and answers its duration. */
async function lastInteraction(page, before) {
  const handle = await page.waitForFunction((n) => {
    const ids = [...new Set(window.__phone.events.map((e) => e.id))]
    if (ids.length <= n) return null
    const entries = window.__phone.events.filter((e) => e.id === ids.at(-1))
    const worst = entries.reduce((a, b) => (b.ms > a.ms ? b : a))
    return { ms: worst.ms, delay: worst.delay, work: worst.work }
  }, before, { timeout: 15_000 })
  return handle.jsonValue()
}
const interactions = (page) => page.evaluate(() => new Set(window.__phone.events.map((e) => e.id)).size)

async function tapInp(page, locator) {
  const before = await interactions(page)
  await locator.tap()
  return lastInteraction(page, before).catch(() => null)
}

/** Taps a link and answers how long the next page took to be on screen, and whether it was prerendered. */
async function follow(context, page, link, name) {
  context.tapAt = null
  const before = page.url()
  const told = context.interactions.length
  await link.tap()
  await page.waitForURL((u) => u.href !== before, { timeout: 15_000 })
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, null, { timeout: 15_000 })
  const shown = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0]
    const fcp = performance.getEntriesByName('first-contentful-paint')[0].startTime
    return { at: performance.timeOrigin + Math.max(fcp, nav.activationStart || 0), prerendered: (nav.activationStart || 0) > 0 }
  })
  // The tap's INP on the page it left: its Event Timing entries, when that page painted once more before it went.
  const tap = context.interactions.slice(told).filter((e, _, all) => e.id === all[0].id)
  const inp = tap.length ? tap.reduce((a, b) => (b.ms > a.ms ? b : a)) : null
  return { [`${name}Shown`]: context.tapAt ? Math.round(shown.at - context.tapAt) : null, [`${name}Prerendered`]: shown.prerendered, [`${name}Inp`]: inp }
}

async function measure(target) {
  const url = server.origin + target.path
  await fetch(url).then((r) => r.arrayBuffer()) // the server's page cache warm, as visitors find it
  const result = { ...target }
  // 1. Long tasks from navigation until the network and the browser are idle.
  {
    const { context, page } = await openPhone(target.lang)
    await page.goto(url, { waitUntil: 'networkidle' })
    await idle(page)
    await idle(page)
    const { long, frames, fcp } = await page.evaluate(() => window.__phone)
    // Before the first paint the browser sets up the document (commit, parser): nothing the visitor could touch yet.
    result.early = long.filter((t) => t.start < fcp).map((t) => t.ms)
    result.long = long.filter((t) => t.start >= fcp).map((t) => t.ms)
    result.frames = frames.filter((f) => f.ms > 50)
    // 3. Theme and language on the settled page.
    const toggle = page.locator('summary.site-menu__toggle')
    result.menuSettled = await tapInp(page, toggle)
    result.theme = await tapInp(page, page.locator('.site-menu__panel [data-theme-option="dark"]'))
    const other = page.locator('.site-menu__panel a[data-locale]')
    if (await other.count()) Object.assign(result, await follow(context, page, other, 'lang'))
    await context.close()
  }
  // 2. The first tap on the menu, as soon as the button is there.
  {
    const { context, page } = await openPhone(target.lang)
    await page.goto(url, { waitUntil: 'commit' })
    result.menuEarly = await tapInp(page, page.locator('summary.site-menu__toggle'))
    result.menuOpened = await page.locator('details.site-menu').evaluate((d) => d.open)
    // A link of the open menu (the first entry that is not this page), followed at once.
    const link = page.locator('.site-menu__panel .site-nav a:not([aria-current="page"])').first()
    Object.assign(result, await follow(context, page, link, 'link'))
    await context.close()
  }
  return result
}

const fmt = (v) => (v === null || v === undefined ? '-' : String(Math.round(typeof v === 'object' ? v.ms : v)))
const parts = (v) => (v && typeof v === 'object' ? `${Math.round(v.ms)} (input delay ${v.delay}, handlers ${v.work})` : '-')
const results = []
try {
  console.log(`phone bench: ${CHROME_PATH}, CPU ${rate}× slower, 412×823 touch, ${new Date().toISOString()}${stopBusy.length === 0 && process.argv.includes('--busy') ? ', one core kept busy' : ''}`)
  console.log(`${'page'.padEnd(40)} long tasks (ms)        INP menu first/settled  theme  lang  shown: lang  link`)
  for (const target of targets) {
    let r
    try {
      r = await measure(target)
    } catch (err) {
      console.log(`${`${target.name} ${target.lang} ${target.path}`.padEnd(40)} error: ${err.message.split('\n')[0]}`)
      continue
    }
    results.push(r)
    const long = (r.long.length ? `${r.long.length}: ${r.long.join(', ')}` : '0') + (r.early.length ? ` [${r.early.join(', ')} before paint]` : '')
    console.log(`${`${r.name} ${r.lang} ${r.path}`.padEnd(40)} ${long.padEnd(22)} ${`${fmt(r.menuEarly)}${r.menuOpened ? '' : '(closed!)'} / ${fmt(r.menuSettled)}`.padEnd(23)} ${fmt(r.theme).padStart(5)} ${fmt(r.langInp).padStart(5)}  ${fmt(r.langShown).padStart(10)}${r.langPrerendered ? '*' : ' '} ${fmt(r.linkShown).padStart(5)}${r.linkPrerendered ? '*' : ''}`)
    if (verbose) console.log(`    menu first ${parts(r.menuEarly)}, menu ${parts(r.menuSettled)}, theme ${parts(r.theme)}`)
    if (verbose) for (const f of r.frames) console.log(`    frame ${f.ms} ms at ${f.start}: ${f.scripts.map((s) => `${s.invoker} ${s.src} ${s.fn} ${s.ms}ms`).join(' | ')}`)
  }
  const all = results.flatMap((r) => r.long)
  const worst = (key) => Math.max(0, ...results.map((r) => (typeof r[key] === 'object' ? r[key]?.ms : r[key]) ?? 0))
  console.log(`summary: ${all.length} long task(s) on ${results.length} page(s), longest ${Math.max(0, ...all)} ms; worst INP: menu first ${worst('menuEarly')} ms, ` +
    `menu ${worst('menuSettled')} ms, theme ${worst('theme')} ms, language switch ${worst('langInp')} ms; the other language shown after at most ${worst('langShown')} ms, a menu link's page after at most ${worst('linkShown')} ms (* prerendered)`)
  if (jsonOut) writeFileSync(jsonOut, JSON.stringify(results, null, 2))
} finally {
  stopBusy()
  await browser.close()
  await server.stop()
}
clearTimeout(hardStop)
