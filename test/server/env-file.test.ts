import t from 'tap'
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { unknownSettings } from '../../server/config'

t.test('unknown settings: a likely misspelling or a setting-like name is named, the machine\'s own variables never', async (t) => {
  const lines = unknownSettings({ SMTP_ULR: 'x', CONTACT_TOO: 'a@b.c', PAGE_CACHE_MB: '9', SITE_DOMAIN: 'x', HOME: '/', HOSTNAME: 'h', NODE_OPTIONS: '', npm_config_cache: 'x', SMTP_URL: '' })
  t.same(lines, [
    'SMTP_ULR is not a setting of this site (did you mean SMTP_URL?): it is ignored',
    'CONTACT_TOO is not a setting of this site (did you mean CONTACT_TO?): it is ignored',
    'PAGE_CACHE_MB is not a setting of this site: it is ignored',
  ])
})

/**
 * The built server (dist/, `node build.mjs` first) started from a folder holding a .env: it takes its
 * settings from the file, a variable set in the environment wins over the file, and a misspelt
 * setting in the file is warned about at start.
 */
t.test('a .env file in the working folder is read; the environment wins', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'env-file-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  writeFileSync(
    join(dir, '.env'),
    [
      'HOST=127.0.0.1',
      'PORT=0',
      `DIST_DIR=${resolve('dist')}`,
      `CONTENT_DIR=${resolve('test/fixtures/content')}`,
      `DATA_DIR=${join(dir, 'data')}`,
      'LOG_LEVEL=silent',
      'SITE_URL=https://from-the-file.example',
      'SMTP_ULR=smtp://typo.example',
    ].join('\n'),
  )
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, LOG_LEVEL: 'info' }
  const child = spawn(process.execPath, [resolve('dist/server/index.js')], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] })
  t.teardown(() => {
    if (child.exitCode === null) child.kill('SIGKILL')
  })
  let out = ''
  child.stderr.on('data', (d) => (out += d))
  const port = await new Promise<number>((done, fail) => {
    child.stdout.on('data', (d) => {
      out += d
      const m = /listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(out)
      if (m) done(Number(m[1]))
    })
    child.on('exit', (code) => fail(new Error(`exited ${code}: ${out}`)))
  })
  t.pass('HOST, PORT, DIST_DIR, CONTENT_DIR and DATA_DIR came from the file')
  t.match(out, /"level":30/, 'LOG_LEVEL from the environment (info) won over the file (silent)')
  t.match(out, /SMTP_ULR is not a setting of this site \(did you mean SMTP_URL\?\)/, 'the misspelling is warned about')
  const page = await (await fetch(`http://127.0.0.1:${port}/about`)).text()
  t.match(page, /<link rel="canonical" href="https:\/\/from-the-file\.example\/about"/, 'SITE_URL from the file')
  child.kill('SIGTERM')
  await new Promise((done) => child.on('exit', done))
})
