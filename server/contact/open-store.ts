import type { FastifyBaseLogger } from 'fastify'
import { ConfigError } from '../config'
import { openDatabase } from '../database'
import { openPgStore } from './pg-store'
import { createSqliteStore } from './sqlite-store'
import type { InquiryStore } from './store'

/**
 * The inquiry store the configuration names: PostgreSQL when DATABASE_URL is set (several
 * replicas), else SQLite in DATA_DIR (one replica, the default). Its `staff` property is the staff
 * area's store on the same database and connection (one pool per replica, not two); the contact
 * plugin hands it to the app as `app.staffStore`, the staff CLI takes it from here.
 */
export async function openStore({ databaseUrl, dataDir, log }: { databaseUrl: string; dataDir: string; log: FastifyBaseLogger }): Promise<InquiryStore> {
  if (databaseUrl) {
    try {
      return await openPgStore(databaseUrl, { onIdleError: (err) => log.debug({ err: err.message }, 'database connection closed by the server; it is replaced when needed') })
    } catch (err) {
      // Unreachable, refused credentials, no such database: the operator's to mend, one line (an orchestrator restarts the site).
      const code = (err as { code?: string }).code ?? ''
      if (code === 'SITE_STORE_UNAVAILABLE' || /^(28|3D)/.test(code)) {
        throw new ConfigError(`DATABASE_URL: cannot open the inquiry database: ${(err as Error).message.replace(/^inquiry database unreachable: /, '')}`)
      }
      throw err
    }
  }
  const db = openDatabase(dataDir, {
    log: (fixes) => {
      if (fixes.length) log.warn({ fixes }, 'DATA_DIR was readable by others: modes narrowed to 0700/0600')
    },
  })
  return createSqliteStore(db)
}
