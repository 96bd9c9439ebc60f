// An export never takes the site down: 25,000 inquiries with the longest message the contact form
// takes (a visitor can post that many in two days), exported as CSV and as JSON from the built server started
// as production starts it (`npm start`: a 160 MB heap; the image's memory allocator). The whole file arrives,
// the server lives on, and its resident memory stays under a bound. When the export built every row and then
// the whole text, it peaked at 331 MB for 10,000 such inquiries and ran out of memory for 25,000 (the server
// exited mid-download); written page by page, it peaks near 185 MB for either (bench/export-memory.mjs).
import t from 'tap'
import { exportedIds, exportServer } from './export-load'

const COUNT = 25_000
/** Peak resident memory allowed during a download (sampled VmRSS). */
const PEAK_MB = 250

t.setTimeout(900_000)

t.test(`${COUNT.toLocaleString('en')} long inquiries exported as CSV and JSON by the built server`, async (t) => {
  const load = await exportServer(COUNT)
  t.teardown(() => load.stop())
  for (const format of ['csv', 'json'] as const) {
    const got = await load.download(format)
    t.equal(got.status, 200, `${format}: 200`)
    t.ok(got.complete, `${format}: the whole answer arrived`)
    const ids = exportedIds(format, got.body)
    t.equal(ids?.length, COUNT, `${format}: every inquiry in the file`)
    t.equal(new Set(ids).size, COUNT, `${format}: none twice`)
    t.ok(await load.alive(), `${format}: the server is alive and answers`)
    t.ok(got.peakRssMb !== null && got.peakRssMb < PEAK_MB, `${format}: peak RSS ${got.peakRssMb} MB < ${PEAK_MB} MB`)
  }
})
