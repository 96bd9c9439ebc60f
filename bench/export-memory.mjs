// The inbox export's memory: for each count, that many inquiries with messages as long as the
// contact form allows, written straight into a fresh database, the built server started on it as `npm start`
// does (its 160 MB heap, the image's memory allocator), an admin signed in, and the whole inbox downloaded as
// CSV then JSON over a real port. Prints, per download, the server's peak resident memory (VmRSS sampled every
// 5 ms, and VmHWM), the bytes and records received, and whether the server was still alive afterwards.
//   node build.mjs && node bench/export-memory.mjs [--inquiries 10000,25000] [--engines sqlite,postgres]
// PostgreSQL is a throw-away server (scripts/engines.mjs). No assertion: figures to read
// (test/server/inbox/export-memory.test.ts asserts a bound).
import { register } from 'tsx/esm/api'
import { arg } from './built-server.mjs'
import { startPostgres } from '../scripts/engines.mjs'

register()
const { exportServer, exportedIds } = await import('../test/server/inbox/export-load.ts')
const { freshPgDatabase } = await import('../test/server/contact/helper.ts')

const counts = (arg('inquiries', '10000,25000') ?? '').split(',').map(Number)
const engines = (arg('engines', 'sqlite') ?? '').split(',')
const postgres = engines.includes('postgres') ? await startPostgres() : null


try {
  for (const engine of engines) {
    for (const count of counts) {
      const started = performance.now()
      const load = await exportServer(count, { databaseUrl: engine === 'postgres' ? await freshPgDatabase(postgres, 'export_bench') : '' })
      console.log(`\n${engine}, ${count.toLocaleString('en')} inquiries (filled and started in ${((performance.now() - started) / 1000).toFixed(1)} s; RSS ${load.rssMb() ?? '?'} MB signed in, idle)`)
      try {
        for (const format of ['csv', 'json']) {
          const began = performance.now()
          const got = await load.download(format)
          const seconds = ((performance.now() - began) / 1000).toFixed(1)
          const mb = (got.body.length / 1e6).toFixed(1)
          const alive = await load.alive()
          console.log(
            `  ${format.padEnd(4)} status ${got.status}, ${got.complete ? 'complete' : 'CUT'}, ${mb} MB, ${exportedIds(format, got.body)?.length ?? 'unreadable'} records in ${seconds} s; ` +
              `peak RSS ${got.peakRssMb ?? '?'} MB (VmHWM ${load.highWaterMb() ?? '?'} MB); server ${alive ? 'alive' : 'GONE'}`,
          )
          if (!alive) {
            const lines = load.server.output().trim().split('\n')
            console.log(`  the server's last words: ${(lines.find((line) => /FATAL|out of memory/i.test(line)) ?? lines.at(-1) ?? '').slice(0, 400)}`)
            break
          }
        }
      } finally {
        await load.stop()
      }
    }
  }
} finally {
  await postgres?.stop()
}
