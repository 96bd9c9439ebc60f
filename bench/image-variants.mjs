// How long the first request of each responsive image variant takes (GET /media/{hash}/{name}-{width}.{format}),
// for a phone photo, in two moments of a site's life:
//   1. after an upload: an editor signs in on the built server (password and authenticator code, an account made
//      in its SQLite database as enrolment leaves one) and uploads a 4032×3024 JPEG through the editor's upload
//      (POST /admin/content/images, the real multipart request the image picker sends); an article referring to
//      the stored file is then written into the content folder and published with a content reload (SIGHUP, as
//      `npm run content:reload`), and each variant the article names is fetched once;
//   2. after a restart with an empty cache: a new server on the same content (photo and article in it) with a
//      fresh DATA_DIR and MEDIA_WARM_READY_TIMEOUT=60s (as docker-compose.replicas.yml and the Kubernetes
//      ConfigMap set it), fetched once /readyz says 200.
// Between the upload and the fetches the bench waits for the server to say its variants are made ahead (the log
// line "image variants made ahead" with reason "upload"); a server that never says it (one made before variants
// were made ahead) is not waited for. MEDIA_WARM=on is set for both servers (the default; bench/built-server.mjs
// turns it off for everything else); an older server ignores it.
// The site is test/fixtures/content (four small SVG images) plus the photo, so the start's own warm is short.
// The photo is made here: smooth colour fields, shapes and grain, so it encodes as a photo does (not a flat fill).
//   node bench/image-variants.mjs
// Needs `node build.mjs` first.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { generate } from 'otplib'
import sharp from 'sharp'
import { register } from 'tsx/esm/api'
import { addBenchEditor } from './bench-editor.mjs'
import { startBuiltServer } from './built-server.mjs'
import { freePort } from '../scripts/engines.mjs'

register()
const { openStores } = await import('../test/server/stores.ts')

const WARM_LINE = '"msg":"image variants made ahead"'
const SLUG = '2026-05-bench-photo'
const work = mkdtempSync(join(tmpdir(), 'bench-image-variants-'))
const contentDir = join(work, 'content')
cpSync('test/fixtures/content', contentDir, { recursive: true })

/**
 * A 4032×3024 JPEG that encodes like a phone photo (about 4.6 MB at quality 92): a sky gradient, buildings with
 * windows, blotchy texture (noise a few pixels wide) and grain, so that its variants weigh what a photo's do.
 */
async function phonePhoto() {
  const [w, h] = [4032, 3024]
  const raw = Buffer.alloc(w * h * 3)
  const clamp = (v) => Math.max(0, Math.min(255, v))
  for (let y = 0; y < h; y++) {
    const sky = y < h * 0.45
    for (let x = 0; x < w; x++) {
      const wave = Math.sin(x / 310 + y / 770) * 30
      const building = !sky && Math.floor(x / 420) % 2 === 0 && y > h * 0.45 + (x % 420) / 3
      const window = building && x % 60 < 30 && y % 80 < 40
      const i = (y * w + x) * 3
      raw[i] = clamp((sky ? 110 + y / 30 : window ? 60 : building ? 170 : 90) + wave)
      raw[i + 1] = clamp((sky ? 150 + y / 40 : window ? 80 : building ? 160 : 120) + wave * 0.8)
      raw[i + 2] = clamp((sky ? 220 - y / 60 : window ? 110 : building ? 150 : 70) + wave * 0.5)
    }
  }
  const noise = (scale, sigma) =>
    sharp({ create: { width: Math.round(w / scale), height: Math.round(h / scale), channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma } } })
      .resize(w, h, { kernel: 'cubic' })
      .png({ compressionLevel: 1 })
      .toBuffer()
  const texture = [{ input: await noise(6, 50), blend: 'soft-light' }, { input: await noise(1, 20), blend: 'soft-light' }]
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } }).composite(texture).jpeg({ quality: 92 }).toBuffer()
}

/** One HTTP request to a server on loopback, as a browser at http://localhost:PORT sends it. */
function http(port, path, { cookie = '', form, body, type } = {}) {
  const payload = form ? new URLSearchParams(form).toString() : (body ?? '')
  const headers = { host: `localhost:${port}`, ...(cookie ? { cookie } : {}) }
  if (form || body) {
    Object.assign(headers, { origin: `http://localhost:${port}`, 'content-type': type ?? 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(payload) })
  }
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: form || body ? 'POST' : 'GET', headers }, (res) => {
      const chunks = []
      res.on('data', (d) => chunks.push(d))
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }))
    })
    req.on('error', reject)
    req.end(payload)
  })
}
const hidden = (html, name) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, '&') ?? ''

/** An editor with a password and an authenticator, in DATA_DIR's database (as enrolment leaves one), signed in: its cookie. */
async function signInEditor(port, dataDir) {
  const { email, password, totpSecret } = await addBenchEditor(await openStores({ databaseUrl: '', dataDir }))
  const page = await http(port, '/admin/sign-in')
  const code = await generate({ secret: totpSecret })
  const signedIn = await http(port, '/admin/sign-in', { form: { _token: hidden(page.text, '_token'), email, password, code } })
  if (signedIn.status !== 303) throw new Error(`sign-in: ${signedIn.status}`)
  return String(signedIn.headers['set-cookie']).split(';')[0]
}

