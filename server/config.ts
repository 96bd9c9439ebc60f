import { resolve } from 'node:path'
import { Ajv } from 'ajv'
import { contactConfigProblems, contactEnvProperties, readContactConfig, type ContactConfig } from './contact/config'

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
  /** The only writable folder: database, image variant cache. */
  dataDir: string
  shutdownTimeoutMs: number
  /** Keep rendered pages in memory (PAGE_CACHE) up to pageCacheMaxBytes. */
  pageCache: boolean
  pageCacheMaxBytes: number
  /** Above this event-loop delay the server sheds load with 503 + Retry-After. */
  maxEventLoopDelayMs: number
  /** Contact form: mail, rate limit, form tokens (server/contact/config.ts). */
  contact: ContactConfig
}

const envSchema = {
  type: 'object',
  properties: {
    HOST: { type: 'string', minLength: 1, default: '127.0.0.1' },
    PORT: { type: 'integer', minimum: 0, maximum: 65535, default: 3000 },
    SITE_URL: { type: 'string', pattern: '^(https?://[^/\\s?#]+/?)?$', default: '' },
    TRUST_PROXY: { type: 'string', pattern: '^(true|false|[0-9]+|[0-9a-fA-F.:/, ]+)$', default: 'false' },
    LOG_LEVEL: { type: 'string', enum: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], default: 'info' },
    NODE_ENV: { type: 'string', enum: ['production', 'development', 'test'], default: 'production' },
    ROOT_REDIRECT: { type: 'string', enum: ['true', 'false'], default: 'true' },
    LOCALE_COOKIE_CROSS_SITE: { type: 'string', enum: ['true', 'false'], default: 'false' },
    DIST_DIR: { type: 'string', minLength: 1, default: 'dist' },
    CONTENT_DIR: { type: 'string', minLength: 1, default: 'content' },
    DATA_DIR: { type: 'string', minLength: 1, default: 'data' },
    SHUTDOWN_TIMEOUT_MS: { type: 'integer', minimum: 0, maximum: 600000, default: 10000 },
    MAX_EVENT_LOOP_DELAY_MS: { type: 'integer', minimum: 0, maximum: 60000, default: 1000 },
    PAGE_CACHE: { type: 'string', enum: ['true', 'false'], default: 'true' },
    PAGE_CACHE_MAX_MB: { type: 'integer', minimum: 1, maximum: 4096, default: 64 },
    ...contactEnvProperties,
  },
} as const

const ajv = new Ajv({ coerceTypes: true, useDefaults: true, allErrors: true })
const validateEnv = ajv.compile(envSchema)

export class ConfigError extends Error {}

/** Never echoed in error lines: they may hold credentials. */
const SECRET_VARIABLES = new Set(['SMTP_URL', 'FORM_SECRET'])

function parseTrustProxy(value: string): Config['trustProxy'] {
  if (value === 'true') return true
  if (value === 'false') return false
  if (/^[0-9]+$/.test(value)) return Number(value)
  return value
}

/** Reads and validates the environment; throws ConfigError with one line per wrong variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const known = Object.keys(envSchema.properties)
  const input: Record<string, unknown> = {}
  for (const key of known) {
    const value = env[key]
    if (value !== undefined && value !== '') input[key] = value
  }
  if (!validateEnv(input)) {
    const lines = (validateEnv.errors ?? []).map((e) => {
      const name = e.instancePath.replace(/^\//, '') || String(e.params?.missingProperty ?? '')
      const allowed = e.keyword === 'enum' ? `one of ${(e.params.allowedValues as string[]).join(', ')}` : e.message
      const shown = SECRET_VARIABLES.has(name) ? '(value hidden)' : JSON.stringify(env[name])
      return `${name}: invalid value ${shown} (${allowed})`
    })
    throw new ConfigError(lines.join('\n'))
  }
  const v = input as Record<string, any>
  const problems = contactConfigProblems(readContactConfig(v))
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
    dataDir: resolve(v.DATA_DIR),
    shutdownTimeoutMs: v.SHUTDOWN_TIMEOUT_MS,
    maxEventLoopDelayMs: v.MAX_EVENT_LOOP_DELAY_MS,
    pageCache: v.PAGE_CACHE === 'true',
    pageCacheMaxBytes: v.PAGE_CACHE_MAX_MB * 1024 * 1024,
    contact: readContactConfig(v),
  }
}
