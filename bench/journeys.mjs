// Which source files three journeys run through: V8's precise coverage
// (node:inspector, call counts) taken just before and just after one journey, after a warm-up run of the same
// journey. A file of server/, shared/ or client/ counts when any of its functions other than the module's top
// level ran during exactly that journey (whichever replica, the app's timers included). The journeys:
//   visitor-json  the contact form as its script sends it (POST /api/contact) until the SMTP server has the staff
//                 mail and the auto-reply and the outbox has recorded both as sent;
//   visitor-form  the same without JavaScript (the form's "send" POST, after its review step);
//   responder     a signed-in responder posts the inquiry page's reply form, confirmed, until the reply is sent;
//   editor        a signed-in editor saves an article's page form on replica A until replica B serves it.
// Everything through HTTP (app.inject) on apps made as the tests make them (test/helper.ts's build, the staff
// and editor test helpers), one SQLite DATA_DIR and one copy of content/ for both replicas, a real SMTP server
// on a free port; temporary folders removed at the end. A redirect a POST answers with is not followed.
//   node bench/journeys.mjs [--json] [--runs 3]   (after `node build.mjs`)
// --runs: measured runs per journey (each after the warm-up); a file is listed when it ran in every one, and
// a journey whose runs disagree says so (`unstable`, the files seen in some runs only).
import { Session } from 'node:inspector/promises'
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Writable } from 'node:stream'
import { arg } from './built-server.mjs'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const SOURCE_DIRS = ['server', 'shared', 'client']
const asJson = process.argv.includes('--json')
const runs = Number(arg('runs', '3'))
process.chdir(ROOT)

// Coverage from before the first source module loads, so every function is counted precisely.
const session = new Session()
session.connect()
await session.post('Profiler.enable')
await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: true })

