import type { FastifyRequest } from 'fastify'
import type { StaffViewer } from '../../../shared/admin/state'
import type { Purged } from '../retention'
import { loggedUrl } from '../../logged-url'
import { requestPath } from '../../request-locale'
import type { Throttle } from '../throttle'
import type { Accounts } from '../accounts'
import type { Actor } from '../../db/actor'
import type { AccessToken, Account, AuditEntry, AuditOutcome, Role, StaffStore } from '../types'
import type { LiveSession, SessionLimits } from './session'
import type { Signer } from './signed'

/** What the staff routes share: the store, the clock, the form signer, the sign-in throttle, the session limits. */
export interface StaffServices {
  store: StaffStore
  now: () => number
  signer: Signer
  throttle: Throttle
  limits: SessionLimits
  /** How long audit entries are kept (STAFF_AUDIT_RETENTION). */
  auditRetentionMs: number
  /** The retention sweep (audit entries past retention, sessions past their limits, answered passkey challenges): run at start, hourly. */
  retention: { run: () => Promise<Purged | null> }
  /** The public origin of a request (SITE_URL, else the request's own in development and tests): passkeys' relying party. */
  origin: (req: FastifyRequest) => string
  /** The site's name for passkey prompts, in Japanese (the default language). */
  siteName: (req: FastifyRequest) => string
  /** The content folder (CONTENT_DIR): where the editor writes. */
  contentDir: string
  /** The accounts' service (server/staff/accounts.ts), built once: enrolment links on SITE_URL unless a call names the request's origin. */
  accounts: Accounts
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The staff area's services (server/plugins/staff.ts). */
    staffArea: StaffServices
  }
  interface FastifyRequest {
    /** The request's live staff session, once the staff routes have read it (null: nobody signed in). */
    staffSession: LiveSession | null
  }
}

/** An audit entry of this request: its time (the injected clock), client address, account, action, target, outcome. */
export function auditOf(req: FastifyRequest, accountId: string | null, action: string, target: string, outcome: AuditOutcome = 'ok'): AuditEntry {
  return { at: req.server.staffArea.now(), accountId, address: req.ip, action, target, outcome }
}

/**
 * Who a request acts as, for the services: the signed-in staff member with their role, or (the JSON API)
 * the token's creator with the token's effective role; from the client's address.
 */
export function actorOf(req: FastifyRequest, caller?: TokenCaller): Actor {
  if (caller) return { accountId: caller.token.createdBy, role: caller.role, address: req.ip }
  const { id, role } = req.staffSession!.account
  return { accountId: id, role, address: req.ip }
}

/** The longest path an audit target keeps: a request's path may be 4 KB, its audit row stays small. */
export const AUDIT_PATH_MAX = 200

/**
 * The request's path as an audit target, 'path:/admin/…': without its query, secrets (loggedUrl) or control
 * characters, at most AUDIT_PATH_MAX characters. Every target that names the request's path is made here.
 */
export function pathTarget(req: FastifyRequest): string {
  return `path:${loggedUrl(requestPath(req), AUDIT_PATH_MAX)}`
}

/** What the pages show of the signed-in account. */
export function viewerOf(account: Account): StaffViewer {
  return { name: account.name, email: account.email, role: account.role }
}

/** A usable token, the account that made it, and the role the token acts with now (effectiveTokenRole). */
export interface TokenCaller {
  token: AccessToken
  account: Account
  /** Null: the token may do nothing a role allows (its creator no longer has the token's role). */
  role: Role | null
}
