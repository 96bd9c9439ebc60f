/**
 * The inbox's part of `import-sqlite` (server/contact/import-sqlite.ts): the history of the inquiries
 * copied in this run (their outbox seq numbers renumbered as PostgreSQL gave them), the claims of
 * scheduled jobs, and the search index entries of the copied inquiries. Inside the import's one
 * transaction, on its connection.
 */
import type pg from 'pg'
import type { Db } from '../db/sqlite'
import { PG_DIALECT } from './pg-store'
import { pgText } from '../db/pg'
import { searchFieldsOf } from './search-index'

type Row = Record<string, any>

export function readInbox(source: Db): { events: Row[]; jobs: Row[] } {
  return {
    events: source.prepare('SELECT inquiry_id, at, account_id, kind, data FROM inquiry_events ORDER BY seq').all() as Row[],
    jobs: source.prepare('SELECT job, period, claimed_at FROM scheduled_jobs').all() as Row[],
  }
}

/** The search entry of a copied inquiry (none for an erased one). */
export async function indexCopied(client: pg.PoolClient, seq: number, row: Row): Promise<void> {
  if (row.erased_at === null || row.erased_at === undefined) await client.query(pgText(PG_DIALECT.indexInsert), [seq, ...PG_DIALECT.indexArgs(searchFieldsOf(row))])
}

/** Events of the inquiries copied now, their outboxSeq as PostgreSQL numbered the copied mails; the job claims. */
export async function copyInbox(client: pg.PoolClient, { events, jobs }: { events: Row[]; jobs: Row[] }, copied: Set<string>, mailSeq: Map<number, number>): Promise<void> {
  for (const e of events) {
    if (!copied.has(e.inquiry_id)) continue
    const data = JSON.parse(e.data) as Record<string, unknown>
    if (typeof data.outboxSeq === 'number' && mailSeq.has(data.outboxSeq)) data.outboxSeq = mailSeq.get(data.outboxSeq)
    await client.query({ name: 'import-event', text: 'INSERT INTO inquiry_events (inquiry_id, at, account_id, kind, data) VALUES ($1, $2, $3, $4, $5)', values: [e.inquiry_id, e.at, e.account_id, e.kind, JSON.stringify(data)] })
  }
  for (const j of jobs) await client.query('INSERT INTO scheduled_jobs (job, period, claimed_at) VALUES ($1, $2, $3) ON CONFLICT (job, period) DO NOTHING', [j.job, j.period, j.claimed_at])
}
