import { openServerSqlite, openSqlite, type Db } from './db/sqlite'
import type { ModeFixLog } from './private-files'
import { MIGRATIONS } from './migrations'

export { DB_FILE, NoDatabase, schemaVersion, type Db } from './db/sqlite'
export { MIGRATIONS } from './migrations'

/**
 * Opens (creating when needed) DATA_DIR/inquiries.db with every area's schema changes applied
 * (server/db/sqlite.ts says how: WAL, synchronous=FULL, private modes).
 */
export function openDatabase(dataDir: string, options: { log?: ModeFixLog } = {}): Db {
  return openSqlite(dataDir, MIGRATIONS, options)
}

/** The server's database for a command: opened as the server opens it, never created (server/db/sqlite.ts). */
export function openServerDatabase(dataDir: string): Db {
  return openServerSqlite(dataDir, MIGRATIONS)
}
