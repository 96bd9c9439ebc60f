import { isIP } from 'node:net'

/** The formats of the settings: what HOST, METRICS_HOST and TRUST_PROXY accept, and each pattern's rule in words. */

/** One IP address, or a CIDR range with a prefix length within the address family's bounds (1-32, 1-128). */
function isAddressOrRange(entry: string): boolean {
  const slash = entry.indexOf('/')
  const version = isIP(slash < 0 ? entry : entry.slice(0, slash))
  if (version === 0) return false
  if (slash < 0) return true
  const prefix = entry.slice(slash + 1)
  return /^[0-9]{1,3}$/.test(prefix) && Number(prefix) >= 1 && Number(prefix) <= (version === 4 ? 32 : 128)
}

/** TRUST_PROXY: true, false, a hop count, or comma-separated IP addresses/CIDR ranges (what Fastify accepts). */
export function isTrustProxy(value: string): boolean {
  if (value === 'true' || value === 'false' || /^[0-9]{1,3}$/.test(value)) return true
  return value.split(',').every((entry) => isAddressOrRange(entry.trim()))
}

const HOST_LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?'
const HOST_NAME = new RegExp(`^${HOST_LABEL}(?:\\.${HOST_LABEL})*\\.?$`)

/** HOST: an IP address (0.0.0.0, ::, 127.0.0.1) or a host name (localhost, site.internal); not 999.1.1.1. */
export function isHost(value: string): boolean {
  if (isIP(value) !== 0) return true
  return value.length <= 253 && HOST_NAME.test(value) && !/^[0-9.]+$/.test(value)
}

/** An address or name only this machine reaches. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host)
}

/**
 * What a variable validated by a pattern or a format allows, in words (the schema's regular
 * expression is no help to whoever reads the error line).
 */
export const ALLOWED: Record<string, string> = {
  HOST: 'a host name or an IP address, e.g. 0.0.0.0, ::, 127.0.0.1 or localhost',
  METRICS_HOST: 'a host name or an IP address, e.g. 127.0.0.1 or 0.0.0.0 (in a container)',
  SITE_URL: 'empty, or an origin: http:// or https:// and a host, optionally a port, no path, query or fragment, e.g. https://www.example.co.jp',
  TRUST_PROXY: 'true, false, a hop count, or comma-separated IP addresses/CIDR ranges',
  SMTP_URL: 'empty, or an smtp:// or smtps:// URL without spaces, e.g. smtp://user:pass@mail.example.com:587',
  CONTACT_TO: 'empty, or one or more email addresses separated by commas',
  MAIL_FROM: 'empty, or an email address or "Name <address>"',
  RATE_LIMIT_CONTACT_WINDOW: 'a duration: milliseconds, or a number with ms, s, m, min, minutes, h or hours, e.g. 30s or 1 minute',
  FORM_SECRET: 'empty, or at least 16 characters without spaces',
  DATABASE_URL: 'empty, or a postgres:// or postgresql:// URL without spaces, e.g. postgres://site:password@db:5432/site',
  REDIS_URL: 'empty, or a redis:// or rediss:// URL without spaces, e.g. redis://redis:6379',
  STAFF_SESSION_IDLE: 'a duration: milliseconds, or a number with ms, s, m, min, minutes, h, hours, d or days, e.g. 30m',
  STAFF_SESSION_MAX: 'a duration: milliseconds, or a number with ms, s, m, min, minutes, h, hours, d or days, e.g. 12h',
  STAFF_AUDIT_RETENTION: 'a duration: milliseconds, or a number with ms, s, m, min, minutes, h, hours, d or days, e.g. 400d',
  CONTACT_API_KEY: 'empty, or 32 to 200 characters of A-Z a-z 0-9 and . _ ~ + / = - (e.g. the output of openssl rand -base64 32)',
  INQUIRY_RETENTION_DAYS: 'a number of days (1 to 3660), or off',
  INBOX_DIGEST_HOUR: 'an hour of the day in Japan time, 0 to 23, or off',
  INQUIRY_WEBHOOK_URL: 'empty, or an https:// URL without spaces (http:// only to this machine: localhost, 127.0.0.1, ::1)',
  INQUIRY_WEBHOOK_SECRET: 'empty, or at least 16 characters without spaces (e.g. the output of openssl rand -hex 32)',
  MEDIA_WARM_READY_TIMEOUT: 'a duration: milliseconds, or a number with ms, s, m, min, minutes, h or hours, e.g. 60s (0: do not wait)',
}

/** A setting's duration: a number and a unit, ms, s, m, min, minutes, h, hours, d, days (a bare number is milliseconds). */
export const DURATION = '^[0-9]+ ?(ms|s|seconds?|m|min|minutes?|h|hours?|d|days?)?$'

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }

/** '1 minute' -> 60000, '30s' -> 30000, '400d' -> 400 days, '1500' -> 1500 (a bare number is milliseconds). */
export function parseDuration(text: string): number {
  const m = /^([0-9]+) ?([a-z]*)$/.exec(text)
  if (!m) throw new TypeError(`not a duration: ${text}`)
  const unit = m[2] === '' || m[2] === 'ms' ? 'ms' : m[2]!.startsWith('min') || m[2] === 'm' ? 'm' : m[2]![0]!
  return Number(m[1]) * (UNIT_MS[unit] ?? 1)
}
