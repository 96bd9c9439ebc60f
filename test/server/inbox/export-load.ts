// Big exports of the inbox over a real port: `count` inquiries whose messages are as long as the
// contact form allows (fill.ts), written straight into the database (SQLite in a DATA_DIR, or PostgreSQL) in
// one transaction, and the export downloaded as a browser does, reading it as it comes. exportServer starts
// the built server on them as production runs it (`npm start`'s Node flags, the image's memory allocator),
// signs an admin in through the real form and samples the server's resident memory during each download.
// Used by test/server/inbox/export-memory.test.ts, export-stream.test.ts and bench/export-memory.mjs.
import { mkdtempSync, rmSync } from 'node:fs'
import { request, type IncomingHttpHeaders, type IncomingMessage } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'csv-parse/sync'
import pg from 'pg'
import { startBuiltServer } from '../../../bench/built-server.mjs'
// @ts-expect-error: a plain ES module shared with the bench scripts
import { peakRssMb, rssMb } from '../../../bench/hostile-load.mjs'
import { freePort } from '../../../scripts/engines.mjs'
import { openDatabase } from '../../../server/database'
import { MAX_CHARS } from '../../../shared/pages/contact/fields'
import { imageAllocatorEnv } from '../image-env'
import { addAccountTo, codeAt, field } from '../staff/web-helper'
import { fillPg, fillSqlite } from './fill'
import { pgStores, sqliteStores } from '../stores'

/** Messages as long as the contact form takes, without search entries (the export never reads them; building them takes minutes). */
const LONG = { messageChars: MAX_CHARS.message, searchIndex: false }
/** How often the server's resident memory is read during a download. */
const SAMPLE_MS = 5

export const EXPORT_PATH = '/admin/inquiries/export'

/** Where the inquiries go: PostgreSQL at `databaseUrl` when given, else SQLite in `dataDir`. */
export interface Place {
  dataDir: string
  databaseUrl?: string
}

/** Writes `count` inquiries with the longest messages the form takes into a store's tables, in one transaction. */
export async function fillLong(count: number, { dataDir, databaseUrl }: Place): Promise<void> {
  if (!databaseUrl) {
    const db = openDatabase(dataDir, { log: () => {} })
    try {
      fillSqlite(db, 0, count, LONG)
    } finally {
      db.close()
    }
    return
  }
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 })
  const client = await pool.connect()
  try {
    await fillPg(client, 0, count, LONG)
  } finally {
    client.release()
    await pool.end()
  }
}

export interface Answer {
  status: number
  headers: IncomingHttpHeaders
  body: Buffer
  /** The whole answer arrived (false: the connection was cut, or the server went away). */
  complete: boolean
}

/**
 * Reads a whole answer as it comes. With `onFirstPart`, reading stops once the first part arrived (the
 * client holds the rest back, as a slow one does) until the promise it returns settles.
 */
export function readAnswer(onFirstPart?: () => Promise<unknown>) {
  return (res: IncomingMessage, done: (answer: Answer) => void) => {
    const chunks: Buffer[] = []
    if (onFirstPart) {
      res.once('data', () => {
        res.pause()
        void onFirstPart().finally(() => res.resume())
      })
    }
    res.on('data', (c: Buffer) => chunks.push(c))
    res.on('error', () => {}) // a cut connection: `complete` says so
    res.on('close', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), complete: res.complete }))
  }
}

/** One request to a server on loopback (a form as a browser posts it); `onResponse` reads the answer. */
export function send<T>(port: number, path: string, { headers = {}, form }: { headers?: Record<string, string>; form?: Record<string, string> }, onResponse: (res: IncomingMessage, done: (value: T) => void) => void): Promise<T> {
  const body = form ? new URLSearchParams(form).toString() : ''
  const all = form ? { ...headers, 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(Buffer.byteLength(body)) } : headers
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: form ? 'POST' : 'GET', headers: all }, (res) => onResponse(res, resolve))
    req.on('error', reject)
    req.end(body)
  })
}

