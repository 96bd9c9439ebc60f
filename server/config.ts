import { resolve } from 'node:path'
import { contactConfigProblems, contactEnvProperties, readContactConfig, type ContactConfig } from './contact/config'
import { readSecretFiles, SECRET_FILE_VARIABLES, SECRET_VARIABLES } from './config-secrets'
import { unknownSettingsOf } from './config-unknown'
import { readStaffConfig, staffConfigProblems, staffEnvProperties, type StaffConfig } from './staff/config'
import { inboxConfigProblems, inboxEnvProperties, readInboxConfig, type InboxConfig } from './inbox/config'
import { ALLOWED, isHost, isLoopback, isTrustProxy } from './config-formats'
import { mediaConfigProblems, mediaEnvProperties, readMediaConfig, type MediaConfig } from './config-media'
import { createAjv } from '../shared/validation/server'

export { ALLOWED, isHost, isLoopback, isTrustProxy }

/** Typed configuration. The only module that reads process.env (through loadConfig). */
export interface Config {
  host: string
  port: number
  /** Public origin (https://www.example.co.jp) for absolute URLs; derived from the request when empty. */
  siteUrl: string
  /** Fastify trustProxy: false, true, a hop count or a list of addresses/CIDRs. */
  trustProxy: boolean | number | string
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'
  nodeEnv: 'production' | 'development' | 'test'
  /** Redirect the bare root to /en when the visitor's cookie or browser language says English. */
  rootRedirect: boolean
  /** Write the locale cookie with SameSite=None; Secure (for use across sites). */
  localeCookieCrossSite: boolean
  /** Folder holding the build output (client assets, manifest). */
  distDir: string
  /** Markdown content, site file and source images. */
  contentDir: string
  /** Reload the content when a file of contentDir changes (besides SIGHUP). */
  contentWatch: boolean
  /** How often (ms) every replica looks at the content folder's change marker (server/editor/content-sync.ts); 0: never. */
  contentSyncMs: number
  /** The only writable folder: database, image variant cache. */
  dataDir: string
  shutdownTimeoutMs: number
  /** On SIGTERM, how long /readyz says 503 while requests are still served, before the port closes. */
  shutdownDelayMs: number
  /** Keep rendered pages in memory (PAGE_CACHE) up to pageCacheMaxBytes. */
  pageCache: boolean
  pageCacheMaxBytes: number
  /** Above this event-loop delay the server sheds load with 503 + Retry-After. */
  maxEventLoopDelayMs: number
  /** A request whose headers have not all arrived this long after it began gets 408 (Node's headersTimeout). */
  headersTimeoutMs: number
  /** A request (headers and body) not wholly received this long after it began gets 408 (requestTimeout). */
  requestTimeoutMs: number
  /** Most connections open at once on the public port; beyond it new ones are closed at once (maxConnections). */
  maxConnections: number
  /** Port of the Prometheus metrics server (plugins/metrics); null: off. 0 (tests): any free port. */
  metricsPort: number | null
  metricsHost: string
  /** Contact form: mail, rate limit, form tokens (server/contact/config.ts). */
  contact: ContactConfig
  /** The staff area (/admin): on or off, session timeouts, audit retention (server/staff/config.ts). */
  staff: StaffConfig
  /** The inbox's jobs: retention of closed inquiries, the daily digest, the webhook (server/inbox/config.ts). */
  inbox: InboxConfig
  /** Image variants made ahead (MEDIA_WARM) and how long /readyz waits for the start's (server/config-media.ts). */
  media: MediaConfig
  /** postgres://… : inquiries and the mail outbox in PostgreSQL (several replicas); empty: SQLite in dataDir. */
  databaseUrl: string
  /** redis://… : the contact rate limit counted in Redis, across replicas; empty: in this process. */
  redisUrl: string
}