/** The photo through the editor's upload, as the image picker sends it: the stored file's content path. */
async function uploadPhoto(port, cookie, photo) {
  const page = await http(port, '/admin/content', { cookie })
  const csrf = hidden(page.text, '_csrf')
  if (!csrf) throw new Error(`no _csrf on /admin/content (${page.status})`)
  const form = new FormData()
  form.append('_csrf', csrf)
  form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'IMG_4032.JPG')
  const built = new Request('http://localhost/', { method: 'POST', body: form })
  const body = Buffer.from(await built.arrayBuffer())
  const started = performance.now()
  const res = await http(port, '/admin/content/images', { cookie, body, type: built.headers.get('content-type') })
  const ms = performance.now() - started
  if (res.status !== 200) throw new Error(`upload: ${res.status} ${res.text.slice(0, 300)}`)
  return { ...JSON.parse(res.text), ms }
}

/** Resolves once `test` holds for the server's output, or after `ms` (then false). */
async function until(server, test, ms) {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    if (test(server.output())) return true
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return false
}

/** Each variant the article's page names, fetched once in turn: [url, ms, bytes]. */
async function firstRequests(origin) {
  const html = await (await fetch(`${origin}/en/news/${SLUG}`)).text()
  const urls = [...new Set(html.match(/\/media\/[0-9a-f]{16}\/[A-Za-z0-9_-]+-\d+\.(?:avif|webp|jpg)/g) ?? [])]
  const order = { avif: 0, webp: 1, jpg: 2 }
  const key = (u) => /-(\d+)\.(\w+)$/.exec(u).slice(1)
  urls.sort((a, b) => Number(key(a)[0]) - Number(key(b)[0]) || order[key(a)[1]] - order[key(b)[1]])
  if (urls.length === 0) throw new Error('the article names no variant')
  const rows = []
  for (const url of urls) {
    const started = performance.now()
    const res = await fetch(origin + url)
    const bytes = (await res.arrayBuffer()).byteLength
    if (!res.ok) throw new Error(`${url}: ${res.status}`)
    rows.push([url, performance.now() - started, bytes])
  }
  return rows
}

function print(label, rows) {
  console.log(label)
  for (const [url, ms, bytes] of rows) {
    const [, width, format] = /-(\d+)\.(\w+)$/.exec(url)
    console.log(`  ${width.padStart(4)} ${format.padEnd(4)} ${ms.toFixed(0).padStart(6)} ms  ${String(Math.round(bytes / 1024)).padStart(5)} KB`)
  }
  const ms = rows.map(([, m]) => m).sort((a, b) => a - b)
  const median = ms.length % 2 ? ms[(ms.length - 1) / 2] : (ms[ms.length / 2 - 1] + ms[ms.length / 2]) / 2
  console.log(`  summary: ${rows.length} variants, first request min ${ms[0].toFixed(0)} / median ${median.toFixed(0)} / max ${ms.at(-1).toFixed(0)} ms`)
}

const servers = []
try {
  const photo = await phonePhoto()
  console.log(`photo: 4032×3024 JPEG, ${(photo.length / 1024 / 1024).toFixed(1)} MB; site: test/fixtures/content + the photo; node ${process.version}`)
  // /readyz waits for the start's warm, as in the replica layouts (the default, 0, does not wait).
  const env = { CONTENT_DIR: contentDir, MEDIA_WARM: 'on', MEDIA_WARM_READY_TIMEOUT: '60s', LOG_LEVEL: 'info' }

  // 1. After an upload.
  const port = await freePort()
  const dataDir = join(work, 'data-1')
  const first = await startBuiltServer({ ...env, DATA_DIR: dataDir, SITE_URL: `http://localhost:${port}` }, { port, logs: true, timeoutMs: 180_000 })
  servers.push(first)
  const warms = first.output().includes(WARM_LINE)
  const cookie = await signInEditor(port, dataDir)
  const stored = await uploadPhoto(port, cookie, photo)
  console.log(`upload answered in ${stored.ms.toFixed(0)} ms: ${stored.path} (${stored.width}×${stored.height})`)
  const waitStarted = performance.now()
  const warmed = warms && (await until(first, (out) => out.split('\n').some((l) => l.includes(WARM_LINE) && l.includes('"reason":"upload"')), 180_000))
  console.log(warms ? `variants made ahead ${warmed ? `in ${(performance.now() - waitStarted).toFixed(0)} ms after the upload's answer` : 'not reported in 180 s'}` : 'this server does not make variants ahead: not waited for')
  const article = ['---', 'title: Bench photo', 'date: "2026-05-01"', 'category: notice', 'excerpt: A photo from a phone.', `cover: ${stored.path}`, 'coverAlt: The site', '---', '', 'Body.', ''].join('\n')
  writeFileSync(join(contentDir, `news/${SLUG}.en.md`), article)
  first.child.kill('SIGHUP')
  if (!(await until(first, (out) => out.includes('"msg":"content reloaded"'), 30_000))) throw new Error('no reload')
  print('after an upload (published by a content reload):', await firstRequests(first.origin))
  await first.stop()
  servers.length = 0

  // 2. After a restart with an empty cache.
  const started = performance.now()
  const second = await startBuiltServer({ ...env, DATA_DIR: join(work, 'data-2') }, { logs: true, timeoutMs: 180_000 })
  servers.push(second)
  const line = second.output().split('\n').find((l) => l.includes(WARM_LINE))
  console.log(`ready ${(performance.now() - started).toFixed(0)} ms after the start${line ? `; ${line.replace(/.*"made":(\d+).*"present":(\d+).*"ms":(\d+).*/, 'the start made $1 variants ahead ($2 already there) in $3 ms')}` : ''}`)
  print('after a restart with an empty cache:', await firstRequests(second.origin))
} finally {
  for (const server of servers) await server.stop()
  rmSync(work, { recursive: true, force: true })
}
