// The Docker image's own payload, measured without Docker: the runtime stage reproduced in a
// temporary folder as test/server/runtime-stage.test.ts does (package.json + lock, a production-only
// `npm ci`, dist/ and content/), then sized with `du`. The base image (node:*-bookworm-slim) and the
// tini package come on top; see docs/operations.md, Image size.
// Usage: node build.mjs && node bench/image-size.mjs [--keep]   (--keep: leave the folder to look into)
import { execFileSync, spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

if (!existsSync('dist/manifest.json')) {
  console.error('dist/ is missing: run "node build.mjs" first')
  process.exit(1)
}
const dir = mkdtempSync(join(tmpdir(), 'image-size-'))
const keep = process.argv.includes('--keep')
try {
  for (const item of ['package.json', 'package-lock.json', 'dist', 'content']) cpSync(item, join(dir, item), { recursive: true })
  const started = Date.now()
  const install = spawnSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: dir, encoding: 'utf8' })
  if (install.status !== 0) throw new Error(`npm ci --omit=dev failed: ${install.stderr.slice(-2000)}`)
  const installSeconds = ((Date.now() - started) / 1000).toFixed(0)
  // Apparent size in bytes (-b), as the image layers store the files (before compression).
  const du = (path) => Number(execFileSync('du', ['-sb', path], { encoding: 'utf8' }).split('\t')[0])
  const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`
  const parts = ['node_modules', 'dist', 'content', 'package.json'].map((name) => [name, du(join(dir, name))])
  const total = parts.reduce((sum, [, bytes]) => sum + bytes, 0)
  const modules = execFileSync('du', ['-sb', ...['@img', 'sharp', 'better-sqlite3', 'react-dom', 'react-router', 'nodemailer'].map((m) => join(dir, 'node_modules', m)).filter(existsSync)], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.split('\t'))
    .map(([bytes, path]) => [path.slice(join(dir, 'node_modules').length + 1), Number(bytes)])
    .sort((a, b) => b[1] - a[1])
  console.log(`runtime payload (production install in ${installSeconds} s, node ${process.version}, ${process.platform}-${process.arch}):`)
  for (const [name, bytes] of parts) console.log(`  ${name.padEnd(14)} ${mb(bytes).padStart(9)}`)
  console.log(`  ${'total'.padEnd(14)} ${mb(total).padStart(9)}`)
  // Layers are pushed and pulled as gzipped tar files: the same, for the payload.
  const gzipped = Number(execFileSync('sh', ['-c', 'tar -cf - node_modules dist content package.json | gzip -6 | wc -c'], { cwd: dir, encoding: 'utf8', maxBuffer: 1e6 }).trim())
  console.log(`  ${'gzipped (tar)'.padEnd(14)} ${mb(gzipped).padStart(9)}`)
  console.log('largest packages in node_modules:')
  for (const [name, bytes] of modules) console.log(`  ${name.padEnd(14)} ${mb(bytes).padStart(9)}`)
  if (keep) console.log(`kept: ${dir}`)
} finally {
  if (!keep) rmSync(dir, { recursive: true, force: true })
}
