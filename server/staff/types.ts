import type { AuditEntry, AuditQuery, AuditRecord } from './audit-types'
import { STAFF_ROLES, type StaffRole } from '../../shared/admin/roles'

/**
 * The staff area's records and the store that keeps them: accounts, their factors, sessions,
 * enrolment links, personal access tokens and the audit log. They live in the inquiry database
 * (SQLite in DATA_DIR, or PostgreSQL with DATABASE_URL), so a session started on one replica works
 * on every replica. No HTTP here: the staff plugin and the CLI call the services that use this.
 *
 * Times are milliseconds since the epoch (numbers) in records and arguments; the caller's clock
 * (an injected `now()`) decides every expiry, the store never reads the time itself.
 */

/** admin: accounts, settings, everything; editor: content; responder: inquiries (the list: STAFF_ROLES, shared/admin/roles.ts). */
export type Role = StaffRole

/** Whether a value (a form field, a CLI argument, a row) is one of the roles. */
export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value)
}

export interface Account {
  id: string
  /** Lower-cased, trimmed: the sign-in name. Unique. */
  email: string
  name: string
  role: Role
  /** The staff area's language, remembered per account. */
  locale: string
  /** Disabled accounts cannot sign in; disabling ends their sessions. */
  disabled: boolean
  createdAt: number
}

/** A passkey (WebAuthn credential), named by its owner, several per account. */
export interface Passkey {
  /** The credential id, base64url. Unique. */
  id: string
  accountId: string
  name: string
  /** The COSE public key, base64url. */
  publicKey: string
  /** The signature counter last seen (0 for authenticators that keep none). */
  counter: number
  /** Transports the browser reported ('internal', 'hybrid', 'usb'…), for allowCredentials hints. */
  transports: string[]
  createdAt: number
  lastUsedAt: number | null
}

/** The password + TOTP factor: one per account, replaced as a whole. */
export interface PasswordFactor {
  accountId: string
  /** The memory-hard hash of the password, self-describing (algorithm and parameters inside). */
  passwordHash: string
  /** The TOTP secret, base32. */
  totpSecret: string
  /** The last TOTP time step accepted: a code of this step or an earlier one is refused (each code once). */
  lastTotpStep: number
  createdAt: number
}

export interface Session {
  /** Hash (SHA-256, hex) of the random id the cookie carries: the cookie value itself is never stored. */
  idHash: string
  accountId: string
  createdAt: number
  lastSeenAt: number
  /** When the staff member last proved a factor (sign-in or re-authentication): 5-minute rule for sensitive steps. */
  verifiedAt: number
  /** Synchronizer token for this session's forms (random, base64url). */
  csrfToken: string
  /** What the browser said it is (User-Agent, shortened) and the client address at sign-in and last use. */
  userAgent: string
  address: string
}

/** A one-time enrolment link (account creation, lost factor): single use, 24 hours. Only its hash is kept. */
export interface EnrolmentLink {
  tokenHash: string
  accountId: string
  createdAt: number
  expiresAt: number
  usedAt: number | null
}

/** A personal access token for the staff JSON API (Bearer): shown once, stored hashed, revocable. */
export interface AccessToken {
  id: string
  /** SHA-256 (hex) of the secret. */
  tokenHash: string
  name: string
  role: Role
  /** The admin who created it: the token acts with no more than this account's current role, and not once it is disabled. */
  createdBy: string
  createdAt: number
  /** At most one year after createdAt. */
  expiresAt: number
  revokedAt: number | null
  lastUsedAt: number | null
}

export type { AuditEntry, AuditOutcome, AuditQuery, AuditRecord } from './audit-types'
export type { Actor } from '../db/actor'

/**
 * Every write is one transaction committed before the promise resolves; every write that changes
 * something takes the audit entry that records it and writes both in the same transaction
 * (`audit` argument). There is no method that updates or deletes an audit entry, except the
 * retention purge of entries older than the retention period; a row of repeats only counts up.
 */
export interface StaffStore {
  // Accounts
  addAccount(account: Account, audit: AuditEntry): Promise<void>
  findAccount(id: string): Promise<Account | null>
  findAccountByEmail(email: string): Promise<Account | null>
  listAccounts(): Promise<Account[]>
  /** Disabling also deletes the account's sessions and revokes its access tokens (at the audit entry's time), in the same transaction. */
  updateAccount(id: string, change: Partial<Pick<Account, 'name' | 'role' | 'locale' | 'disabled'>>, audit: AuditEntry): Promise<void>

