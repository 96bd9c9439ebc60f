// The inbox store's tests on both engines: SQLite (a file in a temporary DATA_DIR) and a throwaway
// PostgreSQL server (scripts/engines.mjs). "Another replica" is a second store on the same data.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { DB_FILE, openDatabase, type Db } from '../../../server/database'
import type { Account, AuditEntry, Role } from '../../../server/staff/types'
import type { Actor } from '../../../server/inbox/types'
import { pgText } from '../../../server/db/pg'
import { normalizeContact } from '../../../shared/pages/contact/normalize'
import type { ContactValues } from '../../../shared/pages/contact/values'
import { freshPgDatabase, pgOpener, sqliteOpener, tempDataDir, validInquiry } from '../contact/helper'
import { fillPg, fillSqlite } from './fill'
import type { SiteStores } from '../stores'

export type Teardown = { teardown: (fn: () => unknown) => void }

/** Direct access to the database under a store, for what the store does not show (raw rows, plans). */
export interface Raw {
  /** Rows of `sql` (placeholders `?` on both engines). */
  all(sql: string, ...args: unknown[]): Promise<Record<string, any>[]>
  /** Every table's rows as text (the database's own tables included: FTS5 shadow tables, sqlite_sequence). */
  everyText(): Promise<string>
  /** The query plan of `sql`, as text; a last argument { noSeqScan: true } prices sequential scans out (PostgreSQL). */
  explain(sql: string, ...args: unknown[]): Promise<string>
  /** Writes the fake inquiries `from`…`to - 1` (fill.ts), then updates the planner's statistics. */
  fill(from: number, to: number): Promise<void>
  /** SQLite: the database file's bytes (as UTF-8 text) after a checkpoint emptied the WAL into it. */
  file?(): Promise<string>
}

export interface Engine {
  name: 'sqlite' | 'postgres'
  fresh(t: Teardown): Promise<{ store: SiteStores; another: () => Promise<SiteStores>; raw: Raw }>
}

export function sqliteRaw(db: Db, dir?: string): Raw {
  return {
    ...(dir
      ? {
          async file() {
            db.pragma('wal_checkpoint(TRUNCATE)')
            return ['', '-wal'].map((end) => (existsSync(join(dir, `${DB_FILE}${end}`)) ? readFileSync(join(dir, `${DB_FILE}${end}`)).toString('utf8') : '')).join('\n')
          },
        }
      : {}),
    all: async (sql, ...args) => db.prepare(sql).all(...args) as Record<string, any>[],
    async everyText() {
      const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[]
      const text = (v: unknown) => (Buffer.isBuffer(v) ? v.toString('latin1') + v.toString('utf8') : String(v))
      return tables.map((name) => (db.prepare(`SELECT * FROM "${name}"`).raw().all() as unknown[][]).map((row) => row.map(text).join('\t')).join('\n')).join('\n')
    },
    async explain(sql, ...args) {
      const values = args.filter((a) => typeof a !== 'object' || a === null || !('noSeqScan' in a))
      return (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...values) as { detail: string }[]).map((r) => r.detail).join('\n')
    },
    async fill(from, to) {
      fillSqlite(db, from, to)
      db.exec('ANALYZE')
    },
  }
}

export function pgRaw(pool: pg.Pool): Raw {
  return {
    all: async (sql, ...args) => (await pool.query(pgText(sql), args)).rows,
    async everyText() {
      const tables = (await pool.query("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'")).rows.map((r) => r.table_name)
      const parts = await Promise.all(tables.map(async (name) => (await pool.query(`SELECT t::text AS row FROM "${name}" t`)).rows.map((r) => r.row).join('\n')))
      return parts.join('\n')
    },
    async explain(sql, ...args) {
      const last = args.at(-1) as { noSeqScan?: boolean } | undefined
      const forced = typeof last === 'object' && last !== null && 'noSeqScan' in last
      const client = await pool.connect()
      try {
        if (forced) await client.query('SET enable_seqscan = off')
        return (await client.query(`EXPLAIN ${pgText(sql)}`, forced ? args.slice(0, -1) : args)).rows.map((r) => r['QUERY PLAN']).join('\n')
      } finally {
        await client.query('RESET enable_seqscan')
        client.release()
      }
    },
    async fill(from, to) {
      const client = await pool.connect()
      try {
        await fillPg(client, from, to)
      } finally {
        client.release()
      }
      await pool.query('VACUUM ANALYZE')
    },
  }
}

export function engines(postgres: { url: string }): Engine[] {
  return [
    {
      name: 'sqlite',
      async fresh(t) {
        const dir = tempDataDir(t)
        const open = sqliteOpener(t, dir)
        const store = await open()
        const db = openDatabase(dir)
        t.teardown(() => db.close())
        return { store, another: open, raw: sqliteRaw(db, dir) }
      },
    },
    {
      name: 'postgres',
      async fresh(t) {
        const url = await freshPgDatabase(postgres, 'inbox')
        const open = pgOpener(t, url)
        const store = await open()
        const pool = new pg.Pool({ connectionString: url, max: 2 })
        t.teardown(() => pool.end())
        return { store, another: open, raw: pgRaw(pool) }
      },
    },
  ]
}

/** Milliseconds well beyond 32 bits. */
export const T0 = Date.UTC(2026, 3, 1, 0, 0, 0)
export const MIN = 60_000
export const DAY = 86_400_000

/** A staff member acting (a responder unless told), or the CLI's hand (no account: no role). */
export const actor = (accountId: string | null = 'resp', role: Role | null = accountId === null ? null : 'responder'): Actor => ({ accountId, role, address: '192.0.2.7' })
export const entry = (action: string, id: string, at = T0, accountId: string | null = 'resp'): AuditEntry => ({ at, accountId, address: '192.0.2.7', action, target: `inquiry:${id}`, outcome: 'ok' })
export const account = (id: string, extra: Partial<Account> = {}): Account => ({ id, email: `${id}@example.com`, name: `Name ${id}`, role: 'responder', locale: 'ja', disabled: false, createdAt: T0, ...extra })

/** A valid inquiry's values with some fields changed. */
export function inquiryValues(overrides: Partial<ContactValues> = {}): ContactValues {
  const values = { ...normalizeContact(validInquiry(), 'ja'), ...overrides }
  return { ...values, emailConfirm: values.email }
}

/** Stores an inquiry received at `at`; its id. */
export async function addInquiry(store: SiteStores, overrides: Partial<ContactValues> = {}, at = T0, extra: { webhook?: boolean; locale?: 'ja' | 'en' } = {}): Promise<string> {
  const { webhook, locale = 'ja' } = extra
  return (await store.insert({ values: inquiryValues(overrides), locale, token: null, now: new Date(at), ...(webhook ? { webhook } : {}) })).id
}
