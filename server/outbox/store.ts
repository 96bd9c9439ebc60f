/**
 * The outbox's rows over a runner (server/db/sql.ts), the same work on SQLite and PostgreSQL. A claim
 * is one transaction: SQLite's is IMMEDIATE (one writer at a time), PostgreSQL's locks the row it
 * takes and passes over those another replica is claiming right now (FOR UPDATE SKIP LOCKED).
 */
import { randomUUID } from 'node:crypto'
import { all, get, marks, run, type Row, type Runner, type Work } from '../db/sql'
import type { ClaimedOutboxMail, OutboxStore, OutboxStoreOptions } from './types'
import { mailFailed, mailSent, toClaimed } from './work'

/** The oldest due row, of the given kinds only when they are named. */
const due = (kinds: readonly string[] | undefined) =>
  `SELECT seq, inquiry_id, kind, attempts, payload FROM outbox WHERE status = 'pending' AND next_attempt_at <= ?${kinds ? ` AND kind IN (${marks(kinds.length)})` : ''} ORDER BY next_attempt_at, seq LIMIT 1`

function* claimMail(engine: Runner['engine'], now: number, leaseMs: number, kinds?: readonly string[]): Work<ClaimedOutboxMail | null> {
  const sql = due(kinds)
  const row: Row | undefined = yield get(engine === 'postgres' ? `${sql} FOR UPDATE SKIP LOCKED` : sql, now, ...(kinds ?? []))
  if (!row) return null
  const claim = randomUUID()
  yield run('UPDATE outbox SET claim = ?, next_attempt_at = ? WHERE seq = ?', claim, now + leaseMs, row.seq)
  return toClaimed(row, claim)
}

function* retryFailed(now: number): Work<number> {
  return yield run("UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = ?, claim = NULL WHERE status = 'failed'", now)
}

function* outboxCounts(): Work<Record<'pending' | 'failed', number>> {
  const rows: Row[] = yield all("SELECT status, COUNT(*) AS n FROM outbox WHERE status IN ('pending', 'failed') GROUP BY status")
  const result = { pending: 0, failed: 0 }
  for (const row of rows) result[row.status as 'pending' | 'failed'] = Number(row.n)
  return result
}

/** The OutboxStore (types.ts) on the site's database; `options.onOutcome` is written with each outcome. */
export function createOutboxStore(runner: Runner, options: OutboxStoreOptions = {}): OutboxStore {
  const { read, write } = runner
  return {
    claimMail: (now, leaseMs, kinds) => write(claimMail(runner.engine, now, leaseMs, kinds)),
    mailSent: (mail, sentAt) => write(mailSent(mail, sentAt, options)),
    mailFailed: (mail, outcome) => write(mailFailed(mail, outcome, options)),
    retryFailed: (now) => write(retryFailed(now)),
    outboxCounts: () => read(outboxCounts()),
  }
}
