/**
 * The search index of inquiries stored before it existed (migration 5, search-text.ts): every inquiry
 * not erased gets its entry, in the migration's transaction. New inquiries are indexed by the inquiry
 * store's insert, in the insert's transaction.
 */
import type pg from 'pg'
import type { Db } from '../db/sqlite'
import { fts5Document, pgDocument, type SearchFields } from './search-text'

type Row = Record<string, any>

const SELECT = 'SELECT seq, name, name_kana, company, email, phone, message FROM inquiries WHERE erased_at IS NULL ORDER BY seq'

/** A stored row's searched fields (null columns as ''). */
export const searchFieldsOf = (r: Row): SearchFields => ({
  name: r.name ?? '',
  nameKana: r.name_kana ?? '',
  company: r.company ?? '',
  email: r.email ?? '',
  phone: r.phone ?? '',
  message: r.message ?? '',
})

/** A thousand rows at a time (the connection cannot write while it iterates a read). */
export function indexExistingSqlite(db: Db): void {
  const insert = db.prepare('INSERT INTO inquiry_search (rowid, tokens) VALUES (?, ?)')
  const next = db.prepare(`${SELECT.replace('WHERE', 'WHERE seq > ? AND')} LIMIT 1000`)
  for (let after = 0; ; ) {
    const rows = next.all(after) as Row[]
    if (rows.length === 0) return
    for (const r of rows) insert.run(r.seq, fts5Document(searchFieldsOf(r)))
    after = Number(rows.at(-1)!.seq)
  }
}

export async function indexExistingPg(client: pg.PoolClient): Promise<void> {
  for (let after = 0; ; ) {
    const { rows } = await client.query(`${SELECT.replace('WHERE', 'WHERE seq > $1 AND')} LIMIT 1000`, [after])
    if (rows.length === 0) return
    const seqs = rows.map((r) => r.seq)
    const docs = rows.map((r) => pgDocument(searchFieldsOf(r)))
    await client.query('INSERT INTO inquiry_search (inquiry_seq, tokens, body) SELECT s, d::tsvector, b FROM unnest($1::bigint[], $2::text[], $3::text[]) AS t (s, d, b)', [
      seqs,
      docs.map((d) => d.tokens),
      docs.map((d) => d.body),
    ])
    after = Number(rows.at(-1)!.seq)
  }
}
