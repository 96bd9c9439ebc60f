/**
 * Who does something, as every service takes it (the inbox's, the editor's, the accounts'): a staff
 * account with its role, from a client address; or the command line or a job, with no account. The
 * services decide by it (only an admin lifts a legal hold) and write it into their audit entries, so the
 * same work is done the same way from a page, the JSON API, the CLI or a job.
 */
import type { AuditEntry, AuditOutcome } from './audit'
import type { StaffRole as Role } from '../../shared/admin/roles'

export interface Actor {
  /** The staff account (a token's creator for the JSON API); null for a job or the CLI. */
  accountId: string | null
  /**
   * The role it acts with: the signed-in account's, or a token's effective role (its own, no more than
   * its creator's current one: server/staff/access-tokens.ts); null for a job or the CLI.
   */
  role: Role | null
  /** The client address ('job' for the scheduled jobs, 'cli' for the command line). */
  address: string
}

/** The command line: whoever runs it holds the database already. */
export const CLI_ACTOR: Actor = { accountId: null, role: null, address: 'cli' }

/** An audit entry of what the actor did at `at`. */
export function actorEntry(actor: Actor, at: number, action: string, target: string, outcome: AuditOutcome = 'ok'): AuditEntry {
  return { at, accountId: actor.accountId, address: actor.address, action, target, outcome }
}
