import t from 'tap'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadConfig, unknownSettings } from '../../../server/config'
import { configError } from '../../helper'

// The inbox jobs' settings (server/inbox/config.ts): defaults, values, and one clear line per wrong one.

const SMTP = { SMTP_URL: 'smtp://mail.example.test:587', CONTACT_TO: 'info@example.test', MAIL_FROM: 'noreply@example.test' }
const HOOK = 'https://hooks.example.test/services/T000/B000/very-secret-path'

t.test('defaults: 365 days of retention, a digest at 9 (Japan time) of inquiries new for 2 days, no webhook', async (t) => {
  t.same(loadConfig({}).inbox, { retentionDays: 365, digestHour: 9, digestStaleDays: 2, webhook: null })
  t.same(loadConfig({ INQUIRY_RETENTION_DAYS: 'off', INBOX_DIGEST_HOUR: 'off', INBOX_DIGEST_STALE_DAYS: '7' }).inbox, { retentionDays: null, digestHour: null, digestStaleDays: 7, webhook: null })
  t.equal(loadConfig({ INBOX_DIGEST_HOUR: '0' }).inbox.digestHour, 0, 'midnight')
  t.equal(loadConfig({ INBOX_DIGEST_HOUR: '23' }).inbox.digestHour, 23)
  t.equal(loadConfig({ INQUIRY_RETENTION_DAYS: '3660' }).inbox.retentionDays, 3660, 'ten years at most')
  t.same(loadConfig({ ...SMTP, INQUIRY_WEBHOOK_URL: HOOK, INQUIRY_WEBHOOK_FORMAT: 'slack' }).inbox.webhook, { url: HOOK, format: 'slack', secret: '' }, 'a chat without a secret')
  t.same(loadConfig({ ...SMTP, INQUIRY_WEBHOOK_URL: 'http://127.0.0.1:8080/hook', INQUIRY_WEBHOOK_SECRET: 'x'.repeat(32) }).inbox.webhook, { url: 'http://127.0.0.1:8080/hook', format: 'json', secret: 'x'.repeat(32) }, 'json (the default), http to this machine')
  for (const url of ['http://localhost:9000/x', 'http://[::1]:9000/x']) t.equal(loadConfig({ ...SMTP, INQUIRY_WEBHOOK_URL: url, INQUIRY_WEBHOOK_FORMAT: 'teams' }).inbox.webhook?.url, url, url)
})

t.test('wrong values stop the start with one line each, saying what is allowed', async (t) => {
  t.equal(configError({ INBOX_DIGEST_HOUR: '24' }), 'INBOX_DIGEST_HOUR: invalid value "24" (allowed: an hour of the day in Japan time, 0 to 23, or off)')
  t.equal(configError({ INBOX_DIGEST_HOUR: '9am' }), 'INBOX_DIGEST_HOUR: invalid value "9am" (allowed: an hour of the day in Japan time, 0 to 23, or off)')
  t.equal(configError({ INQUIRY_RETENTION_DAYS: 'forever' }), 'INQUIRY_RETENTION_DAYS: invalid value "forever" (allowed: a number of days (1 to 3660), or off)')
  t.equal(configError({ INQUIRY_RETENTION_DAYS: '0' }), 'INQUIRY_RETENTION_DAYS: must be between 1 and 3660 days, or off (default 365)')
  t.equal(configError({ INQUIRY_RETENTION_DAYS: '4000' }), 'INQUIRY_RETENTION_DAYS: must be between 1 and 3660 days, or off (default 365)')
  t.equal(configError({ INBOX_DIGEST_STALE_DAYS: '0' }), 'INBOX_DIGEST_STALE_DAYS: invalid value "0" (must be >= 1)')
  t.equal(configError({ INQUIRY_WEBHOOK_FORMAT: 'discord' }), 'INQUIRY_WEBHOOK_FORMAT: invalid value "discord" (one of slack, teams, json)')
  t.equal(configError({ INQUIRY_WEBHOOK_SECRET: 'short' }), 'INQUIRY_WEBHOOK_SECRET: invalid value (value hidden) (allowed: empty, or at least 16 characters without spaces (e.g. the output of openssl rand -hex 32))')
})

