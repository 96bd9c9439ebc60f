// What a staff password hash costs on this machine: time and memory per scrypt hash
// (server/staff/password.ts), for today's parameters and the other rows of OWASP's Password Storage
// Cheat Sheet, and what a burst of sign-ins costs with the concurrency cap (HASH_CONCURRENCY at once).
//   node bench/password-hash.mjs [--hashes 5] [--burst 8]
// Each row runs in its own process (peak resident memory is per process), one after the other:
//   time:   median and slowest of --hashes hashes in a row (each on its own: nothing else running);
//   memory: the process's peak resident set after the hashes minus before them (≈ 128·N·r bytes).
// Then the burst: --burst verifies started at once with today's parameters, through the cap: the
// wall time until the last one answers, and the peak memory (the cap keeps it at 2 hashes' worth).
// No timed assertion anywhere: figures to read, e.g. before changing SCRYPT_PARAMS (docs/decisions/0012).
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { register } from 'tsx/esm/api'
import { arg } from './built-server.mjs'

register()
const { hashPassword, verifyPassword, SCRYPT_PARAMS, HASH_CONCURRENCY } = await import('../server/staff/password.ts')

const hashes = Number(arg('hashes', '5'))
const burst = Number(arg('burst', '8'))
const peakMiB = () => process.resourceUsage().maxRSS / 1024
const fmtMs = (ms) => `${ms.toFixed(0)} ms`
const fmtMiB = (mib) => `${mib.toFixed(0)} MiB`

if (process.argv.includes('--child')) {
  const [ln, r, p] = arg('child', '15,8,3').split(',').map(Number)
  const params = { ln, r, p }
  await hashPassword('warm-up password', { ln: 10, r: 8, p: 1 }) // loads the module's code paths, not the figure
  const before = peakMiB()
  if (arg('mode', 'row') === 'burst') {
    const stored = await hashPassword('the right password', params)
    const start = performance.now()
    await Promise.all(Array.from({ length: burst }, (_, i) => verifyPassword(`wrong password ${i}`, stored)))
    console.log(JSON.stringify({ wallMs: performance.now() - start, memMiB: peakMiB() - before }))
  } else {
    const times = []
    for (let i = 0; i < hashes; i++) {
      const start = performance.now()
      await hashPassword(`password number ${i}`, params)
      times.push(performance.now() - start)
    }
    times.sort((a, b) => a - b)
    console.log(JSON.stringify({ medianMs: times[Math.floor(times.length / 2)], maxMs: times.at(-1), memMiB: peakMiB() - before }))
  }
  process.exit(0)
}

const self = fileURLToPath(import.meta.url)
const run = (params, mode) =>
  JSON.parse(execFileSync(process.execPath, [self, '--child', `${params.ln},${params.r},${params.p}`, '--mode', mode, '--hashes', String(hashes), '--burst', String(burst)], { encoding: 'utf8' }).trim().split('\n').at(-1))

// OWASP's scrypt rows (equal strength, memory traded for time): N=2^17 p=1, 2^16 p=2, 2^15 p=3, 2^14 p=5, 2^13 p=10.
const rows = [
  { ln: 13, r: 8, p: 10 },
  { ln: 14, r: 8, p: 5 },
  { ln: 15, r: 8, p: 3 },
  { ln: 16, r: 8, p: 2 },
  { ln: 17, r: 8, p: 1 },
]
console.log(`scrypt on this machine (node ${process.version}), ${hashes} hashes per row:`)
console.log('params              theory    peak RSS   median    slowest')
for (const params of rows) {
  const f = run(params, 'row')
  const theory = (128 * 2 ** params.ln * params.r) / 2 ** 20
  const mark = params.ln === SCRYPT_PARAMS.ln && params.r === SCRYPT_PARAMS.r && params.p === SCRYPT_PARAMS.p ? '  <- SCRYPT_PARAMS' : ''
  console.log(
    `N=2^${params.ln} r=${params.r} p=${String(params.p).padEnd(3)}  ${fmtMiB(theory).padStart(7)}  ${fmtMiB(f.memMiB).padStart(8)}  ${fmtMs(f.medianMs).padStart(8)}  ${fmtMs(f.maxMs).padStart(8)}${mark}`,
  )
}
const b = run(SCRYPT_PARAMS, 'burst')
console.log(`burst: ${burst} wrong passwords verified at once, at most ${HASH_CONCURRENCY} hashing: last answer after ${fmtMs(b.wallMs)}, peak RSS +${fmtMiB(b.memMiB)}`)
