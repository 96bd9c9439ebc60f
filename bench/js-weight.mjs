// JavaScript weight of a page: every script the built page runs (at start; once hydrated), raw,
// gzip (level 9) and brotli (the build's .br files, which the server sends).
//   node bench/js-weight.mjs        (needs `npm run build`; starts nothing)
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

const manifest = JSON.parse(readFileSync('dist/manifest.json', 'utf8'))
const kib = (n) => (n / 1024).toFixed(1)

function weigh(label, files) {
  let raw = 0
  let gzip = 0
  let br = 0
  for (const url of files) {
    const path = join('dist/public', url)
    const bytes = readFileSync(path)
    const g = gzipSync(bytes, { level: 9 }).length
    const b = existsSync(path + '.br') ? readFileSync(path + '.br').length : NaN
    raw += bytes.length
    gzip += g
    br += b
    console.log(`  ${url.padEnd(36)} ${String(bytes.length).padStart(8)} B  gzip ${String(g).padStart(7)} B  br ${String(b).padStart(7)} B`)
  }
  console.log(`${label}: ${files.length} file(s), ${kib(raw)} KiB raw, ${kib(gzip)} KiB gzip, ${kib(br)} KiB brotli`)
}

// What runs before the visitor does anything: the start-up script and its imports (decision 0017).
const everyPage = [manifest.js, ...manifest.preload]
weigh('every page, at start (all a page runs until the visitor touches something interactive)', everyPage)
// The page's React code, loaded when the page hydrates: on the contact page at the first touch of the form
// (fetched ahead there), anywhere a script shows a toast or asks a question.
const runtime = manifest.chunks?.['client/runtime.tsx'] ?? []
weigh('a page once hydrated (start-up script + React runtime)', [...new Set([...everyPage, ...runtime])])
for (const [module, files] of Object.entries(manifest.chunks ?? {})) {
  if (module !== 'client/runtime.tsx') weigh(`pages using ${module}, once hydrated`, [...new Set([...everyPage, ...runtime, ...files])])
}
