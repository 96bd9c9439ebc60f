import type { FastifyBaseLogger } from 'fastify'
import { openDatabase } from './db'
import { openPgStore } from './pg-store'
import { createSqliteStore } from './sqlite-store'
import type { InquiryStore } from './store'

/**
 * The inquiry store the configuration names: PostgreSQL when DATABASE_URL is set (several
 * replicas), else SQLite in DATA_DIR (one replica, the default).
 */
export async function openStore({ databaseUrl, dataDir, log }: { databaseUrl: string; dataDir: string; log: FastifyBaseLogger }): Promise<InquiryStore> {
  if (databaseUrl) {
    return openPgStore(databaseUrl, { onIdleError: (err) => log.debug({ err: err.message }, 'database connection closed by the server; it is replaced when needed') })
  }
  const db = openDatabase(dataDir, {
    log: (fixes) => {
      if (fixes.length) log.warn({ fixes }, 'DATA_DIR was readable by others: modes narrowed to 0700/0600')
    },
  })
  return createSqliteStore(db)
}
