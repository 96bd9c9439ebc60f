/**
 * The inbox's part of copying inquiries into PostgreSQL (`import-sqlite`, a restore: server/backup/derived.ts):
 * the search index entry of an inquiry copied, inside the copy's one transaction, on its connection.
 */
import type pg from 'pg'
import { PG_DIALECT } from './pg-store'
import { pgText } from '../db/pg'
import { searchFieldsOf } from './search-index'

type Row = Record<string, any>

/** The search entry of a copied inquiry (none for an erased one). */
export async function indexCopied(client: pg.PoolClient, seq: number, row: Row): Promise<void> {
  if (row.erased_at === null || row.erased_at === undefined) await client.query(pgText(PG_DIALECT.indexInsert), [seq, ...PG_DIALECT.indexArgs(searchFieldsOf(row))])
}
