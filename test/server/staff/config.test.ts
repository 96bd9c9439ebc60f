import t from 'tap'
import { readFileSync } from 'node:fs'
import { loadConfig, unknownSettings } from '../../../server/config'
import { parseDuration } from '../../../server/config-formats'
import { configError } from '../../helper'

const MIN = 60_000
const HOUR = 60 * MIN
const DAY = 24 * HOUR

t.test('staff settings and their defaults: on, 30 minutes idle, 12 hours at most, 400 days of audit log', async (t) => {
  t.same(loadConfig({}).staff, { area: true, sessionIdleMs: 30 * MIN, sessionMaxMs: 12 * HOUR, auditRetentionMs: 400 * DAY })
  t.same(loadConfig({ STAFF_AREA: 'false', STAFF_SESSION_IDLE: '15 minutes', STAFF_SESSION_MAX: '8h', STAFF_AUDIT_RETENTION: '2 days' }).staff, {
    area: false,
    sessionIdleMs: 15 * MIN,
    sessionMaxMs: 8 * HOUR,
    auditRetentionMs: 2 * DAY,
  })
  t.equal(loadConfig({ STAFF_SESSION_IDLE: '1m', STAFF_SESSION_MAX: '5m' }).staff.sessionMaxMs, 5 * MIN, 'the shortest allowed')
})

t.test('durations in days', async (t) => {
  for (const [text, ms] of [['400d', 400 * DAY], ['1 day', DAY], ['90 days', 90 * DAY], ['30m', 30 * MIN], ['12h', 12 * HOUR]] as const) t.equal(parseDuration(text), ms, text)
})

t.test('wrong staff settings stop the start with one clear line each', async (t) => {
  t.equal(configError({ STAFF_AREA: 'yes' }), 'STAFF_AREA: invalid value "yes" (one of true, false)')
  for (const name of ['STAFF_SESSION_IDLE', 'STAFF_SESSION_MAX', 'STAFF_AUDIT_RETENTION']) {
    const line = configError({ [name]: 'soon' })
    t.match(line, new RegExp(`^${name}: invalid value "soon" \\(allowed: a duration: milliseconds, or a number with ms, s, m, min, minutes, h, hours, d or days, e\\.g\\. `), name)
    t.equal(line.split('\n').length, 1)
  }
  t.equal(configError({ STAFF_SESSION_IDLE: '30s' }), 'STAFF_SESSION_IDLE: must be between 1 minute and 24 hours (default 30m)')
  t.equal(configError({ STAFF_SESSION_IDLE: '2d', STAFF_SESSION_MAX: '3d' }), 'STAFF_SESSION_IDLE: must be between 1 minute and 24 hours (default 30m)')
  t.equal(configError({ STAFF_SESSION_MAX: '1m' }), 'STAFF_SESSION_MAX: must be between 5 minutes and 30 days (default 12h)')
  t.equal(configError({ STAFF_SESSION_MAX: '31d' }), 'STAFF_SESSION_MAX: must be between 5 minutes and 30 days (default 12h)')
  t.equal(configError({ STAFF_SESSION_IDLE: '2h', STAFF_SESSION_MAX: '1h' }), 'STAFF_SESSION_MAX: must not be shorter than STAFF_SESSION_IDLE (a session ends at whichever comes first)')
  t.equal(configError({ STAFF_AUDIT_RETENTION: '12h' }), 'STAFF_AUDIT_RETENTION: must be between 1 day and 10 years (default 400d)')
  t.equal(configError({ STAFF_AUDIT_RETENTION: '4000d' }), 'STAFF_AUDIT_RETENTION: must be between 1 day and 10 years (default 400d)')
  t.equal(configError({ STAFF_SESSION_IDLE: '1h', STAFF_SESSION_MAX: '1h', STAFF_AUDIT_RETENTION: '3660d' }), '', 'the bounds themselves are allowed')
})

t.test('a misspelt staff setting is named, with the one meant', async (t) => {
  t.same(unknownSettings({ STAFF_SESSION_IDEL: '10m' }), ['STAFF_SESSION_IDEL is not a setting of this site (did you mean STAFF_SESSION_IDLE?): it is ignored'])
  t.same(unknownSettings({ STAFF_TIMEOUT: '10m' }), ['STAFF_TIMEOUT is not a setting of this site: it is ignored'], 'STAFF_ is a settings prefix')
})

t.test('documented in docs/configuration.md and .env.example with their defaults', async (t) => {
  const docs = readFileSync('docs/configuration.md', 'utf8')
  const example = readFileSync('.env.example', 'utf8')
  for (const [name, value] of [['STAFF_AREA', 'true'], ['STAFF_SESSION_IDLE', '30m'], ['STAFF_SESSION_MAX', '12h'], ['STAFF_AUDIT_RETENTION', '400d']] as const) {
    t.match(docs, `| \`${name}\` | \`${value}\` |`, name)
    t.match(example, new RegExp(`^${name}=${value}$`, 'm'), name)
  }
})
