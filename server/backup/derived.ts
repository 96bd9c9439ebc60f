/**
 * The tables whose rows are made from other tables, never copied: the inquiries' search index (FTS5 in
 * SQLite, a tsvector under GIN in PostgreSQL: server/inbox/search-text.ts). Copying it would not even
 * work across engines; it is rebuilt from the inquiries copied, as the inbox's migration and the inquiry
 * store's insert build it.
 */
import { indexCopied } from '../inbox/import-inbox'
import { indexExistingPg, indexExistingSqlite } from '../inbox/search-index'
import type { Conn, Row } from './conn'

export const DERIVED_TABLES = ['inquiry_search']

/**
 * The search index of the inquiries copied: every inquiry's when the database held none before (a
 * restore), else only those of `copied` (rows of `inquiries` an import has just added).
 */
export async function rebuildDerived(conn: Conn, copied: Row[] | 'all'): Promise<void> {
  if (copied === 'all') {
    if (conn.sqlite) indexExistingSqlite(conn.sqlite)
    else await indexExistingPg(conn.pg!)
    return
  }
  if (!conn.pg) throw new Error('rebuildDerived: adding to a SQLite search index is not needed by any command')
  for (const row of copied) await indexCopied(conn.pg, Number(row.seq), row)
}
