import pg from 'pg'
import { StoreUnavailable } from '../errors'
import type { Runner, Statement, Work } from './sql'
import type { Migration } from './migration'
import { recordMigration } from './schema'
import { RELEASE } from '../release'

/** PostgreSQL's side of the site's database: the schema, the runner, and what a failure means. */

/**
 * SQLite's migrations (db.ts) in PostgreSQL's words: the same versions, names, tables and columns; only
 * the types SQLite spells its own way differ (an identity column for the row order, 64-bit milliseconds).
 * Times stay ISO text (received_at, sent_at) and milliseconds (next_attempt_at), as in SQLite, so both
 * engines give the same records and exports.
 */
export function postgresSql(sqliteSql: string): string {
  return sqliteSql
    .replace(/INTEGER PRIMARY KEY AUTOINCREMENT/g, 'BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY')
    .replace(/next_attempt_at INTEGER/g, 'next_attempt_at BIGINT')
}

/** Any key of our own for pg_advisory_lock: 'corporate-site migrations'. */
const MIGRATION_LOCK = 7_305_114_202
/**
 * Connection failures (refused, reset, timed out, server shutting down or starting, too many
 * clients) as opposed to errors of a statement (a constraint, a type): only these mean "the
 * database is unreachable, answer 503 and retry later".
 */
export function isConnectionError(err: unknown): boolean {
  const e = err as { code?: string; message?: string }
  if (typeof e?.code === 'string') {
    if (/^(08|57P|53)/.test(e.code)) return true
    if (/^E(CONNREFUSED|CONNRESET|PIPE|TIMEDOUT|HOSTUNREACH|NETUNREACH|AI_AGAIN|NOTFOUND)$/.test(e.code)) return true
  }
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|connection is closed/i.test(e?.message ?? '')
}

export function unavailable(err: unknown): never {
  if (isConnectionError(err)) throw new StoreUnavailable((err as Error).message ?? String(err))
  throw err
}

/**
 * `work` in one transaction on one connection of `pool`: committed before it resolves, rolled back
 * when it throws. A connection failure rejects with StoreUnavailable, and that connection is closed,
 * not handed to the next request. Used by pgRunner (every unit of work) and the staff store.
 */
export async function pgTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect().catch(unavailable)
  let broken = false
  // The server ending the connection between two of our queries (a restart) is an 'error' event of the
  // client, which the pool listens to only while the client is idle: unheard, it would end the process.
  // Heard, the next query rejects ("not queryable": StoreUnavailable) and the connection is dropped.
  const lost = () => void (broken = true)
  client.on('error', lost)
  try {
    await client.query('BEGIN')
    const result = await work(client)
    await client.query('COMMIT')
    return result
  } catch (err) {
    broken = isConnectionError(err)
    if (!broken) await client.query('ROLLBACK').catch(() => undefined)
    return unavailable(err)
  } finally {
    client.off('error', lost)
    client.release(broken)
  }
}

/** Runs the migrations not applied yet, under an advisory lock: replicas starting together migrate once. */
export async function migratePg(pool: pg.Pool, migrations: readonly Migration[]): Promise<void> {
  const client = await pool.connect().catch(unavailable)
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK])
    await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)')
    const applied = new Set((await client.query('SELECT version FROM schema_migrations')).rows.map((r) => Number(r.version)))
    for (const m of migrations) {
      if (applied.has(m.version)) continue
      await client.query('BEGIN')
      try {
        await client.query(m.pg ?? postgresSql(m.sql))
        await m.pgData?.(client)
        const withRelease = (await client.query("SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'schema_migrations' AND column_name = 'release'")).rowCount === 1
        await client.query(pgText(recordMigration(withRelease)), [m.version, m.name, new Date().toISOString(), ...(withRelease ? [RELEASE] : [])])
        await client.query('COMMIT')
      } catch (err) {
        await client.query('ROLLBACK')
        throw err
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined)
    client.release()
  }
}

const numbered = new Map<string, string>()
/** `?` placeholders as $1, $2 … (our SQL has no other question marks). */
export function pgText(sql: string): string {
  let text = numbered.get(sql)
  if (text === undefined) {
    let n = 0
    numbered.set(sql, (text = sql.replace(/\?/g, () => `$${++n}`)))
  }
  return text
}

/** Drives a unit of work on one connection (inside the caller's transaction). */
export async function drivePg<T>(client: pg.PoolClient, work: Work<T>): Promise<T> {
  let step = work.next()
  while (!step.done) {
    const { op, sql, args }: Statement = step.value
    const r = await client.query(pgText(sql), args)
    step = work.next(op === 'all' ? r.rows : op === 'get' ? r.rows[0] : (r.rowCount ?? 0))
  }
  return step.value
}

export function pgRunner(pool: pg.Pool): Runner {
  const tx = <T>(work: Work<T>) => pgTransaction(pool, (client) => drivePg(client, work))
  return { engine: 'postgres', write: tx, read: tx }
}
