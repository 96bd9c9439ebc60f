/**
 * Scheduled jobs run once across every replica: a (job, period) pair is claimed by one caller only
 * (the table scheduled_jobs, its primary key), whatever the engine. On PostgreSQL the second of two
 * replicas at the same moment waits for the first's commit, then inserts nothing.
 */
import { audit, type AuditEntry } from './audit'
import { run, type Work } from './sql'

/** True for the one caller that claimed (job, period); with `entry`, that audit entry is written in the claim's transaction. */
export function* claimJob(job: string, period: string, at: number, entry?: AuditEntry): Work<boolean> {
  const claimed = (yield run('INSERT INTO scheduled_jobs (job, period, claimed_at) VALUES (?, ?, ?) ON CONFLICT (job, period) DO NOTHING', job, period, at)) === 1
  if (claimed && entry) yield* audit(entry)
  return claimed
}
