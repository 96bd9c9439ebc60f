import fp from 'fastify-plugin'
import type { Config } from '../config'
import { createStoreHealth, type StoreHealth } from '../db/health'
import { openSiteDatabase, type SiteDatabase } from '../db/open'
import { MIGRATIONS } from '../migrations'

declare module 'fastify' {
  interface FastifyInstance {
    /** The site's database (server/db/open.ts): every area's store is built over its runner. */
    database: SiteDatabase
    /** Whether the site's database answers (server/db/health.ts): contact POSTs and the outbox wait while it does not. */
    storeHealth: StoreHealth
  }
}

/**
 * The site's database, opened once at start as the configuration names it (PostgreSQL with
 * DATABASE_URL, else SQLite in DATA_DIR, made when missing) with every area's migrations, watched for
 * /readyz ('database'), and closed last, after every area that uses it has stopped.
 */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    const database = await openSiteDatabase(config, MIGRATIONS, { create: true, log: app.log })
    const health = createStoreHealth(database, app.log.child({ component: 'store' }), { probeMs: 2_000 })
    app.readinessChecks.set('database', () => health.check())
    app.decorate<SiteDatabase>('database', database)
    app.decorate('storeHealth', health)
    // onClose hooks run in the reverse order of their plugins: this one after every area registered later.
    app.addHook('onClose', async () => {
      health.stop()
      await database.close()
    })
  },
  { name: 'db', dependencies: ['health'] },
)
