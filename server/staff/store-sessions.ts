/**
 * The staff store's units of work (store.ts) for sessions, kept by the hash of their id. A replacement
 * deletes the old row first: of two replacements at once (two replicas), the second waits for the row
 * and deletes nothing, so it adds nothing either.
 */
import { run, type Work } from '../db/sql'
import { audit, type AuditEntry } from '../db/audit'
import { audited, changes, many, one, toSession } from './store-rows'
import type { Session } from './types'

const insertSession = (s: Session) =>
  run(
    'INSERT INTO staff_sessions (id_hash, account_id, created_at, last_seen_at, verified_at, csrf_token, user_agent, address) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    s.idHash, s.accountId, s.createdAt, s.lastSeenAt, s.verifiedAt, s.csrfToken, s.userAgent, s.address,
  )

/** A session added with its audit entry (a sign-in). */
export const addSession = (s: Session, entry: AuditEntry) => audited(entry, insertSession(s))
/** A session by the hash of its id, or null. */
export const findSession = (idHash: string) => one(toSession, 'SELECT * FROM staff_sessions WHERE id_hash = ?', idHash)
/** The account's sessions, last used first. */
export const listSessions = (accountId: string) => many(toSession, 'SELECT * FROM staff_sessions WHERE account_id = ? ORDER BY last_seen_at DESC, id_hash', accountId)

/** Records a use (last seen, address). */
export const touchSession = (idHash: string, at: number, address: string) => changes(run('UPDATE staff_sessions SET last_seen_at = ?, address = ? WHERE id_hash = ?', at, address, idHash))

/** `next` in place of `previousIdHash`, with its audit entry: false, and nothing written, when the previous one is gone. */
export function* replaceSession(previousIdHash: string, next: Session, entry: AuditEntry): Work<boolean> {
  if ((yield run('DELETE FROM staff_sessions WHERE id_hash = ?', previousIdHash)) === 0) return false
  yield insertSession(next)
  yield* audit(entry)
  return true
}

/** A session ended, audited (a sign-out). */
export const endSession = (idHash: string, entry: AuditEntry) => audited(entry, run('DELETE FROM staff_sessions WHERE id_hash = ?', idHash))

/** The statement ending every session of the account. */
export const deleteAccountSessions = (accountId: string) => run('DELETE FROM staff_sessions WHERE account_id = ?', accountId)

/** Every session of the account ended, audited: how many. */
export const endAccountSessions = (accountId: string, entry: AuditEntry) => audited(entry, deleteAccountSessions(accountId))

/** Sessions idle since before `idleBefore` or started before `startedBefore` deleted: how many. */
export const purgeSessions = (idleBefore: number, startedBefore: number) => changes(run('DELETE FROM staff_sessions WHERE last_seen_at < ? OR created_at < ?', idleBefore, startedBefore))
