// How long a save takes to reach another replica (docs/decisions/0015): two built servers (as `npm start`) on
// real ports, one PostgreSQL (DATABASE_URL) and one content folder (a copy of content/), each looking at the
// content marker every CONTENT_SYNC_MS. An editor signs in on server A (password and authenticator code, an
// account made in the shared database) and, --runs times, changes an article's English title through A's
// editor (the real form POST, as the browser sends it); server B's page of that article is fetched until it
// shows the new title. Prints the time from sending the save to B serving it, and the save's own time: p50, p95, max.
//   node bench/content-propagation.mjs [--runs 20] [--sync-ms 500]
// Needs `node build.mjs` first and Debian's postgresql (a throw-away server, scripts/engines.mjs).
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { generate } from 'otplib'
import { register } from 'tsx/esm/api'
import { addBenchEditor } from './bench-editor.mjs'
import { arg, startBuiltServer } from './built-server.mjs'
import { freePort, startPostgres } from '../scripts/engines.mjs'

register()
const { pgStores } = await import('../test/server/stores.ts')

const runs = Number(arg('runs', '20'))
const syncMs = arg('sync-ms', '500')
const SLUG = '2026-10-musashikosugi-design-award'
const dir = mkdtempSync(join(tmpdir(), 'bench-propagation-'))
cpSync('content', dir, { recursive: true })
const postgres = await startPostgres()
const env = { CONTENT_DIR: dir, DATABASE_URL: postgres.url, FORM_SECRET: 'bench-propagation-shared-secret-0123', CONTENT_SYNC_MS: syncMs }

/** One HTTP request to a server on loopback, as the browser at http://localhost:PORT sends it. */
function http(port, path, { cookie = '', form } = {}) {
  const method = form ? 'POST' : 'GET'
  const body = form ? new URLSearchParams(form).toString() : ''
  const headers = { host: `localhost:${port}`, ...(cookie ? { cookie } : {}) }
  if (form) Object.assign(headers, { origin: `http://localhost:${port}`, 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) })
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (d) => (text += d))
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text }))
    })
    req.on('error', reject)
    req.end(body)
  })
}
const hidden = (html, name) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, '&') ?? ''
const stateOf = (html) => JSON.parse(/<script type="application\/json" id="__staff_state">([\s\S]*?)<\/script>/.exec(html)[1])

/** An editor with a password and authenticator factor, made in the shared database (as enrolment leaves one). */
const addEditor = async () => addBenchEditor(await pgStores(postgres.url, { poolSize: 1 }))

const servers = []
try {
  const [portA, portB] = [await freePort(), await freePort()]
  servers.push(await startBuiltServer({ ...env, SITE_URL: `http://localhost:${portA}` }, { timeoutMs: 60_000, port: portA }))
  servers.push(await startBuiltServer({ ...env, SITE_URL: `http://localhost:${portB}` }, { timeoutMs: 60_000, port: portB }))
  const who = await addEditor()
  const signInPage = await http(portA, '/admin/sign-in')
  const code = await generate({ secret: who.totpSecret })
  const signedIn = await http(portA, '/admin/sign-in', { form: { _token: hidden(signInPage.text, '_token'), email: who.email, password: who.password, code } })
  if (signedIn.status !== 303) throw new Error(`sign-in on A: ${signedIn.status} ${signedIn.text.replace(/<script[\s\S]*?<\/script>/g, "").replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").slice(0, 600)}`)
  const cookie = String(signedIn.headers['set-cookie']).split(';')[0]
  const item = `/admin/content/news/${SLUG}`
  const totals = []
  const saves = []
  for (let run = 1; run <= runs; run++) {
    const page = await http(portA, item, { cookie })
    const { data } = stateOf(page.text)
    const title = `Design award (save ${run} ${Date.now().toString(36)})`
    const started = performance.now()
    const saved = await http(portA, item, { cookie, form: { ...data.form, _csrf: hidden(page.text, '_csrf'), base: data.base, 'en.title': title, confirmed: '1' } })
    if (saved.status !== 303) throw new Error(`run ${run}: the save through A answered ${saved.status}`)
    saves.push(performance.now() - started)
    for (;;) {
      const html = (await http(portB, `/en/news/${SLUG}`)).text
      if (html.includes(title)) break
      if (performance.now() - started > 30_000) throw new Error(`run ${run}: server B never served the save`)
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    totals.push(performance.now() - started)
    // A pause of a random part of the interval, so that saves fall anywhere in the replicas' look cycle.
    await new Promise((resolve) => setTimeout(resolve, Math.random() * Number(syncMs)))
  }
  const figures = (times) => {
    const sorted = [...times].sort((x, y) => x - y)
    const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]
    return `p50 ${at(0.5).toFixed(0)} ms  p95 ${at(0.95).toFixed(0)} ms  max ${sorted.at(-1).toFixed(0)} ms`
  }
  console.log(`content propagation, CONTENT_SYNC_MS=${syncMs}, ${runs} saves through server A's editor`)
  console.log(`the save (A answers 303):       ${figures(saves)}`)
  console.log(`save sent to served by server B: ${figures(totals)}`)
} finally {
  for (const server of servers) await server.stop()
  await postgres.stop()
  rmSync(dir, { recursive: true, force: true })
}
