/**
 * The staff store (types.ts, StaffStore) over a runner (server/db/sql.ts), one implementation for both
 * engines: each method is a unit of work (store-accounts.ts, store-factors.ts, store-sessions.ts,
 * store-tokens.ts, store-audit.ts) run in one transaction, and a change takes the audit entry that
 * records it into that same transaction (server/db/audit.ts): both commit, or neither.
 */
import type { Runner, Work } from '../db/sql'
import { audit } from '../db/audit'
import { addAccount, findAccount, findAccountByEmail, listAccounts, updateAccount } from './store-accounts'
import { listAudit, purgeAudit } from './store-audit'
import * as factors from './store-factors'
import * as sessions from './store-sessions'
import * as tokens from './store-tokens'
import type { StaffStore } from './types'

/** The staff store on `runner`'s database (SQLite: sqliteRunner, PostgreSQL: pgRunner). */
export function createStaffStore(runner: Runner): StaffStore {
  const read = <T>(work: Work<T>) => runner.read(work)
  const write = <T>(work: Work<T>) => runner.write(work)
  /** A write whose result the contract does not give. */
  const done = async <T>(work: Work<T>) => void (await write(work))
  return {
    addAccount: (a, entry) => write(addAccount(a, entry)),
    findAccount: (id) => read(findAccount(id)),
    findAccountByEmail: (email) => read(findAccountByEmail(email)),
    listAccounts: () => read(listAccounts()),
    updateAccount: (id, change, entry) => write(updateAccount(id, change, entry)),

    addPasskey: (p, entry) => done(factors.addPasskey(p, entry)),
    findPasskey: (id) => read(factors.findPasskey(id)),
    listPasskeys: (accountId) => read(factors.listPasskeys(accountId)),
    usePasskey: (id, seen, counter, at) => write(factors.usePasskey(id, seen, counter, at)),
    renamePasskey: (id, name, entry) => done(factors.renamePasskey(id, name, entry)),
    removePasskey: (id, entry) => done(factors.removePasskey(id, entry)),
    useChallenge: (challenge, expiresAt) => write(factors.useChallenge(challenge, expiresAt)),
    purgeChallenges: (before) => write(factors.purgeChallenges(before)),
    setPasswordFactor: (factor, hashes, entry) => write(factors.setPasswordFactor(factor, hashes, entry)),
    findPasswordFactor: (accountId) => read(factors.findPasswordFactor(accountId)),
    acceptTotpStep: (accountId, step) => write(factors.acceptTotpStep(accountId, step)),
    useRecoveryCode: (accountId, codeHash, entry) => write(factors.useRecoveryCode(accountId, codeHash, entry)),
    unusedRecoveryCodes: (accountId) => read(factors.unusedRecoveryCodes(accountId)),
    unusedRecoveryCodeHashes: (accountId) => read(factors.unusedRecoveryCodeHashes(accountId)),
    resetFactors: (accountId, entry) => write(factors.resetFactors(runner.engine, accountId, entry)),

    addEnrolmentLink: (link, entry) => done(tokens.addEnrolmentLink(link, entry)),
    useEnrolmentLink: (tokenHash, now) => write(tokens.useEnrolmentLink(tokenHash, now)),
    findEnrolmentLink: (tokenHash) => read(tokens.findEnrolmentLink(tokenHash)),

    addSession: (s, entry) => done(sessions.addSession(s, entry)),
    findSession: (idHash) => read(sessions.findSession(idHash)),
    touchSession: (idHash, at, address) => done(sessions.touchSession(idHash, at, address)),
    replaceSession: (previousIdHash, next, entry) => write(sessions.replaceSession(previousIdHash, next, entry)),
    listSessions: (accountId) => read(sessions.listSessions(accountId)),
    endSession: (idHash, entry) => done(sessions.endSession(idHash, entry)),
    endAccountSessions: (accountId, entry) => write(sessions.endAccountSessions(accountId, entry)),
    purgeSessions: (idleBefore, startedBefore) => write(sessions.purgeSessions(idleBefore, startedBefore)),

    addAccessToken: (k, entry) => done(tokens.addAccessToken(k, entry)),
    findAccessToken: (tokenHash) => read(tokens.findAccessToken(tokenHash)),
    listAccessTokens: () => read(tokens.listAccessTokens()),
    revokeAccessToken: (id, at, entry) => done(tokens.revokeAccessToken(id, at, entry)),
    useAccessToken: (id, at, entry) => done(tokens.useAccessToken(id, at, entry)),

    audit: (entry) => write(audit(entry)),
    listAudit: (query) => read(listAudit(query)),
    purgeAudit: (before) => write(purgeAudit(before)),
  }
}
