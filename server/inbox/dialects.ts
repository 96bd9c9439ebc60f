/** The inbox's search index as the engine spells it: FTS5 on SQLite, tsvector on PostgreSQL. */
import type { Runner } from '../db/sql'
import type { Dialect } from './dialect'
import { PG_DIALECT } from './pg-store'
import { SQLITE_DIALECT } from './sqlite-store'

/** The engine's dialect: the inbox store and the inquiry store's index entry are built with it (server/plugins/stores.ts). */
export const dialectOf = (engine: Runner['engine']): Dialect => (engine === 'postgres' ? PG_DIALECT : SQLITE_DIALECT)
