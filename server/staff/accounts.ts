import { randomUUID } from 'node:crypto'
import type { Purged } from './retention'
import { randomToken, sha256Hex } from './tokens'
import { DEFAULT_LOCALE } from '../../shared/i18n/locales'
import { printable } from '../../shared/validation'
import { actorEntry, type Actor } from '../db/actor'
import { StaffConflict } from './store-rows'
import { isRole, type Account, type AuditQuery, type AuditRecord, type Role, type StaffStore } from './types'

/**
 * Accounts as the CLI (`npm run staff`) and the admins' pages use them: add one with a one-time
 * enrolment link, list, disable, enable, enrol again (a lost factor), change a role, end every session
 * of one, read the audit log, purge what is past its time. Every change takes who acts (an admin, or
 * the command line: server/staff/actor.ts) and goes to the store with its audit entry, in one
 * transaction. The clock is injected: every time written and every expiry comes from `now()`.
 */

/** An enrolment link is used once, within 24 hours. */
export const ENROLMENT_LINK_MS = 24 * 60 * 60 * 1000

export type AccountsErrorReason = 'invalid-email' | 'invalid-role' | 'invalid-name' | 'duplicate-email' | 'unknown-account' | 'disabled'

/** A request the service refuses, with a sentence for whoever asked (the CLI prints it as it is). */
export class AccountsError extends Error {
  constructor(
    readonly reason: AccountsErrorReason,
    message: string,
  ) {
    super(message)
    this.name = 'AccountsError'
  }
}

/** The one-time link to give the new staff member; the store keeps only its hash. */
export interface EnrolmentInvite {
  url: string
  expiresAt: number
}

export interface AuditLine extends AuditRecord {
  /** The email of entry.accountId, when the account exists. */
  email: string | null
  /** The target with an account's id replaced by its email ('account:<email>'), when the account exists. */
  targetText: string
}

export interface AccountsDeps {
  store: StaffStore
  /** The public origin (SITE_URL, no trailing slash): links are `${siteUrl}/admin/enrol/<token>` unless a call names its own. */
  siteUrl: string
  now: () => number
  sessionIdleMs: number
  sessionMaxMs: number
  auditRetentionMs: number
}

const EMAIL = /^[^\s@<>,;:"()[\]\\]+@[^\s@<>,;:"()[\]\\]+$/

/** The sign-in name as stored: trimmed, lower case; null when it is not an address. */
export function normaliseEmail(text: string): string | null {
  const email = text.trim().toLowerCase()
  return email.length <= 254 && EMAIL.test(email) ? email : null
}