  // Factors
  addPasskey(passkey: Passkey, audit: AuditEntry): Promise<void>
  findPasskey(id: string): Promise<Passkey | null>
  listPasskeys(accountId: string): Promise<Passkey[]>
  /** Records a use (new counter, time) only if the stored counter is still `seen`, the one verified against: false when another use moved it meanwhile (compare-and-set; a counter that stays 0 always matches). */
  usePasskey(id: string, seen: number, counter: number, at: number): Promise<boolean>
  /** A new name its owner gave it. */
  renamePasskey(id: string, name: string, audit: AuditEntry): Promise<void>
  removePasskey(id: string, audit: AuditEntry): Promise<void>
  /** Replaces the account's password + TOTP factor and its recovery codes (their stored hashes), in one transaction. */
  setPasswordFactor(factor: PasswordFactor, recoveryCodeHashes: string[], audit: AuditEntry): Promise<void>
  findPasswordFactor(accountId: string): Promise<PasswordFactor | null>
  /** Accepts a TOTP step only if it is later than the last one accepted (atomically, across replicas): false when already used. */
  acceptTotpStep(accountId: string, step: number): Promise<boolean>
  /** Marks a recovery code used by its stored hash (atomically): false when unknown or already used. */
  useRecoveryCode(accountId: string, codeHash: string, audit: AuditEntry): Promise<boolean>
  unusedRecoveryCodes(accountId: string): Promise<number>
  /** The stored hashes of the account's unused recovery codes, for recovery-codes.ts matchRecoveryCode to try. */
  unusedRecoveryCodeHashes(accountId: string): Promise<string[]>
  /** Removes every factor of the account (lost factor: `enrol`), ends its sessions, revokes its access tokens, in one transaction. */
  resetFactors(accountId: string, audit: AuditEntry): Promise<void>
  /** Records a passkey challenge as answered (atomically, across replicas): false when it was answered already. `expiresAt`: when its token can no longer be opened. */
  useChallenge(challenge: string, expiresAt: number): Promise<boolean>
  /** Deletes the challenges whose token expired before `before`; returns how many. */
  purgeChallenges(before: number): Promise<number>

  // Enrolment links
  addEnrolmentLink(link: EnrolmentLink, audit: AuditEntry): Promise<void>
  /** Marks the link used if it is unused and not expired at `now` (atomically): its account id, else null. */
  useEnrolmentLink(tokenHash: string, now: number): Promise<string | null>
  findEnrolmentLink(tokenHash: string): Promise<EnrolmentLink | null>

  // Sessions
  addSession(session: Session, audit: AuditEntry): Promise<void>
  findSession(idHash: string): Promise<Session | null>
  /** Records a use (last seen, address). */
  touchSession(idHash: string, at: number, address: string): Promise<void>
  /**
   * A session in place of another, under a new id (a re-authentication; a sign-in in a browser that
   * brought a session): `previousIdHash` deleted and `next` added with the audit entry, in one
   * transaction. False, and nothing written, when `previousIdHash` is already gone (ended meanwhile).
   */
  replaceSession(previousIdHash: string, next: Session, audit: AuditEntry): Promise<boolean>
  listSessions(accountId: string): Promise<Session[]>
  endSession(idHash: string, audit: AuditEntry): Promise<void>
  endAccountSessions(accountId: string, audit: AuditEntry): Promise<number>
  /** Deletes sessions idle since before `idleBefore` or started before `startedBefore`; returns how many. */
  purgeSessions(idleBefore: number, startedBefore: number): Promise<number>

  // Personal access tokens
  addAccessToken(token: AccessToken, audit: AuditEntry): Promise<void>
  findAccessToken(tokenHash: string): Promise<AccessToken | null>
  listAccessTokens(): Promise<AccessToken[]>
  revokeAccessToken(id: string, at: number, audit: AuditEntry): Promise<void>
  /** Records a use and its audit entry together. */
  useAccessToken(id: string, at: number, audit: AuditEntry): Promise<void>

  // Audit log
  /** Appends an entry (a view, a refused request); a refusal or failure of no account adds one to its address's row of the hour instead (server/db/audit.ts, foldWindow). */
  audit(entry: AuditEntry): Promise<void>
  /** Newest first. */
  listAudit(query: AuditQuery): Promise<AuditRecord[]>
  /** Deletes entries older than `before` (the retention setting); returns how many. */
  purgeAudit(before: number): Promise<number>
}
