/**
 * The inbox's search index in PostgreSQL (DATABASE_URL), where every replica sees the same inbox: the
 * table inquiry_search, a tsvector of bigram tokens per inquiry under a GIN index (and the normalised
 * text a longer word is checked in), queried with a tsquery cast from search-text.ts. Each unit of
 * work (server/db/sql.ts) runs in one transaction on one connection (pgTransaction: a connection
 * failure is StoreUnavailable, 503). Digests are one INSERT … ON CONFLICT DO NOTHING each: of two
 * replicas at the same moment, the second waits for the first's commit, then inserts nothing.
 */
import { pgDocument, pgSearch } from './search-text'
import type { Dialect } from './dialect'

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