export const envSchema = {
  type: 'object',
  properties: {
    HOST: { type: 'string', format: 'host', default: '127.0.0.1' },
    PORT: { type: 'integer', minimum: 0, maximum: 65535, default: 3000 },
    SITE_URL: { type: 'string', pattern: '^(https?://[^/\\s?#]+/?)?$', default: '' },
    TRUST_PROXY: { type: 'string', format: 'trust-proxy', default: 'false' },
    LOG_LEVEL: { type: 'string', enum: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], default: 'info' },
    NODE_ENV: { type: 'string', enum: ['production', 'development', 'test'], default: 'production' },
    ROOT_REDIRECT: { type: 'string', enum: ['true', 'false'], default: 'true' },
    LOCALE_COOKIE_CROSS_SITE: { type: 'string', enum: ['true', 'false'], default: 'false' },
    DIST_DIR: { type: 'string', minLength: 1, default: 'dist' },
    CONTENT_DIR: { type: 'string', minLength: 1, default: 'content' },
    DATA_DIR: { type: 'string', minLength: 1, default: 'data' },
    SHUTDOWN_TIMEOUT_MS: { type: 'integer', minimum: 0, maximum: 600000, default: 10000 },
    SHUTDOWN_DELAY_MS: { type: 'integer', minimum: 0, maximum: 600000, default: 0 },
    MAX_EVENT_LOOP_DELAY_MS: { type: 'integer', minimum: 0, maximum: 60000, default: 1000 },
    HEADERS_TIMEOUT_MS: { type: 'integer', minimum: 1000, maximum: 600000, default: 30000 },
    REQUEST_TIMEOUT_MS: { type: 'integer', minimum: 1000, maximum: 600000, default: 30000 },
    MAX_CONNECTIONS: { type: 'integer', minimum: 1, maximum: 1000000, default: 1024 },
    PAGE_CACHE: { type: 'string', enum: ['true', 'false'], default: 'true' },
    CONTENT_WATCH: { type: 'string', enum: ['true', 'false'], default: 'false' },
    CONTENT_SYNC_MS: { type: 'integer', minimum: 0, maximum: 60000, default: 500 },
    PAGE_CACHE_MAX_MB: { type: 'integer', minimum: 1, maximum: 4096, default: 64 },
    METRICS_PORT: { type: 'integer', minimum: 1, maximum: 65535 },
    METRICS_HOST: { type: 'string', format: 'host', default: '127.0.0.1' },
    ...contactEnvProperties,
    ...staffEnvProperties,
    ...inboxEnvProperties,
    ...mediaEnvProperties,
    DATABASE_URL: { type: 'string', pattern: '^(postgres(ql)?://\\S+)?$', default: '' },
    REDIS_URL: { type: 'string', pattern: '^(rediss?://\\S+)?$', default: '' },
  },
} as const

/** Every variable the server reads (docs/configuration.md's table and .env.example list the same): the schema's and the secrets' X_FILE. */
export const ENV_VARIABLES: readonly string[] = [...Object.keys(envSchema.properties), ...SECRET_FILE_VARIABLES]

/** Variables that look like settings but are none (server/config-unknown.ts): one line each. */
export function unknownSettings(env: NodeJS.ProcessEnv = process.env): string[] {
  return unknownSettingsOf(env, ENV_VARIABLES)
}

// Settings are strings: coerced to their types, the defaults filled in, every wrong one reported.
const ajv = createAjv({ coerceTypes: true, useDefaults: true, allErrors: true, formats: { 'trust-proxy': isTrustProxy, host: isHost } })
const validateEnv = ajv.compile(envSchema)

export class ConfigError extends Error {}

function parseTrustProxy(value: string): Config['trustProxy'] {
  if (value === 'true') return true
  if (value === 'false') return false
  if (/^[0-9]+$/.test(value)) return Number(value)
  return value
}

/**
 * Reads and validates the environment; throws ConfigError with one line per wrong variable.
 * `server: false` (the command-line tools: inquiries, content:check) leaves out the rule that only
 * the serving replicas need: FORM_SECRET with DATABASE_URL (a tool signs no form token).
 */
