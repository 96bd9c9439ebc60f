// Preloaded by bench/hostile-load.mjs into the server it measures (`--expose-gc --require` this file):
// on SIGWINCH (close-with-grace takes SIGUSR2 as a stop signal), one full garbage collection, then one
// line on stderr with the heap before and after and the resident set after. Nothing else changes.
process.on('SIGWINCH', () => {
  const before = process.memoryUsage()
  globalThis.gc()
  const after = process.memoryUsage()
  process.stderr.write(`bench-gc ${JSON.stringify({ heapUsedBefore: before.heapUsed, heapUsedAfter: after.heapUsed, heapTotal: after.heapTotal, external: after.external, rss: after.rss })}\n`)
})