/** The project source file a script URL names (relative to the repository, e.g. server/contact/service.ts), or null. */
function sourceFile(url) {
  if (!url.startsWith('file:')) return null
  const file = relative(ROOT, fileURLToPath(url.replace(/[?#].*$/, '')))
  return SOURCE_DIRS.some((d) => file.startsWith(`${d}/`)) ? file : null
}

/** The source files with a function (not the module's top level) called since the last take; resets the counts. */
async function takeTouched() {
  const { result } = await session.post('Profiler.takePreciseCoverage')
  const touched = new Set()
  for (const script of result) {
    const file = sourceFile(script.url)
    if (!file) continue
    const ran = script.functions.some((fn, i) => !(i === 0 && fn.ranges[0].startOffset === 0) && fn.ranges[0].count > 0)
    if (ran) touched.add(file)
  }
  return touched
}

const { register } = await import('tsx/esm/api')
register()
const { build, testConfig, SITE } = await import('../test/helper.ts')
const { formFields, formToken, validInquiry } = await import('../test/server/contact/helper.ts')
const { startSmtp } = await import('../test/server/contact/smtp.ts')
const { clock } = await import('../test/server/staff/web-helper.ts')
const { openInquiry, postInquiry, staffMember, stateOf } = await import('../test/server/inbox/detail-helper.ts')
const { formOf, openItem, post } = await import('../test/server/editor/pages-helper.ts')

const teardowns = []
const t = { teardown: (fn) => teardowns.push(fn) }
/** A temporary folder, removed when the process exits (whatever way: a failed journey too). */
const temp = (prefix) => {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }))
  return dir
}

/** Waits for `check` (looked at every few ms, no fixed sleep) at most `ms`. */
async function until(what, check, ms = 30_000) {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting: ${what}`)
    await new Promise((r) => setTimeout(r, 5))
  }
}

// The "mail sent" log lines (written once the outbox has recorded the SMTP server's accept).
const sent = []
const logStream = new Writable({
  write(chunk, _enc, cb) {
    for (const line of String(chunk).split('\n')) {
      if (!line.trim()) continue
      const entry = JSON.parse(line)
      if (entry.msg === 'mail sent') sent.push(`${entry.inquiryId} ${entry.mail}`)
    }
    cb()
  },
})

const smtp = await startSmtp()
t.teardown(() => smtp.close())
const dataDir = temp('bench-journeys-data-')
const contentDir = temp('bench-journeys-content-')
cpSync('content', contentDir, { recursive: true })
const time = clock()
const contact = { ...testConfig().contact, smtpUrl: `smtp://127.0.0.1:${smtp.port}`, to: 'staff@example.test', from: 'noreply@example.test', minFillMs: 0, rateLimitMax: 10_000, formSecret: 'bench-journeys-shared-form-secret-0123' }
const shared = { dataDir, contentDir, contact, logLevel: 'info' }
// The outbox is woken by every inquiry and reply; its poll for due mail (every 5 s by default, finding none here)
// is put off so that it never falls inside a journey it has no part in.
const IDLE_POLL_MS = 3_600_000
/** A replica: the app as the tests build it, on the shared DATA_DIR and content folder. */
async function replica(contentSyncMs) {
  const app = await build(t, { ...shared, contentSyncMs }, { staff: { now: time.now }, contact: { outbox: { pollMs: IDLE_POLL_MS } }, logStream })
  await app.ready()
  return app
}
// A looks at the content marker only when it saves (CONTENT_SYNC_MS=0: no timer of its own running through the
// visitor's and responder's journeys); B, started for the editor's journey, on the default interval.
const a = await replica(0)
const responder = await staffMember(a, time, 'responder')
const editor = await staffMember(a, time, 'editor')
let runNumber = 0

/** Both mails of an inquiry received and recorded as sent. */
const mailsDone = (ref, kinds) => () =>
  kinds.every((kind) => sent.includes(`${ref} ${kind}`)) && smtp.mails.filter((m) => m.headers['x-inquiry-reference'] === ref).length >= kinds.length

/** A visitor's fields, with an address of its own (the auto-reply cap counts per address). */
const visitorEmail = () => `visitor-${++runNumber}-${process.pid}@example.test`

/** The oldest news article with both languages (published whatever the date). */
const NEWS_SLUG = readdirSync(join(contentDir, 'news'))
  .filter((f) => f.endsWith('.en.md'))
  .map((f) => f.slice(0, -'.en.md'.length))
  .sort()
  .find((slug) => readdirSync(join(contentDir, 'news')).includes(`${slug}.ja.md`))

const journeys = {
  'visitor-json': {
    async prepare() {
      const email = visitorEmail()
      const _token = formToken((await a.inject('/contact')).body)
      return { ...validInquiry({ email, emailConfirm: email }), _token }
    },
    async run(payload) {
      const res = await a.inject({ method: 'POST', url: '/api/contact', headers: { accept: 'application/json' }, payload })
      if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`POST /api/contact: ${res.statusCode} ${res.body.slice(0, 200)}`)
      await until('staff mail and auto-reply sent', mailsDone(res.json().id, ['staff', 'auto-reply']))
    },
  },
  'visitor-form': {
    async prepare() {
      const email = visitorEmail()
      const fields = formFields({ _token: formToken((await a.inject('/contact')).body), email, emailConfirm: email })
      const review = await formPost(a, '/contact', { ...fields, step: 'review' })
      if (review.statusCode !== 200) throw new Error(`review step: ${review.statusCode}`)
      return fields
    },
    async run(fields) {
      const res = await formPost(a, '/contact', { ...fields, step: 'send' })
      const ref = new URL(String(res.headers.location), SITE).searchParams.get('ref')
      if (res.statusCode !== 303 || !ref) throw new Error(`form send: ${res.statusCode}`)
      await until('staff mail and auto-reply sent', mailsDone(ref, ['staff', 'auto-reply']))
    },
  },
  responder: {
    async prepare() {
      // A new inquiry for each run (the first reply moves it to "waiting"), its own mails sent before the journey.
      const email = visitorEmail()
      const res = await a.inject({ method: 'POST', url: '/api/contact', payload: { ...validInquiry({ email, emailConfirm: email }), _token: formToken((await a.inject('/contact')).body) } })
      const id = res.json().id
      await until('the inquiry\'s own mails sent', mailsDone(id, ['staff', 'auto-reply']))
      const { subject, body } = stateOf(await openInquiry(a, responder, id)).data.reply.form
      return { id, email, fields: { subject, body: body.replace('（ここにご回答を書いてください）', 'お見積りを添付いたします。'), status: 'waiting', confirmed: '1' } }
    },
    async run({ id, email, fields }) {
      const res = await postInquiry(a, responder, id, 'reply', fields)
      if (res.statusCode !== 303) throw new Error(`reply: ${res.statusCode}`)
      await until('the reply sent', () => sent.includes(`${id} reply`) && smtp.mails.some((m) => m.to.includes(email) && m.headers.subject === fields.subject))
    },
  },
  editor: {
    async prepare() {
      journeys.editor.b ??= await replica(testConfig().contentSyncMs)
      const slug = NEWS_SLUG
      const { form, base } = formOf(await openItem(a, editor, 'news', slug))
      const title = `Bench journey ${++runNumber}`
      return { slug, title, fields: { ...form, base, 'en.title': title, confirmed: '1' } }
    },
    async run({ slug, title, fields }) {
      const res = await post(a, editor, `/admin/content/news/${slug}`, fields)
      if (res.statusCode !== 303) throw new Error(`save: ${res.statusCode} ${res.body.slice(0, 200)}`)
      const b = journeys.editor.b
      await until('replica B serves the save', async () => (await b.inject(`/en/news/${slug}`)).body.includes(`${title}</h1>`))
    },
  },
}

/** One journey: a warm-up, then `runs` measured runs, each with coverage taken just before and after. */
async function measure(journey) {
  await journey.run(await journey.prepare())
  const seen = []
  for (let i = 0; i < runs; i++) {
    const input = await journey.prepare()
    await takeTouched()
    const started = performance.now()
    await journey.run(input)
    const ms = performance.now() - started
    seen.push({ files: await takeTouched(), ms })
  }
  const always = [...seen[0].files].filter((f) => seen.every((s) => s.files.has(f))).sort()
  const sometimes = [...new Set(seen.flatMap((s) => [...s.files]))].filter((f) => !always.includes(f)).sort()
  return { files: always, unstable: sometimes, ms: seen.map((s) => Math.round(s.ms)) }
}

/** { folder: [files] } in the files' order. */
function byFolder(files) {
  const out = {}
  for (const f of files) (out[dirname(f)] ??= []).push(f)
  return out
}
const results = {}
try {
  for (const [name, journey] of Object.entries(journeys)) {
    const { files, unstable, ms } = await measure(journey)
    const folders = byFolder(files)
    results[name] = { files: files.length, folders: Object.keys(folders).length, byFolder: folders, unstable, ms }
  }
} finally {
  await session.post('Profiler.stopPreciseCoverage')
  session.disconnect()
  for (const fn of teardowns.reverse()) await fn()
}

if (asJson) console.log(JSON.stringify({ node: process.version, runs, journeys: results }, null, 2))
else {
  console.log(`node ${process.version}; ${runs} measured run(s) per journey after a warm-up; files of ${SOURCE_DIRS.join('/, ')}/ with code run`)
  for (const [name, r] of Object.entries(results)) {
    console.log(`\n${name}: ${r.files} files in ${r.folders} folders (${r.ms.join(', ')} ms)`)
    for (const [folder, files] of Object.entries(r.byFolder)) console.log(`  ${folder}/ (${files.length}): ${files.map((f) => f.slice(folder.length + 1)).join(' ')}`)
    if (r.unstable.length) console.log(`  in some runs only: ${r.unstable.join(' ')}`)
  }
}

/** POSTs a form as the browser does (x-www-form-urlencoded). */
function formPost(app, url, fields) {
  return app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() })
}