/** The references of an export file's inquiries in order (the CSV's first column after its header, the JSON's ids), or null when it does not parse. */
export function exportedIds(format: 'csv' | 'json', body: Buffer): string[] | null {
  try {
    if (format === 'json') return (JSON.parse(body.toString('utf8')) as { id: string }[]).map((r) => r.id)
    return (parse(body, { bom: true }) as string[][]).slice(1).map((row) => row[0]!)
  } catch {
    return null
  }
}

/**
 * `count` long inquiries in a fresh database, the built server started on it (the caller stops it), an
 * admin signed in. `download(format)` posts the list's export form (every inquiry) and reads the whole
 * answer, sampling the server's VmRSS meanwhile.
 */
export async function exportServer(count: number, { databaseUrl = '' }: { databaseUrl?: string } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'export-load-'))
  // Opening the store makes the tables.
  const store = databaseUrl ? await pgStores(databaseUrl, { poolSize: 1 }) : sqliteStores(openDatabase(dataDir, { log: () => {} }))
  const admin = await fillLong(count, { dataDir, databaseUrl })
    .then(() => addAccountTo(store.staff, { now: Date.now }, 'admin'))
    .finally(() => store.close())
  const port = await freePort()
  // No retention job (the fill's inquiries are from 2024: it would erase the closed half at start) and no
  // digest; no shedding for event loop delay (a busy test machine), the heap limit's shedding stays.
  const env = { DATA_DIR: dataDir, SITE_URL: `http://localhost:${port}`, LOG_LEVEL: 'error', MAX_EVENT_LOOP_DELAY_MS: '0', INQUIRY_RETENTION_DAYS: 'off', INBOX_DIGEST_HOUR: 'off', ...imageAllocatorEnv(), ...(databaseUrl ? { DATABASE_URL: databaseUrl, FORM_SECRET: 'export-load-form-secret-0123456789' } : {}) }
  const server = await startBuiltServer(env, { port, timeoutMs: 60_000 })
  const pid = server.child.pid!
  const browser = { host: `localhost:${port}`, origin: `http://localhost:${port}` }
  const get = (path: string, cookie = '') => send(port, path, { headers: { ...browser, ...(cookie ? { cookie } : {}) } }, readAnswer())
  const signInPage = await get('/admin/sign-in')
  const credentials = { _token: field(signInPage.body.toString(), '_token'), email: admin.account.email, password: admin.password, code: await codeAt(admin.totpSecret, Date.now()) }
  const signedIn = await send(port, '/admin/sign-in', { headers: browser, form: credentials }, readAnswer())
  if (signedIn.status !== 303) throw new Error(`sign-in: ${signedIn.status}`)
  const cookie = String(signedIn.headers['set-cookie']).split(';')[0]!
  const csrf = field((await get('/admin', cookie)).body.toString(), '_csrf')

  return {
    server,
    /** Downloads the whole-inbox export in `format`; `peakRssMb`: the highest VmRSS sampled meanwhile (null: the process was gone). */
    async download(format: 'csv' | 'json'): Promise<Answer & { peakRssMb: number | null }> {
      let peak: number | null = rssMb(pid)
      const sampler = setInterval(() => {
        const now = rssMb(pid)
        if (now !== null && (peak === null || now > peak)) peak = now
      }, SAMPLE_MS)
      try {
        const answer = await send(port, EXPORT_PATH, { headers: { ...browser, cookie }, form: { _csrf: csrf, format } }, readAnswer()).catch(() => ({ status: 0, headers: {}, body: Buffer.alloc(0), complete: false }))
        return { ...answer, peakRssMb: peak }
      } finally {
        clearInterval(sampler)
      }
    },
    /** The process runs and answers /healthz 200. */
    async alive(): Promise<boolean> {
      if (server.child.exitCode !== null || server.child.signalCode !== null) return false
      return (await get('/healthz').catch(() => null))?.status === 200
    },
    /** The process's resident memory now (VmRSS), in MB. */
    rssMb: (): number | null => rssMb(pid),
    /** The process's peak resident memory since it started (VmHWM), in MB. */
    highWaterMb: (): number | null => peakRssMb(pid),
    async stop() {
      const exit = await server.stop()
      rmSync(dataDir, { recursive: true, force: true })
      return exit
    },
  }
}
