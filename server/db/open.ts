/**
 * The site's database as the configuration names it, opened one way for the server and every command:
 * PostgreSQL when DATABASE_URL is set (several replicas), else SQLite in DATA_DIR (one replica). What
 * it gives is the same on both engines (a SiteDatabase: the runner every area's store is written over,
 * a ping, close), plus the engine's own handle for the few that need the engine itself (the backup,
 * the import into PostgreSQL). The migrations are the caller's (server/migrations.ts): this room knows
 * no area.
 */
import pg from 'pg'
import { ConfigError } from '../config'
import type { Migration } from './migration'
import { migratePg, pgRunner, unavailable } from './pg'
import type { Runner } from './sql'
import { openServerSqlite, openSqlite, sqliteRunner, type Db } from './sqlite'

interface Opened {
  /** Runs every area's units of work (sql.ts). */
  runner: Runner
  /** Resolves when the database answers (one round trip): the health watch's probe (health.ts). */
  ping(): Promise<void>
  close(): Promise<void>
}
export type SqliteDatabase = Opened & { engine: 'sqlite'; handle: Db }
export type PgDatabase = Opened & { engine: 'postgres'; handle: pg.Pool }
/** The site's database, whichever engine: what the stores run on, a health probe, and the engine's own handle. */
export type SiteDatabase = SqliteDatabase | PgDatabase

/** Where the configuration says the database is (server/config.ts: DATABASE_URL, DATA_DIR). */
export interface DatabaseSettings {
  databaseUrl: string
  dataDir: string
}

export interface OpenOptions {
  /** The server makes DATA_DIR's database when it is not there yet; a command refuses (NoDatabase, sqlite.ts). */
  create?: boolean
  /** PostgreSQL: connections per replica (the pool's max). */
  poolSize?: number
  /** Told what was narrowed in DATA_DIR, and of idle connections the server closed; absent: stderr, and nothing. */
  log?: { warn(obj: object, msg: string): void; debug(obj: object, msg: string): void }
}

/** An open SQLite database (sqlite.ts openSqlite) as the site's database. */
export function sqliteDatabase(db: Db): SqliteDatabase {
  return {
    engine: 'sqlite',
    handle: db,
    runner: sqliteRunner(db),
    async ping() {
      db.prepare('SELECT 1').get()
    },
    async close() {
      if (db.open) db.close()
    },
  }
}

/** A pool on a migrated PostgreSQL database as the site's database. */
export function pgDatabase(pool: pg.Pool): PgDatabase {
  return {
    engine: 'postgres',
    handle: pool,
    runner: pgRunner(pool),
    async ping() {
      await pool.query('SELECT 1').catch(unavailable)
    },
    close: () => pool.end(),
  }
}

/**
 * Connects to PostgreSQL and migrates it (under an advisory lock: replicas starting together migrate
 * once). Fails fast while the database is away: a request waits at most 2 s for a connection, a
 * statement 10 s. An idle connection the server closed (a restart) is replaced, never fatal. One it
 * cannot open is a ConfigError naming DATABASE_URL.
 */
export async function openPgDatabase(url: string, migrations: readonly Migration[], { poolSize = 10, log }: OpenOptions = {}): Promise<PgDatabase> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 2_000, idleTimeoutMillis: 30_000, statement_timeout: 10_000, query_timeout: 12_000 })
  pool.on('error', (err) => log?.debug({ err: err.message }, 'database connection closed by the server; it is replaced when needed'))
  try {
    await migratePg(pool, migrations)
  } catch (err) {
    await pool.end().catch(() => undefined)
    // Unreachable, refused credentials, no such database: the operator's to mend, one line (an orchestrator restarts the site).
    const code = (err as { code?: string }).code ?? ''
    if (code === 'SITE_STORE_UNAVAILABLE' || /^(28|3D)/.test(code)) {
      throw new ConfigError(`DATABASE_URL: cannot open the inquiry database: ${(err as Error).message.replace(/^inquiry database unreachable: /, '')}`)
    }
    throw err
  }
  return pgDatabase(pool)
}

/**
 * Opens the site's database from the configuration with `migrations` applied: PostgreSQL when
 * `databaseUrl` is set, else DATA_DIR/inquiries.db (made, private, when `create`; else it must be there).
 */
export async function openSiteDatabase(settings: DatabaseSettings, migrations: readonly Migration[], options: OpenOptions = {}): Promise<SiteDatabase> {
  if (settings.databaseUrl) return openPgDatabase(settings.databaseUrl, migrations, options)
  const { log } = options
  const modes = log && ((fixes: readonly unknown[]) => void (fixes.length && log.warn({ fixes }, 'DATA_DIR was readable by others: modes narrowed to 0700/0600')))
  const db = options.create ? openSqlite(settings.dataDir, migrations, modes ? { log: modes } : {}) : openServerSqlite(settings.dataDir, migrations)
  return sqliteDatabase(db)
}
