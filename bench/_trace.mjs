import { chromium } from 'playwright-core'
import { CHROME_FLAGS, CHROME_PATH, startBuiltServer } from './built-server.mjs'
const server = await startBuiltServer()
const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS.filter((f) => f !== '--headless') })
for (const path of process.argv.slice(2)) {
const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true })
const page = await context.newPage()
const cdp = await context.newCDPSession(page)
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
await fetch(server.origin + path)
const events = []
cdp.on('Tracing.dataCollected', (d) => events.push(...d.value))
const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r))
await cdp.send('Tracing.start', { categories: '-*,devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,loading,blink.user_timing', transferMode: 'ReportEvents' })
await page.goto(server.origin + path, { waitUntil: 'networkidle' })
await cdp.send('Tracing.end'); await done
const fcp = events.find((e) => e.name === 'firstContentfulPaint')?.ts
console.log(path, 'fcp at', fcp)
for (const main of events.filter((e) => e.name === 'thread_name' && e.args.name === 'CrRendererMain')) {
const mine = events.filter((e) => e.pid === main.pid && e.tid === main.tid && (e.ph === 'X'))
for (const task of mine.filter((e) => e.name === 'RunTask' && e.dur > 40000)) {
  const kids = mine.filter((e) => e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur && e !== task && e.name !== 'RunTask')
  const by = new Map(); for (const k of kids) by.set(k.name, (by.get(k.name) || 0) + k.dur)
  const inv = kids.filter((k) => k.name === 'UpdateLayoutTree').map((k) => k.args?.elementCount).join('/')
  const lay = kids.filter((k) => k.name === 'Layout').map((k) => `${k.args?.beginData?.dirtyObjects}/${k.args?.beginData?.totalObjects}`).join(' ')
  console.log(`  task ${(task.dur / 1000).toFixed(0)} ms at ${fcp ? ((task.ts - fcp) / 1000).toFixed(0) : '?'} from fcp: style elems ${inv}; layout dirty/total ${lay};`, [...by].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([n, d]) => `${n} ${(d / 1000).toFixed(0)}`).join(', '))
}}
await context.close()
}
await browser.close(); await server.stop()
