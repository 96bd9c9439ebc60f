import t from 'tap'
import { spawn, spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { ConfigError, ENV_VARIABLES, loadConfig, unknownSettings } from '../../server/config'
import { configError } from '../helper'

// X_FILE for the five settings that may hold credentials (the Docker and Kubernetes secrets convention):
// the value is read from the named file, so it is never in the process environment.

const dir = mkdtempSync(join(tmpdir(), 'config-secrets-'))
t.teardown(() => rmSync(dir, { recursive: true, force: true }))
const secretFile = (name: string, text: string) => {
  const path = join(dir, name)
  writeFileSync(path, text, { mode: 0o600 })
  return path
}

const VALUES = {
  SMTP_URL: 'smtp://mailer:s3cret-pass@mail.example.co.jp:587',
  FORM_SECRET: 'form-secret-of-at-least-16-characters',
  CONTACT_API_KEY: 'Zm9yLXRoZS1pbnRlZ3JhdGlvbi1vbmx5LTAxMjM0NTY3ODk=',
  DATABASE_URL: 'postgres://site:db-pass-1234@db.internal:5432/site',
  REDIS_URL: 'redis://:redis-pass@redis.internal:6379',
}

t.test('each secret setting is read from X_FILE, less one trailing line break', async (t) => {
  const env: Record<string, string> = { CONTACT_TO: 'info@example.co.jp', MAIL_FROM: 'noreply@example.co.jp' }
  for (const [name, value] of Object.entries(VALUES)) env[`${name}_FILE`] = secretFile(name.toLowerCase(), `${value}\n`)
  const config = loadConfig(env)
  t.equal(config.contact.smtpUrl, VALUES.SMTP_URL)
  t.equal(config.contact.formSecret, VALUES.FORM_SECRET)
  t.equal(config.contact.apiKey, VALUES.CONTACT_API_KEY)
  t.equal(config.databaseUrl, VALUES.DATABASE_URL)
  t.equal(config.redisUrl, VALUES.REDIS_URL)
  t.equal(loadConfig({ FORM_SECRET_FILE: secretFile('crlf', `${VALUES.FORM_SECRET}\r\n`) }).contact.formSecret, VALUES.FORM_SECRET, 'a Windows line break too')
  t.equal(loadConfig({ FORM_SECRET_FILE: secretFile('bare', VALUES.FORM_SECRET) }).contact.formSecret, VALUES.FORM_SECRET, 'no line break: the whole file')
  t.match(configError({ FORM_SECRET_FILE: secretFile('two', `${VALUES.FORM_SECRET}\n\n`) }), /^FORM_SECRET \(read from FORM_SECRET_FILE\): invalid value \(value hidden\)/, 'only one line break is taken off: a second one is part of the value (and refused)')
  t.equal(loadConfig({ SMTP_URL_FILE: secretFile('empty', '') }).contact.smtpUrl, '', 'an empty file: an empty value (no SMTP)')
  t.equal(loadConfig({ SMTP_URL: '', SMTP_URL_FILE: secretFile('smtp', `${VALUES.SMTP_URL}\n`), CONTACT_TO: 'a@b.jp', MAIL_FROM: 'c@d.jp' }).contact.smtpUrl, VALUES.SMTP_URL, 'X empty (as .env.example has it) and X_FILE set: the file')
})

t.test('X and X_FILE both set, an unreadable file, a wrong value in a file: one line each, never the value', async (t) => {
  const both = configError({ SMTP_URL: VALUES.SMTP_URL, SMTP_URL_FILE: secretFile('smtp', VALUES.SMTP_URL), FORM_SECRET: VALUES.FORM_SECRET, FORM_SECRET_FILE: secretFile('form', VALUES.FORM_SECRET) })
  t.same(both.split('\n'), [
    `SMTP_URL: set both directly and as a file (SMTP_URL_FILE=${join(dir, 'smtp')}): keep one of them (a file keeps the value out of the process environment)`,
    `FORM_SECRET: set both directly and as a file (FORM_SECRET_FILE=${join(dir, 'form')}): keep one of them (a file keeps the value out of the process environment)`,
  ])
  const missing = join(dir, 'no-such-file')
  t.equal(configError({ DATABASE_URL_FILE: missing }), `DATABASE_URL_FILE: cannot read ${missing}: no such file (ENOENT)`)
  t.equal(configError({ REDIS_URL_FILE: dir }), `REDIS_URL_FILE: cannot read ${dir}: a folder, not a file (EISDIR)`)
  if (process.getuid?.() !== 0) {
    const locked = secretFile('locked', VALUES.CONTACT_API_KEY)
    chmodSync(locked, 0o000)
    t.equal(configError({ CONTACT_API_KEY_FILE: locked }), `CONTACT_API_KEY_FILE: cannot read ${locked}: permission denied (the server's user cannot read it) (EACCES)`)
  }
  const wrong = configError({ SMTP_URL_FILE: secretFile('wrong-smtp', 'http://mailer:hunter2@mail.example.co.jp\n') })
  t.equal(wrong, 'SMTP_URL (read from SMTP_URL_FILE): invalid value (value hidden) (allowed: empty, or an smtp:// or smtps:// URL without spaces, e.g. smtp://user:pass@mail.example.com:587)')
  for (const line of [both, wrong]) {
    for (const value of [...Object.values(VALUES), 'hunter2']) t.notOk(line.includes(value), `no secret value in: ${line.slice(0, 40)}…`)
  }
})

t.test('X_FILE is a known setting: listed, and a misspelt one is named', async (t) => {
  for (const name of Object.keys(VALUES)) t.ok(ENV_VARIABLES.includes(`${name}_FILE`), `${name}_FILE`)
  t.same(unknownSettings({ SMTP_URL_FILE: '/run/secrets/smtp_url', FORM_SECRET_FILE: '/x' }), [], 'no warning for X_FILE')
  t.same(unknownSettings({ SMTP_URL_FIEL: '/x' }), ['SMTP_URL_FIEL is not a setting of this site (did you mean SMTP_URL_FILE?): it is ignored'])
})

/** The built server (dist/, `node build.mjs` first) given its form secret as a file. */
t.test('the server takes FORM_SECRET from FORM_SECRET_FILE; the value is not in its environment', async (t) => {
  const dataDir = join(dir, 'data')
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'info',
    CONTENT_DIR: resolve('test/fixtures/content'),
    DATA_DIR: dataDir,
    FORM_SECRET_FILE: secretFile('form_secret', `${VALUES.FORM_SECRET}\n`),
  }
  const child = spawn(process.execPath, [resolve('dist/server/index.js')], { env, stdio: ['ignore', 'pipe', 'pipe'] })
  t.teardown(() => {
    if (child.exitCode === null) child.kill('SIGKILL')
  })
  let out = ''
  child.stderr.on('data', (d) => (out += d))
  await new Promise<void>((done, fail) => {
    child.stdout.on('data', (d) => {
      out += d
      if (/listening at http:\/\/127\.0\.0\.1:\d+/.test(out)) done()
    })
    child.on('exit', (code) => fail(new Error(`exited ${code}: ${out}`)))
  })
  t.notOk(existsSync(join(dataDir, 'form-secret')), 'no secret generated into DATA_DIR: the file\'s was taken')
  t.notMatch(out, /FORM_SECRET_FILE is not a setting/, 'no warning')
  if (existsSync(`/proc/${child.pid}/environ`)) {
    const environ = readFileSync(`/proc/${child.pid}/environ`, 'utf8')
    t.match(environ, /FORM_SECRET_FILE=/, '/proc/<pid>/environ is readable here')
    t.notOk(environ.includes(VALUES.FORM_SECRET), 'the secret is not in /proc/<pid>/environ')
  }
  child.kill('SIGTERM')
  await new Promise((done) => child.on('exit', done))
  t.notOk(out.includes(VALUES.FORM_SECRET), 'nor in the log')

  const missing = spawnSync(process.execPath, [resolve('dist/server/index.js')], { env: { ...env, FORM_SECRET_FILE: '/run/secrets/form_secret-missing' }, encoding: 'utf8', timeout: 20_000 })
  t.equal(missing.status, 1, 'a missing file stops the start')
  t.same(missing.stderr.trim().split('\n'), ['config error: FORM_SECRET_FILE: cannot read /run/secrets/form_secret-missing: no such file (ENOENT)'])
})
