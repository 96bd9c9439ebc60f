// The browser build's esbuild options and the plugins that keep it a browser build:
// - server-only files (`*.server.ts`: page loaders and form actions) are replaced by stubs whose
//   exports are undefined, so a route definition may name its loader and the bundle holds none of it;
// - anything else of the server's (a module under server/, a `node:` built-in, a database driver,
//   AJV) refuses the build, naming the importer.
import { existsSync, readFileSync } from 'node:fs'
import { join, relative, resolve, sep } from 'node:path'

const SERVER_ONLY_FILE = /\.server(\.[cm]?[jt]sx?)?$/
const SERVER_DIR = resolve('server') + sep
/** Packages that only the server may load. */
const SERVER_PACKAGES = /^(ajv|ajv-errors|better-sqlite3|pg|ioredis|nodemailer|fastify|@fastify\/.*|pino|sharp)(\/|$)/

/** The names a module exports (declarations and export lists; types and interfaces are not values). */
export function exportedNames(source) {
  const names = new Set()
  for (const m of source.matchAll(/^export\s+(?:async\s+)?(?:function\*?|const|let|var|class)\s+([A-Za-z_$][\w$]*)/gm)) names.add(m[1])
  for (const m of source.matchAll(/^export\s*\{([^}]*)\}/gm)) {
    for (const part of m[1].split(',')) {
      const name = part.trim().split(/\s+as\s+/).pop()?.trim()
      if (name && !name.startsWith('type ')) names.add(name)
    }
  }
  return [...names]
}

function resolveSource(resolveDir, path) {
  const base = resolve(resolveDir, path)
  return ['', '.ts', '.tsx', '.js', '.mjs'].map((ext) => base + ext).find((file) => existsSync(file))
}

/** @type {import('esbuild').Plugin} */
export const browserOnly = {
  name: 'browser-only',
  setup(build) {
    build.onResolve({ filter: SERVER_ONLY_FILE }, (args) => {
      const file = resolveSource(args.resolveDir, args.path)
      if (!file) return { errors: [{ text: `server-only module not found: ${args.path}` }] }
      return { path: file, namespace: 'server-only' }
    })
    build.onLoad({ filter: /.*/, namespace: 'server-only' }, (args) => {
      const names = exportedNames(readFileSync(args.path, 'utf8'))
      const contents = names.map((name) => `export const ${name} = undefined`).join('\n')
      return { contents: `// ${relative('.', args.path)}: server-only, not in the browser build\n${contents}\n`, loader: 'js' }
    })
    const refuse = (what, args) => ({ errors: [{ text: `${what} in the browser build: ${args.path} (imported by ${relative('.', args.importer)})` }] })
    build.onResolve({ filter: /^node:/ }, (args) => refuse('a Node built-in', args))
    build.onResolve({ filter: SERVER_PACKAGES }, (args) => refuse('a server-only package', args))
    build.onResolve({ filter: /^(\.\.?)?\// }, (args) => {
      const file = resolve(args.resolveDir, args.path)
      return file.startsWith(SERVER_DIR) ? refuse('a module of server/', args) : undefined
    })
  },
}

/**
 * The browser receives messages already parsed (server/i18n/compiled.ts): intl-messageformat gets the
 * parser package's no-parser build, so the ICU and skeleton parsers never ship.
 * @type {import('esbuild').Plugin}
 */
const noIcuParser = {
  name: 'no-icu-parser',
  setup(build) {
    build.onResolve({ filter: /^@formatjs\/icu-messageformat-parser$/ }, (args) =>
      build.resolve('@formatjs/icu-messageformat-parser/no-parser.js', { kind: args.kind, resolveDir: args.resolveDir }),
    )
  },
}

/**
 * The browser bundle's options: content-hashed, code-split ESM into `<publicDir>/assets`.
 * @returns {import('esbuild').BuildOptions}
 */
export function clientOptions({ publicDir, watch = false }) {
  return {
    entryPoints: { entry: 'client/entry.ts', styles: 'client/site.css' },
    outdir: join(publicDir, 'assets'),
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    assetNames: '[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022', 'chrome111', 'firefox111', 'safari16.4'],
    jsx: 'automatic',
    minify: !watch,
    sourcemap: watch ? 'inline' : false,
    legalComments: 'none',
    metafile: true,
    define: { 'process.env.NODE_ENV': JSON.stringify(watch ? 'development' : 'production') },
    plugins: [browserOnly, noIcuParser],
    logLevel: 'warning',
  }
}

/**
 * The staff area's bundle (client/staff/entry.tsx and client/staff/styles.css): a build of its own, so the
 * public bundle and its chunks are exactly what they would be without it, and no staff module can
 * reach a public page (test/client/bundle.test.ts). The same browser-only rules; one file each.
 * @returns {import('esbuild').BuildOptions}
 */
export function staffClientOptions({ publicDir, watch = false }) {
  return { ...clientOptions({ publicDir, watch }), entryPoints: { 'staff-entry': 'client/staff/entry.tsx', 'staff-styles': 'client/staff/styles.css' }, splitting: false }
}
