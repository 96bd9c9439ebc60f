// Builds the browser bundle (content-hashed, code-split) and the server bundle with esbuild,
// then writes dist/manifest.json (hashed entry files, build id and time).
// Usage: node build.mjs [--watch] [--outdir=DIR]
// --watch (npm run dev) builds for development into dist-dev/ (never dist/), marks the manifest
// "mode": "development", and runs the server from it (scripts/dev-server.mjs): restarted after a
// rebuild or a content/locale edit, stopped with this process on SIGTERM/SIGINT.
import { createHash } from 'node:crypto'
import { spawn } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { basename, join, relative, resolve } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import * as esbuild from 'esbuild'
import { superviseDevServer } from './scripts/dev-server.mjs'
import { clientOptions as clientBuildOptions, staffClientOptions } from './scripts/client-build.mjs'

const watch = process.argv.includes('--watch')
const outdirArg = process.argv.find((a) => a.startsWith('--outdir='))?.slice('--outdir='.length)
const dist = outdirArg ?? (watch ? 'dist-dev' : 'dist')
const publicDir = join(dist, 'public')

const clientOptions = clientBuildOptions({ publicDir, watch })
const staffOptions = staffClientOptions({ publicDir, watch })

/** @type {import('esbuild').BuildOptions} */
const serverOptions = {
  entryPoints: { main: 'server/main.ts', 'content-check': 'server/content-check.ts', 'content-reload': 'server/content-reload.ts', content: 'server/content-cli.ts', inquiries: 'server/inquiries-cli.ts', staff: 'server/staff/cli.ts', backup: 'server/backup-cli.ts' },
  outdir: join(dist, 'server'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  jsx: 'automatic',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
}

/** The hashed staff bundle (its own build): its script and stylesheet. */
function staffAssets(staffMetafile, url) {
  const outputs = Object.entries(staffMetafile.outputs)
  const js = outputs.find(([, o]) => o.entryPoint === 'client/staff/entry.tsx')?.[0]
  const css = outputs.find(([, o]) => o.entryPoint === 'client/staff/styles.css')?.[0]
  if (!js || !css) throw new Error('staff entry outputs missing from the esbuild metafile')
  return { js: url(js), css: url(css) }
}

/** The language folders of locales/ (one per language of shared/i18n/locales.ts), sorted. */
function localeFolders() {
  return readdirSync('locales', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort()
}

function writeManifest(metafile, staffMetafile) {
  const outputs = Object.entries(metafile.outputs)
  const find = (entry) => outputs.find(([, o]) => o.entryPoint === entry)
  const [jsFile, jsOut] = find('client/entry.ts') ?? []
  const [cssFile] = find('client/site.css') ?? []
  if (!jsFile || !cssFile) throw new Error('client entry outputs missing from the esbuild metafile')
  const url = (file) => '/' + relative(publicDir, file).split('\\').join('/')
  const hash = createHash('sha256')
  for (const [file] of outputs.sort(([a], [b]) => a.localeCompare(b))) hash.update(basename(file))
  for (const file of Object.keys(staffMetafile.outputs).sort()) hash.update(basename(file))
  // The messages the browser loads (/_i18n/{id}/…, the staff pages' own): every language's folder of locales/.
  for (const code of localeFolders()) for (const group of ['units', 'titles', 'staff']) hash.update(readFileSync(`locales/${code}/${group}.json`))
  // In development every write is a new build (content edits too): open tabs poll the id and reload.
  if (watch) hash.update(String(process.hrtime.bigint()))
  const staticImports = (output) => output.imports.filter((i) => i.kind === 'import-statement').map((i) => i.path)
  const entryFiles = new Set([jsFile, ...staticImports(jsOut)])
  // Each module split off at a dynamic import (shared/lazy-component.ts): its file and the chunks it
  // needs beyond the entry's, which the pages using it preload.
  const chunks = {}
  for (const [file, output] of outputs) {
    if (!output.entryPoint || file === jsFile || !file.endsWith('.js')) continue
    chunks[output.entryPoint] = [file, ...staticImports(output).filter((f) => !entryFiles.has(f))].map(url)
  }
  const manifest = {
    id: hash.digest('hex').slice(0, 16),
    time: new Date().toISOString(),
    js: url(jsFile),
    css: url(cssFile),
    preload: staticImports(jsOut).map(url),
    chunks,
    staff: staffAssets(staffMetafile, url),
    mode: watch ? 'development' : 'production',
  }
  writeFileSync(join(dist, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n')
  return manifest
}

/** Brotli and gzip copies of every text asset, served by @fastify/static's preCompressed option. */
function precompress(metafile) {
  for (const file of Object.keys(metafile.outputs)) {
    if (!/\.(js|css|svg)$/.test(file)) continue
    const bytes = readFileSync(file)
    writeFileSync(file + '.br', brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
    writeFileSync(file + '.gz', gzipSync(bytes, { level: 9 }))
  }
}

rmSync(dist, { recursive: true, force: true })
mkdirSync(publicDir, { recursive: true })
cpSync('public', publicDir, { recursive: true })

/** The launcher stays unbundled: it must set NODE_ENV before main.js (and React) load. */
const launcherOptions = {
  entryPoints: ['server/index.ts'],
  outfile: join(dist, 'server', 'index.js'),
  bundle: false,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
}

if (!watch) {
  const [client, staff] = await Promise.all([esbuild.build(clientOptions), esbuild.build(staffOptions), esbuild.build(serverOptions), esbuild.build(launcherOptions)])
  const manifest = writeManifest(client.metafile, staff.metafile)
  precompress(client.metafile)
  precompress(staff.metafile)
  console.log(`built ${manifest.id}: ${manifest.js} ${manifest.css}`)
} else {
  // The server reads .env itself; the watcher needs the same CONTENT_DIR, HOST and PORT (the environment wins).
  if (existsSync('.env')) process.loadEnvFile('.env')
  let lastClient
  let lastStaff
  // Both bundles built at least once: the manifest names them both.
  const manifestNow = () => lastClient && lastStaff && writeManifest(lastClient, lastStaff)
  const contexts = []
  const dev = superviseDevServer({
    dist,
    watchDirs: [process.env.CONTENT_DIR || 'content', 'locales'],
    onSourceChange: manifestNow,
    onStop: () => Promise.all(contexts.map((c) => c.dispose())),
  })
  const onEnd = (name, after) => ({
    name,
    setup(build) {
      build.onEnd((result) => {
        if (result.errors.length === 0) after(result)
      })
    },
  })
  const afterClient = (result) => {
    lastClient = result.metafile
    if (manifestNow()) dev.restart()
  }
  const afterStaff = (result) => {
    lastStaff = result.metafile
    if (manifestNow()) dev.restart()
  }
  const client = await esbuild.context({ ...clientOptions, plugins: [...clientOptions.plugins, onEnd('manifest', afterClient)] })
  const staff = await esbuild.context({ ...staffOptions, plugins: [...staffOptions.plugins, onEnd('staff manifest', afterStaff)] })
  await esbuild.build(launcherOptions)
  const server = await esbuild.context({ ...serverOptions, plugins: [onEnd('restart', () => dev.restart())] })
  contexts.push(client, staff, server)
  await Promise.all([client.watch(), staff.watch(), server.watch()])
  console.log(`watching for changes, serving the development build in ${dist}/ (Ctrl+C to stop)`)
}
