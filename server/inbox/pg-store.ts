/**
 * The inbox store in PostgreSQL (DATABASE_URL), on the inquiry store's pool: every replica sees the
 * same inbox. Each unit of work (sql.ts) runs in one transaction on one connection (pgTransaction:
 * a connection failure is StoreUnavailable, 503). Search: the table inquiry_search, a tsvector of
 * bigram tokens per inquiry under a GIN index (and the normalised text a longer word is checked in),
 * queried with a tsquery cast from search-text.ts.
 * Job claims and digests are one INSERT … ON CONFLICT DO NOTHING each: of two replicas at the same
 * moment, the second waits for the first's commit, then inserts nothing.
 */
import type pg from 'pg'
import { pgTransaction } from '../contact/pg-schema'
import { createInboxStore } from './inbox-store'
import { pgDocument, pgSearch } from './search-text'
import type { Dialect, Runner, Statement, Work } from './sql'
import type { InboxStore } from './types'

export const PG_DIALECT: Dialect = {
  engine: 'postgres',
  searchKey: 'inquiry_seq',
  searchWhere(words) {
    const { query, substrings } = pgSearch(words)
    return { sql: ['tokens @@ CAST(? AS tsquery)', ...substrings.map(() => 'strpos(body, ?) > 0')].join(' AND '), args: [query, ...substrings] }
  },
  indexInsert: 'INSERT INTO inquiry_search (inquiry_seq, tokens, body) VALUES (?, CAST(? AS tsvector), ?)',
  indexArgs(fields) {
    const { tokens, body } = pgDocument(fields)
    return [tokens, body]
  },
  indexDelete: 'DELETE FROM inquiry_search WHERE inquiry_seq = ?',
}

const numbered = new Map<string, string>()
/** `?` placeholders as $1, $2 … (our SQL has no other question marks). */
export function pgText(sql: string): string {
  let text = numbered.get(sql)
  if (text === undefined) {
    let n = 0
    numbered.set(sql, (text = sql.replace(/\?/g, () => `$${++n}`)))
  }
  return text
}

/** Drives a unit of work on one connection (inside the caller's transaction). */
export async function drivePg<T>(client: pg.PoolClient, work: Work<T>): Promise<T> {
  let step = work.next()
  while (!step.done) {
    const { op, sql, args }: Statement = step.value
    const r = await client.query(pgText(sql), args)
    step = work.next(op === 'all' ? r.rows : op === 'get' ? r.rows[0] : (r.rowCount ?? 0))
  }
  return step.value
}

export function pgRunner(pool: pg.Pool): Runner {
  const tx = <T>(work: Work<T>) => pgTransaction(pool, (client) => drivePg(client, work))
  return { write: tx, read: tx }
}

export function createPgInboxStore(pool: pg.Pool): InboxStore {
  return createInboxStore(pgRunner(pool), PG_DIALECT)
}
