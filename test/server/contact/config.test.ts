import t from 'tap'
import { ConfigError, loadConfig } from '../../../server/config'
import { parseDuration } from '../../../server/config-formats'

t.test('contact settings and their defaults', async (t) => {
  const c = loadConfig({}).contact
  t.same(c, { smtpUrl: '', to: '', from: '', rateLimitMax: 10, rateLimitWindowMs: 60_000, formSecret: '', minFillMs: 3000, apiKey: '', autoReplyMaxPerDay: 3, autoReplyMaxPerHour: 20, outboxLeaseMs: 120_000 })
  const set = loadConfig({
    SMTP_URL: 'smtp://user:pass@mail.example:587',
    CONTACT_TO: 'sales@example.co.jp, info@example.co.jp',
    MAIL_FROM: '蒼栄建設 <noreply@example.co.jp>',
    RATE_LIMIT_CONTACT_MAX: '5',
    RATE_LIMIT_CONTACT_WINDOW: '10 minutes',
    FORM_SECRET: 'a'.repeat(32),
    CONTACT_MIN_FILL_MS: '0',
    CONTACT_API_KEY: 'Zm9yLXRoZS1pbnRlZ3JhdGlvbi1vbmx5LTAxMjM0NTY3ODk=',
    CONTACT_AUTOREPLY_MAX_PER_DAY: '0',
    CONTACT_AUTOREPLY_MAX_PER_HOUR: '500',
  }).contact
  t.equal(set.rateLimitWindowMs, 600_000)
  t.equal(set.rateLimitMax, 5)
  t.equal(set.minFillMs, 0)
  t.equal(set.apiKey, 'Zm9yLXRoZS1pbnRlZ3JhdGlvbi1vbmx5LTAxMjM0NTY3ODk=')
  t.equal(set.autoReplyMaxPerDay, 0, '0: no auto-replies at all')
  t.equal(set.autoReplyMaxPerHour, 500)
})

t.test('durations', async (t) => {
  for (const [text, ms] of [['1 minute', 60_000], ['30s', 30_000], ['1500', 1500], ['2 hours', 7_200_000], ['5m', 300_000], ['250 ms', 250]] as const) t.equal(parseDuration(text), ms, text)
})

t.test('wrong or incomplete settings stop the start, secrets never echoed', async (t) => {
  const error = (env: Record<string, string>) => {
    try {
      loadConfig(env)
    } catch (err) {
      t.ok(err instanceof ConfigError)
      return (err as Error).message
    }
    return ''
  }
  t.match(error({ SMTP_URL: 'smtp://mail.example' }), /CONTACT_TO: required when SMTP_URL is set[\s\S]*MAIL_FROM: required/)
  t.match(error({ RATE_LIMIT_CONTACT_WINDOW: 'soon' }), /^RATE_LIMIT_CONTACT_WINDOW: invalid value "soon"/)
  t.match(error({ RATE_LIMIT_CONTACT_WINDOW: '10ms' }), /at least 1 second/)
  const secret = error({ FORM_SECRET: 'short' })
  t.match(secret, /^FORM_SECRET: invalid value \(value hidden\)/)
  t.notMatch(secret, /short/)
  t.notMatch(error({ SMTP_URL: 'http://user:hunter2@x' }), /hunter2/)
  t.match(error({ CONTACT_TO: 'not an address' }), /^CONTACT_TO/)
  for (const key of ['short-key', 'a key with spaces in it, long enough to pass 32', 'x'.repeat(201)]) {
    const line = error({ CONTACT_API_KEY: key })
    t.match(line, /^CONTACT_API_KEY: invalid value \(value hidden\) \(allowed: empty, or 32 to 200 characters of A-Z a-z 0-9 and \. _ ~ \+ \/ = -/, 'one clear line')
    t.notMatch(line, key, 'the key is never echoed')
  }
  t.match(error({ CONTACT_AUTOREPLY_MAX_PER_DAY: '-1' }), /^CONTACT_AUTOREPLY_MAX_PER_DAY: invalid value "-1" \(must be >= 0\)$/)
  t.match(error({ CONTACT_AUTOREPLY_MAX_PER_DAY: 'many' }), /^CONTACT_AUTOREPLY_MAX_PER_DAY: invalid value "many" \(must be integer\)$/)
  t.match(error({ CONTACT_AUTOREPLY_MAX_PER_HOUR: '-1' }), /^CONTACT_AUTOREPLY_MAX_PER_HOUR: invalid value "-1" \(must be >= 0\)$/)
  t.match(error({ CONTACT_AUTOREPLY_MAX_PER_HOUR: '1e9' }), /^CONTACT_AUTOREPLY_MAX_PER_HOUR: invalid value "1e9"/)
})