export function createAccounts({ store, siteUrl, now, sessionIdleMs, sessionMaxMs, auditRetentionMs }: AccountsDeps) {
  const entry = (by: Actor, action: string, target: string) => actorEntry(by, now(), action, target)

  function emailOf(text: string): string {
    const email = normaliseEmail(text)
    if (!email) throw new AccountsError('invalid-email', `not an email address: ${JSON.stringify(text)}`)
    return email
  }

  async function existing(text: string): Promise<Account> {
    const email = emailOf(text)
    const account = await store.findAccountByEmail(email)
    if (!account) throw new AccountsError('unknown-account', `no account with the email ${email}`)
    return account
  }

  /** A new link for the account on `origin` (its audit entry with it): the token goes to the caller, only its hash to the store. */
  async function invite(by: Actor, account: Account, origin: string): Promise<EnrolmentInvite> {
    const token = randomToken()
    const createdAt = now()
    const link = { tokenHash: sha256Hex(token), accountId: account.id, createdAt, expiresAt: createdAt + ENROLMENT_LINK_MS, usedAt: null }
    await store.addEnrolmentLink(link, entry(by, 'enrolment.create', `account:${account.id}`))
    return { url: `${origin}/admin/enrol/${token}`, expiresAt: link.expiresAt }
  }

  return {
    /**
     * Creates the account and its first enrolment link (on `origin`: where the admin is). Two transactions:
     * should the second fail (the database went away), the account is there without a link, and
     * `enrolAgain` gives one.
     */
    async addAccount(by: Actor, { email: emailText, role, name: nameText }: { email: string; role: string; name: string }, origin = siteUrl): Promise<{ account: Account; link: EnrolmentInvite }> {
      const email = emailOf(emailText)
      if (!isRole(role)) throw new AccountsError('invalid-role', `not a role: ${JSON.stringify(role)} (admin, editor or responder)`)
      const name = nameText.trim()
      if (name.length > 100 || printable(name) !== name) throw new AccountsError('invalid-name', 'a name has at most 100 characters and no control characters')
      const account: Account = { id: randomUUID(), email, name, role: role as Role, locale: DEFAULT_LOCALE, disabled: false, createdAt: now() }
      try {
        await store.addAccount(account, entry(by, 'account.add', `account:${account.id}`))
      } catch (err) {
        if (err instanceof StaffConflict && err.reason === 'duplicate-email') throw new AccountsError('duplicate-email', `an account with the email ${email} exists already`)
        throw err
      }
      return { account, link: await invite(by, account, origin) }
    },

    /** By email. */
    listAccounts: () => store.listAccounts(),

    /** Disables the account and ends its sessions (one transaction). */
    async disable(by: Actor, emailText: string): Promise<Account> {
      const account = await existing(emailText)
      await store.updateAccount(account.id, { disabled: true }, entry(by, 'account.disable', `account:${account.id}`))
      return { ...account, disabled: true }
    },

    async enable(by: Actor, emailText: string): Promise<Account> {
      const account = await existing(emailText)
      await store.updateAccount(account.id, { disabled: false }, entry(by, 'account.enable', `account:${account.id}`))
      return { ...account, disabled: false }
    },

    /** A lost factor: every factor, session and unused link of the account goes (one transaction), then a new link on `origin`. */
    async enrolAgain(by: Actor, emailText: string, origin = siteUrl): Promise<{ account: Account; link: EnrolmentInvite }> {
      const account = await existing(emailText)
      if (account.disabled) throw new AccountsError('disabled', `the account ${account.email} is disabled: enable it first`)
      await store.resetFactors(account.id, entry(by, 'account.enrol', `account:${account.id}`))
      return { account, link: await invite(by, account, origin) }
    },

    /** Another role for the account (audited with the new one); nothing when it has that role already. */
    async setRole(by: Actor, account: Account, role: Role): Promise<void> {
      if (role !== account.role) await store.updateAccount(account.id, { role }, entry(by, 'account.role', `account:${account.id} ${role}`))
    },

    /** Every session of the account ended (signed out everywhere). */
    async endSessions(by: Actor, account: Account): Promise<void> {
      await store.endAccountSessions(account.id, entry(by, 'session.end', `account:${account.id}`))
    },

    /** The audit log, newest first, with each entry's account email; `email` filters by account. */
    async auditList({ email, ...query }: Omit<AuditQuery, 'accountId'> & { email?: string }): Promise<AuditLine[]> {
      const accountId = email === undefined ? undefined : (await existing(email)).id
      const [entries, accounts] = await Promise.all([store.listAudit({ ...query, ...(accountId ? { accountId } : {}) }), store.listAccounts()])
      const emails = new Map(accounts.map((a) => [a.id, a.email]))
      const targetText = (target: string) => target.replace(/^account:(.+)$/, (whole, id: string) => (emails.has(id) ? `account:${emails.get(id)}` : whole))
      return entries.map((e) => ({ ...e, email: e.accountId ? (emails.get(e.accountId) ?? null) : null, targetText: targetText(e.target) }))
    },

    /** Audit entries past the retention period, sessions past their idle or absolute limit, answered passkey challenges whose token expired: how many of each. */
    async purgeOld(): Promise<Purged> {
      const at = now()
      const audit = await store.purgeAudit(at - auditRetentionMs)
      const sessions = await store.purgeSessions(at - sessionIdleMs, at - sessionMaxMs)
      const challenges = await store.purgeChallenges(at)
      return { audit, sessions, challenges }
    },
  }
}

export type Accounts = ReturnType<typeof createAccounts>