t.test('the webhook: https (http to this machine only), a secret for json, SMTP_URL; the URL is never echoed', async (t) => {
  const plain = configError({ ...SMTP, INQUIRY_WEBHOOK_URL: 'http://hooks.example.test/secret-token-123', INQUIRY_WEBHOOK_FORMAT: 'slack' })
  t.equal(plain, 'INQUIRY_WEBHOOK_URL: http:// is allowed only to this machine (localhost, 127.0.0.1, ::1): the body and its signature would cross the network in clear; use https://')
  const noSecret = configError({ ...SMTP, INQUIRY_WEBHOOK_URL: HOOK })
  t.match(noSecret, /^INQUIRY_WEBHOOK_SECRET: required when INQUIRY_WEBHOOK_FORMAT is json \(the default\)/)
  t.equal(noSecret.split('\n').length, 1)
  t.equal(configError({ INQUIRY_WEBHOOK_URL: HOOK, INQUIRY_WEBHOOK_FORMAT: 'slack' }), 'INQUIRY_WEBHOOK_URL: needs SMTP_URL: the outbox that posts the webhook is the one that sends the mail, and it runs only with SMTP_URL set')
  const wrong = configError({ INQUIRY_WEBHOOK_URL: 'ftp://hooks.example.test/secret-token-123' })
  t.equal(wrong, 'INQUIRY_WEBHOOK_URL: invalid value (value hidden) (allowed: empty, or an https:// URL without spaces (http:// only to this machine: localhost, 127.0.0.1, ::1))')
  for (const line of [plain, noSecret, wrong]) t.notMatch(line, /secret-token-123|very-secret-path/, 'the URL is a secret')
})

t.test('the webhook URL and secret can be files (X_FILE), as the other secrets', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'inbox-config-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  writeFileSync(join(dir, 'url'), `${HOOK}\n`, { mode: 0o600 })
  writeFileSync(join(dir, 'secret'), `${'s'.repeat(40)}\n`, { mode: 0o600 })
  const env = { ...SMTP, INQUIRY_WEBHOOK_URL_FILE: join(dir, 'url'), INQUIRY_WEBHOOK_SECRET_FILE: join(dir, 'secret') }
  t.same(loadConfig(env).inbox.webhook, { url: HOOK, format: 'json', secret: 's'.repeat(40) })
})

t.test('the built server refuses to start on a wrong inbox setting, with one line', async (t) => {
  const res = spawnSync(process.execPath, ['dist/server/index.js'], { env: { ...process.env, LOG_LEVEL: 'silent', INBOX_DIGEST_HOUR: '25' }, encoding: 'utf8', timeout: 15_000 })
  t.equal(res.status, 1)
  t.same(res.stderr.trim().split('\n'), ['config error: INBOX_DIGEST_HOUR: invalid value "25" (allowed: an hour of the day in Japan time, 0 to 23, or off)'])
})

t.test('misspelt inbox settings are named, with the one meant', async (t) => {
  t.same(unknownSettings({ INBOX_DIGEST_HOURS: '9' }), ['INBOX_DIGEST_HOURS is not a setting of this site (did you mean INBOX_DIGEST_HOUR?): it is ignored'])
  t.same(unknownSettings({ INQUIRY_WEBHOOK: 'x' }), ['INQUIRY_WEBHOOK is not a setting of this site: it is ignored'], 'INQUIRY_ is a settings prefix')
})

t.test('documented in docs/configuration.md and .env.example with their defaults', async (t) => {
  const docs = readFileSync('docs/configuration.md', 'utf8')
  const example = readFileSync('.env.example', 'utf8')
  for (const [name, value] of [['INQUIRY_RETENTION_DAYS', '365'], ['INBOX_DIGEST_HOUR', '9'], ['INBOX_DIGEST_STALE_DAYS', '2'], ['INQUIRY_WEBHOOK_FORMAT', 'json']] as const) {
    t.match(docs, `| \`${name}\` | \`${value}\` |`, name)
    t.match(example, new RegExp(`^${name}=${value}$`, 'm'), name)
  }
  for (const name of ['INQUIRY_WEBHOOK_URL', 'INQUIRY_WEBHOOK_SECRET']) {
    t.match(docs, `| \`${name}\` | *(empty)* |`, name)
    t.match(example, new RegExp(`^${name}=$`, 'm'), name)
  }
})
