/**
 * The outbox's rows as the worker, the CLI's retry and the metrics see them: one contract for both
 * engines (store.ts writes it once over a runner). Every method is one transaction.
 */
import type { ClaimedOutboxMail } from '../inbox/types'
import type { MailFailure } from './work'

export interface OutboxStore {
  /**
   * Claims the oldest due mail (pending, next attempt due, no live claim; never a cancelled one) for
   * `leaseMs`: no other worker gets it until the lease ends. Null when nothing is due.
   */
  claimMail(now: number, leaseMs: number): Promise<ClaimedOutboxMail | null>
  /**
   * Records a sent mail (its payload dropped) and, for an inquiry's mail, its 'mail' event, in one
   * transaction; false when the claim had expired and was taken by another worker.
   */
  mailSent(mail: ClaimedOutboxMail, sentAt: Date): Promise<boolean>
  /** Records a failed attempt: pending again at `nextAttemptAt`, or failed for good (an inquiry's mail then gets its 'mail' event). */
  mailFailed(mail: ClaimedOutboxMail, outcome: MailFailure): Promise<void>
  /** Queues every mail that failed for good once more; returns how many. */
  retryFailed(now: number): Promise<number>
  /** Mails waiting (pending) and given up on (failed). */
  outboxCounts(): Promise<Record<'pending' | 'failed', number>>
}
