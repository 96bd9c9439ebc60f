// Types of scripts/engines.mjs (and the modules under scripts/engines/ it re-exports) for the TypeScript tests
// (the .mjs files carry the same as JSDoc).

export interface Engine {
  url: string
  port: number
  /** The server's process id (0 while paused). */
  readonly pid: number
  /** Stops the engine and removes its folder. */
  stop(): Promise<void>
  /** Stops the engine, keeping its data (PostgreSQL) and port. */
  pause(): Promise<void>
  /** Starts it again on the same port. */
  resume(): Promise<void>
}

/** A database (on a server this process may not own): where it is, and stop() to drop it. */
export interface PostgresDatabase {
  /** postgres://postgres@127.0.0.1:PORT/NAME */
  url: string
  port: number
  stop(): Promise<void>
}

/** A PostgreSQL server of the caller's own (startPostgres({ own: true })), its database `site` at url. */
export interface PostgresEngine extends Engine {
  dataDir: string
  /** pause() then resume(). */
  restart(): Promise<void>
  /** Immediate stop (pg_ctl stop -m immediate: no checkpoint, recovery at the next start); resume() starts it again. */
  kill(): Promise<void>
}

export interface CaddyEngine extends Engine {
  adminUrl: string
  /** The Caddyfile it runs. */
  config: string
  /** Its log (JSON lines) so far, e.g. the errors behind a 502. */
  log(): string
}

export function freePort(): Promise<number>
export function postgresBinDir(): string
/** True while a process with this pid runs (zombies excluded). */
export function alive(pid: number): boolean
/** The environment variable test/run.mjs sets to the admin URL of the one PostgreSQL server of the run. */
export const SHARED_POSTGRES: 'TEST_POSTGRES_ADMIN_URL'
/**
 * A database of the test's own. Under test/run.mjs (SHARED_POSTGRES set) a new database on the run's server, dropped
 * by stop(); else a server of its own. `own: true`: always a server of its own (a test that stops, kills or restarts
 * it); dir: where its temporary folder goes; maxConnections: its max_connections.
 */
export function startPostgres(options: { own: true; dir?: string; maxConnections?: number }): Promise<PostgresEngine>
export function startPostgres(options?: { own?: false }): Promise<PostgresDatabase>
export function startRedis(): Promise<Engine>
/** The reverse_proxy directives of deploy/Caddyfile.replicas. healthChecks (default true): its active `/readyz?exclude=database` check; false: none. */
export function replicaProxyConfig(options: { upstreams: string[]; port: number; adminPort: number; healthChecks?: boolean }): string
export function startCaddy(options: { upstreams: string[]; port?: number; healthChecks?: boolean }): Promise<CaddyEngine>
/** Registers a child process for the exit hook (SIGKILLed if still running when this process exits). */
export function track(child: import('node:child_process').ChildProcess): void
