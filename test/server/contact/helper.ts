import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import type { ContactConfig } from '../../../server/contact/config'
import { openDatabase } from '../../../server/database'
import { mailStatesOf, type Row } from '../../../server/contact/types'
import type { ContactDeps } from '../../../server/plugins/contact'
import { build, testConfig } from '../../helper'
import { pgStores, sqliteStores } from '../stores'

/** A temporary DATA_DIR, removed when the test ends. */
export function tempDataDir(t: { teardown: (fn: () => unknown) => void }): string {
  const dir = mkdtempSync(join(tmpdir(), 'contact-test-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

/** A DATA_DIR as the server leaves it once it has run: its database made (commands never make one). */
export function serverDataDir(t: { teardown: (fn: () => unknown) => void }): string {
  const dir = tempDataDir(t)
  openDatabase(dir).close()
  return dir
}

/** Opens a store on the SQLite data in `dir` at each call (another replica), closed when the test ends. */
export const sqliteOpener = (t: { teardown: (fn: () => unknown) => void }, dir: string) => async () => {
  const store = sqliteStores(openDatabase(dir))
  t.teardown(() => store.close())
  return store
}

/** Opens a store on the PostgreSQL database at `url` at each call (another replica), closed when the test ends. */
export const pgOpener = (t: { teardown: (fn: () => unknown) => void }, url: string) => async () => {
  const store = await pgStores(url, { poolSize: 4 })
  t.teardown(() => store.close())
  return store
}

/**
 * The app on its own SQLite file; no minimum fill time and a generous rate limit unless asked.
 * With `logStream` (see logCollector) the log lines from level info go there.
 */
export async function contactApp(
  t: { teardown: (fn: () => unknown) => void },
  contact: Partial<ContactConfig> = {},
  deps: ContactDeps = {},
  dataDir = tempDataDir(t),
  logStream?: NodeJS.WritableStream,
): Promise<{ app: FastifyInstance; dataDir: string }> {
  const config = { ...testConfig().contact, minFillMs: 0, rateLimitMax: 1000, ...contact }
  const app = await build(t, { dataDir, contact: config, ...(logStream ? { logLevel: 'info' as const } : {}) }, { contact: deps, ...(logStream ? { logStream } : {}) })
  return { app, dataDir }
}

/** A complete, valid inquiry as the JSON API takes it. */
export function validInquiry(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: '山田 太郎',
    nameKana: 'ヤマダタロウ',
    company: '株式会社テスト',
    email: 'taro@example.com',
    emailConfirm: 'taro@example.com',
    phone: '03-1234-5678',
    inquiryType: 'estimate',
    preferredDate: '',
    message: '事務所の改修について相談したいです。',
    privacyConsent: true,
    locale: 'ja',
    ...overrides,
  }
}

/** The hidden `_token` of a rendered contact form. */
export function formToken(html: string): string {
  const token = /name="_token" value="([^"]+)"/.exec(html)?.[1]
  if (!token) throw new Error('no _token in the page')
  return token
}

export async function freshToken(app: FastifyInstance, url = '/contact'): Promise<string> {
  return formToken((await app.inject(url)).body)
}

/**
 * A JSON inquiry as the browser's script sends it: with the `_token` of a form the server
 * has just served (GET /contact, read as the page carries it).
 */
export async function withFormToken(app: FastifyInstance, payload: Record<string, unknown>): Promise<Record<string, unknown>> {
  return { ...payload, _token: await freshToken(app) }
}

/** POST as a browser's form would (x-www-form-urlencoded). */
export function postForm(app: FastifyInstance, url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, payload: new URLSearchParams(fields).toString() })
}

/** The form fields of validInquiry, as strings (privacyConsent: 'on'). */
export function formFields(overrides: Record<string, string> = {}): Record<string, string> {
  const { locale: _locale, privacyConsent, ...rest } = validInquiry()
  return { ...(rest as Record<string, string>), ...(privacyConsent ? { privacyConsent: 'on' } : {}), ...overrides }
}

/** An inject request for the JSON API. */
export const postJson = (payload: object) => ({ method: 'POST' as const, url: '/api/contact', payload })

/** The mail states of a stored inquiry, read from DATA_DIR's database (as the CLI would). */
export function mailState(dataDir: string, id: string) {
  const db = openDatabase(dataDir)
  try {
    return mailStatesOf(db.prepare('SELECT kind, status, attempts, last_error, sent_at FROM outbox WHERE inquiry_id = ?').all(id) as Row[])
  } finally {
    db.close()
  }
}

let pgDatabases = 0
/**
 * A new empty database next to the one of `server` (scripts/engines.mjs startPostgres), for one test: the
 * auto-reply cap and the outbox count whole tables. Returns its URL. Named after that database (`<its name>_<prefix>_<n>`):
 * unique on a server other test files share, and dropped with it by its stop().
 */
export async function freshPgDatabase(server: { url: string }, prefix = 'test'): Promise<string> {
  const name = `${new URL(server.url).pathname.slice(1)}_${prefix}_${++pgDatabases}`
  const admin = new pg.Client({ connectionString: server.url })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  return server.url.replace(/\/[^/]+$/, `/${name}`)
}
