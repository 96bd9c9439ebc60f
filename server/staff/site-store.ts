/**
 * The staff store on the site's database (server/db/open.ts), for the app and the staff CLI alike: the
 * engine's own store over the engine's handle (the same connection or pool every other area uses).
 */
import type { SiteDatabase } from '../db/open'
import { createPgStaffStore } from './pg-store'
import { createSqliteStaffStore } from './sqlite-store'
import type { StaffStore } from './types'

/** The staff store of `database`'s engine. */
export function staffStoreOf(database: SiteDatabase): StaffStore {
  return database.engine === 'sqlite' ? createSqliteStaffStore(database.handle) : createPgStaffStore(database.handle)
}
