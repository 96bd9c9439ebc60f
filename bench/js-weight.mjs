// JavaScript weight of a page: every script the built page loads (entry + modulepreloads), raw,
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

const everyPage = [manifest.js, ...manifest.preload]
weigh('every page (home, news, projects, company pages; goal < 105 KiB gzip)', everyPage)
// Pages with split-off code (the contact form) preload their chunks too.
for (const [module, files] of Object.entries(manifest.chunks ?? {})) weigh(`pages using ${module}`, [...everyPage, ...files])