export function loadConfig(processEnv: NodeJS.ProcessEnv = process.env, { server = true }: { server?: boolean } = {}): Config {
  const { env, from, problems: fileProblems } = readSecretFiles(processEnv)
  if (fileProblems.length) throw new ConfigError(fileProblems.join('\n'))
  const input: Record<string, unknown> = {}
  for (const key of Object.keys(envSchema.properties)) {
    const value = env[key]
    if (value !== undefined && value !== '') input[key] = value
  }
  if (!validateEnv(input)) {
    const lines = (validateEnv.errors ?? []).map((e) => {
      const name = e.instancePath.replace(/^\//, '') || String(e.params?.missingProperty ?? '')
      const allowed =
        e.keyword === 'enum'
          ? `one of ${(e.params.allowedValues as string[]).join(', ')}`
          : (e.keyword === 'pattern' || e.keyword === 'format') && ALLOWED[name]
            ? `allowed: ${ALLOWED[name]}`
            : e.message
      const shown = (SECRET_VARIABLES as readonly string[]).includes(name) ? '(value hidden)' : JSON.stringify(env[name])
      return `${name}${from[name] ? ` (read from ${from[name]})` : ''}: invalid value ${shown} (${allowed})`
    })
    throw new ConfigError(lines.join('\n'))
  }
  const v = input as Record<string, any>
  const problems = [...contactConfigProblems(readContactConfig(v)), ...staffConfigProblems(readStaffConfig(v)), ...inboxConfigProblems(readInboxConfig(v), v.SMTP_URL), ...mediaConfigProblems(readMediaConfig(v))]
  if (v.NODE_ENV === 'production' && !v.SITE_URL && !isLoopback(v.HOST)) {
    problems.unshift(
      `SITE_URL: required in production when HOST (${v.HOST}) is reachable from other machines: set the public origin, e.g. SITE_URL=https://www.example.co.jp (absolute URLs are never taken from a request's Host header in production)`,
    )
  }
  if (server && v.DATABASE_URL && !v.FORM_SECRET) {
    problems.push('FORM_SECRET: required when DATABASE_URL is set: every replica must sign and check form tokens with the same secret (e.g. openssl rand -base64 32)')
  }
  if (v.HEADERS_TIMEOUT_MS > v.REQUEST_TIMEOUT_MS) problems.push(`HEADERS_TIMEOUT_MS: must not exceed REQUEST_TIMEOUT_MS (${v.REQUEST_TIMEOUT_MS}): the headers are part of the request`)
  if (v.METRICS_PORT !== undefined && v.METRICS_PORT === v.PORT) problems.push(`METRICS_PORT: must differ from PORT (${v.PORT}): the metrics are never served on the public port`)
  if (problems.length) throw new ConfigError(problems.join('\n'))
  return {
    host: v.HOST,
    port: v.PORT,
    siteUrl: String(v.SITE_URL).replace(/\/+$/, ''),
    trustProxy: parseTrustProxy(v.TRUST_PROXY),
    logLevel: v.LOG_LEVEL,
    nodeEnv: v.NODE_ENV,
    rootRedirect: v.ROOT_REDIRECT === 'true',
    localeCookieCrossSite: v.LOCALE_COOKIE_CROSS_SITE === 'true',
    distDir: resolve(v.DIST_DIR),
    contentDir: resolve(v.CONTENT_DIR),
    contentWatch: v.CONTENT_WATCH === 'true',
    contentSyncMs: v.CONTENT_SYNC_MS,
    dataDir: resolve(v.DATA_DIR),
    shutdownTimeoutMs: v.SHUTDOWN_TIMEOUT_MS,
    shutdownDelayMs: v.SHUTDOWN_DELAY_MS,
    maxEventLoopDelayMs: v.MAX_EVENT_LOOP_DELAY_MS,
    headersTimeoutMs: v.HEADERS_TIMEOUT_MS,
    requestTimeoutMs: v.REQUEST_TIMEOUT_MS,
    maxConnections: v.MAX_CONNECTIONS,
    metricsPort: v.METRICS_PORT ?? null,
    metricsHost: v.METRICS_HOST,
    pageCache: v.PAGE_CACHE === 'true',
    pageCacheMaxBytes: v.PAGE_CACHE_MAX_MB * 1024 * 1024,
    contact: readContactConfig(v),
    staff: readStaffConfig(v),
    inbox: readInboxConfig(v),
    media: readMediaConfig(v),
    databaseUrl: v.DATABASE_URL,
    redisUrl: v.REDIS_URL,
  }
}
