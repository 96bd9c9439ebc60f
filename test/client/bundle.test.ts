// The browser build holds no server code: page loaders and form actions (*.server.ts) are stubs,
// and nothing of server/, no Node built-in, no AJV, no database driver and no SQL reaches any bundle.
// The build refuses such an import outright, naming the importer.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import * as esbuild from 'esbuild'
import t from 'tap'
// @ts-expect-error: a plain ES module script without types
import { clientOptions, staffClientOptions } from '../../scripts/client-build.mjs'

const ROOT = resolve(import.meta.dirname, '../..')
process.chdir(ROOT)

function serverOnlyFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? serverOnlyFiles(join(dir, e.name)) : /\.server\.tsx?$/.test(e.name) ? [relative(ROOT, join(dir, e.name))] : [],
  )
}

t.test('the browser build of the site', async (t) => {
  const out = mkdtempSync(join(tmpdir(), 'bundle-'))
  t.teardown(() => rmSync(out, { recursive: true, force: true }))
  const options = clientOptions({ publicDir: out })
  const result = await esbuild.build({ ...options, write: false, logLevel: 'silent' })
  const inputs = Object.keys(result.metafile!.inputs)
  const js = result.outputFiles!.filter((f) => f.path.endsWith('.js'))
  t.ok(js.length >= 2, `${js.length} JavaScript files`)

  const families = serverOnlyFiles(join(ROOT, 'shared'))
  t.ok(families.length >= 7, `${families.length} server-only files in shared/ (loaders and actions)`)
  t.same(inputs.filter((i) => /\.server\.tsx?$/.test(i) && !i.startsWith('server-only:')), [], 'no server-only file is bundled as itself')
  const stubs = inputs.filter((i) => i.startsWith('server-only:'))
  t.ok(stubs.length >= 6, `${stubs.length} loaders and actions replaced by stubs`)
  for (const [output, meta] of Object.entries(result.metafile!.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(meta.inputs)) {
      if (input.startsWith('server-only:')) t.ok(bytesInOutput < 100, `${input} weighs ${bytesInOutput} B in ${relative(out, output)}`)
    }
  }
  t.same(inputs.filter((i) => i.startsWith('server/')), [], 'no module of server/')
  t.same(inputs.filter((i) => /node_modules\/(ajv|ajv-errors|ajv-formats|better-sqlite3|pg|pg-[\w-]+|ioredis|nodemailer|fastify|@fastify|pino|sharp)\//.test(i)), [], 'no server package')
  for (const file of js) {
    const name = relative(out, file.path)
    t.notMatch(file.text, /(?:from\s*|import\s*\(\s*|require\s*\(\s*)["']node:/, `${name}: no node: import`)
    t.notMatch(file.text, /\bnew Ajv\b|ajv\.js\.org|strictTypes/, `${name}: no AJV`)
    t.notMatch(file.text, /\b(?:SELECT\s+[\w*,\s]+\s+FROM\s+\w+|INSERT\s+INTO\s+\w+|CREATE\s+(?:TABLE|INDEX)\s+|UPDATE\s+\w+\s+SET\s+|DELETE\s+FROM\s+\w+)/i, `${name}: no SQL`)
  }
})

/** Modules of the staff area (its pages, entry, styles, strings, the passkey client): never in the public bundle. */
const STAFF_MODULE = /^(?:shared\/admin\/|client\/staff[-.]|locales\/\w+\/staff\.json)|node_modules\/@simplewebauthn\//

t.test('no staff module reaches the public bundle; the staff bundle is a browser build of its own', async (t) => {
  const out = mkdtempSync(join(tmpdir(), 'bundle-staff-'))
  t.teardown(() => rmSync(out, { recursive: true, force: true }))
  const site = await esbuild.build({ ...clientOptions({ publicDir: out }), write: false, logLevel: 'silent' })
  const siteInputs = Object.keys(site.metafile!.inputs)
  t.same(siteInputs.filter((i) => STAFF_MODULE.test(i)), [], 'no staff module in any public file')
  for (const file of site.outputFiles!) t.notMatch(file.text, /staff-entry|__staff_state|管理画面にサインイン|Sign in to staff/, `${relative(out, file.path)}: nothing of the staff area`)

  const staff = await esbuild.build({ ...staffClientOptions({ publicDir: out }), write: false, logLevel: 'silent' })
  const staffInputs = Object.keys(staff.metafile!.inputs)
  t.ok(staffInputs.some((i) => i.startsWith('shared/admin/')), 'the staff bundle holds the staff pages')
  t.ok(staffInputs.includes('client/staff/entry.tsx'), 'from its own entry')
  t.same(staffInputs.filter((i) => i.startsWith('server/')), [], 'no module of server/ in the staff bundle')
  t.same(staffInputs.filter((i) => /\.server\.tsx?$/.test(i) && !i.startsWith('server-only:')), [], 'staff loaders and actions are stubs there too')
  t.same(staffInputs.filter((i) => /node_modules\/(ajv|better-sqlite3|pg|ioredis|nodemailer|fastify|@fastify|pino|sharp|@simplewebauthn\/server|otplib|qrcode)\//.test(i)), [], 'no server package')
  const staffFiles = staff.outputFiles!.map((f) => relative(out, f.path)).sort()
  t.same(staffFiles.map((f) => f.replace(/-[A-Z0-9]{8}\./, '.')), ['assets/staff-entry.js', 'assets/staff-styles.css'], 'one script and one stylesheet, nothing shared with the site')
  t.same(
    site.outputFiles!.map((f) => relative(out, f.path)).filter((f) => staffFiles.includes(f)),
    [],
    'no file of the staff build is a file of the site build',
  )
})

t.test('a server-only export is undefined in the browser, and server code refuses the build', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'bundle-refuse-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const build = (source: string) => {
    const entry = join(dir, `entry-${Math.random().toString(36).slice(2)}.ts`)
    writeFileSync(entry, source)
    const options = clientOptions({ publicDir: dir })
    return esbuild.build({ ...options, entryPoints: [entry], outdir: join(dir, 'out'), splitting: false, metafile: false, logLevel: 'silent' })
  }
  const loader = join(ROOT, 'shared/pages/news/loader.server.ts').replace(/\.ts$/, '')
  await build(`export { loadNewsList, loadNewsDetail } from ${JSON.stringify(loader)}`)
  const built = readdirSync(join(dir, 'out')).find((f) => f.endsWith('.js'))!
  const stub = await import(pathToFileURL(join(dir, 'out', built)).href)
  t.same(Object.keys(stub).sort(), ['loadNewsDetail', 'loadNewsList'], 'the stub has the module exports')
  t.equal(stub.loadNewsList, undefined, 'whose values are undefined')

  const refusals: [string, RegExp][] = [
    [`import { readFileSync } from 'node:fs'; console.log(readFileSync)`, /a Node built-in in the browser build: node:fs/],
    [`import { CrossSiteRequest } from ${JSON.stringify(join(ROOT, 'server/errors'))}; console.log(CrossSiteRequest)`, /a module of server\/ in the browser build/],
    [`import Ajv from 'ajv'; console.log(new Ajv())`, /a server-only package in the browser build: ajv/],
    [`import Database from 'better-sqlite3'; console.log(Database)`, /a server-only package in the browser build: better-sqlite3/],
  ]
  for (const [source, message] of refusals) {
    const err = await build(source).then(() => null, (e: Error) => e)
    t.match(err?.message ?? 'built', message, source.split(';')[0]!)
  }
})
