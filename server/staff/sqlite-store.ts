import type { Db } from '../db/sqlite'
import type { AuditEntry, Session, StaffStore } from './types'
import { sqliteChallenges } from './challenge-store'
import { sqliteStatements } from './sqlite-statements'
import { accountChange, auditSelect, duplicateEmail, toAccessToken, toAccount, toAuditRecord, toEnrolmentLink, toPasskey, toPasswordFactor, toSession, unknownAccount } from './store-rows'

/**
 * The staff store in SQLite, on the inquiry store's connection (DATA_DIR/inquiries.db). Every write
 * is one IMMEDIATE transaction with its audit entry: two writers never interleave, and a write that
 * fails leaves no audit row. The single-use operations (TOTP step, recovery code, enrolment link,
 * passkey counter) are one conditional UPDATE each, and a passkey challenge one INSERT on its key, so
 * two connections (two processes on the file) cannot both win.
 */
export function createSqliteStaffStore(db: Db): StaffStore {
  const { audit, write, get, all, run, one } = sqliteStatements(db)

  const deleteSessions = (accountId: string) => run('DELETE FROM staff_sessions WHERE account_id = ?', accountId)
  /** The account's tokens still live, revoked at `at` (the audit entry's time: the store reads no clock). */
  const revokeTokens = (accountId: string, at: number) => run('UPDATE staff_access_tokens SET revoked_at = ? WHERE created_by = ? AND revoked_at IS NULL', at, accountId)
  const insertSession = (s: Session) =>
    run('INSERT INTO staff_sessions (id_hash, account_id, created_at, last_seen_at, verified_at, csrf_token, user_agent, address) VALUES (?, ?, ?, ?, ?, ?, ?, ?)', s.idHash, s.accountId, s.createdAt, s.lastSeenAt, s.verifiedAt, s.csrfToken, s.userAgent, s.address)

  const addAccount = write((a: Parameters<StaffStore['addAccount']>[0]) => {
    try {
      run('INSERT INTO staff_accounts (id, email, name, role, locale, disabled, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)', a.id, a.email, a.name, a.role, a.locale, a.disabled ? 1 : 0, a.createdAt)
    } catch (err) {
      if ((err as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE' && /staff_accounts\.email/.test((err as Error).message)) throw duplicateEmail(a.email)
      throw err
    }
  })
  const updateAccount = write((id: string, change: Parameters<StaffStore['updateAccount']>[1], at: number) => {
    const pairs = accountChange(change)
    const set = ['id = id', ...pairs.map(([column]) => `${column} = ?`)].join(', ')
    if (run(`UPDATE staff_accounts SET ${set} WHERE id = ?`, ...pairs.map(([, v]) => v), id) === 0) throw unknownAccount(id)
    if (change.disabled) {
      deleteSessions(id)
      revokeTokens(id, at)
    }
  })
  const setPasswordFactor = write((f: Parameters<StaffStore['setPasswordFactor']>[0], hashes: string[]) => {
    run(
      `INSERT INTO staff_password_factors (account_id, password_hash, totp_secret, last_totp_step, created_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (account_id) DO UPDATE SET password_hash = excluded.password_hash, totp_secret = excluded.totp_secret, last_totp_step = excluded.last_totp_step, created_at = excluded.created_at`,
      f.accountId, f.passwordHash, f.totpSecret, f.lastTotpStep, f.createdAt,
    )
    run('DELETE FROM staff_recovery_codes WHERE account_id = ?', f.accountId)
    for (const hash of hashes) run('INSERT INTO staff_recovery_codes (account_id, code_hash) VALUES (?, ?)', f.accountId, hash)
  })
  const useRecoveryCode = db.transaction((accountId: string, codeHash: string, entry: AuditEntry) => {
    const used = run('UPDATE staff_recovery_codes SET used_at = ? WHERE account_id = ? AND code_hash = ? AND used_at IS NULL', entry.at, accountId, codeHash) === 1
    if (used) audit(entry)
    return used
  })
  const resetFactors = write((accountId: string, at: number) => {
    if (!get('SELECT 1 FROM staff_accounts WHERE id = ?', accountId)) throw unknownAccount(accountId)
    for (const table of ['staff_passkeys', 'staff_password_factors', 'staff_recovery_codes', 'staff_sessions']) run(`DELETE FROM ${table} WHERE account_id = ?`, accountId)
    // An unused link would add a factor again: the lost one may have gone with it.
    run('DELETE FROM staff_enrolment_links WHERE account_id = ? AND used_at IS NULL', accountId)
    // Whoever had the lost factor may have made tokens with it.
    revokeTokens(accountId, at)
  })
  const addSession = write(insertSession)
  const replaceSession = db.transaction((previousIdHash: string, next: Session, entry: AuditEntry) => {
    if (run('DELETE FROM staff_sessions WHERE id_hash = ?', previousIdHash) === 0) return false
    insertSession(next)
    audit(entry)
    return true
  })
  const anyWrite = write((sql: string, args: unknown[]) => run(sql, ...args))

  return {
    ...sqliteChallenges(db),
    async addAccount(account, entry) {
      addAccount(entry, account)
    },
    async findAccount(id) {
      return one(toAccount, 'SELECT * FROM staff_accounts WHERE id = ?', id)
    },
    async findAccountByEmail(email) {
      return one(toAccount, 'SELECT * FROM staff_accounts WHERE email = ?', email)
    },
    async listAccounts() {
      return all('SELECT * FROM staff_accounts ORDER BY email').map(toAccount)
    },
    async updateAccount(id, change, entry) {
      updateAccount(entry, id, change, entry.at)
    },

    async addPasskey(p, entry) {
      anyWrite(entry, 'INSERT INTO staff_passkeys (id, account_id, name, public_key, counter, transports, created_at, last_used_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)', [
        p.id, p.accountId, p.name, p.publicKey, p.counter, JSON.stringify(p.transports), p.createdAt, p.lastUsedAt,
      ])
    },
    async findPasskey(id) {
      return one(toPasskey, 'SELECT * FROM staff_passkeys WHERE id = ?', id)
    },
    async listPasskeys(accountId) {
      return all('SELECT * FROM staff_passkeys WHERE account_id = ? ORDER BY created_at, id', accountId).map(toPasskey)
    },
    async usePasskey(id, seen, counter, at) {
      return run('UPDATE staff_passkeys SET counter = ?, last_used_at = ? WHERE id = ? AND counter = ?', counter, at, id, seen) === 1
    },
    async renamePasskey(id, name, entry) {
      anyWrite(entry, 'UPDATE staff_passkeys SET name = ? WHERE id = ?', [name, id])
    },
    async removePasskey(id, entry) {
      anyWrite(entry, 'DELETE FROM staff_passkeys WHERE id = ?', [id])
    },
    async setPasswordFactor(factor, hashes, entry) {
      setPasswordFactor(entry, factor, hashes)
    },
    async findPasswordFactor(accountId) {
      return one(toPasswordFactor, 'SELECT * FROM staff_password_factors WHERE account_id = ?', accountId)
    },
    async acceptTotpStep(accountId, step) {
      return run('UPDATE staff_password_factors SET last_totp_step = ? WHERE account_id = ? AND last_totp_step < ?', step, accountId, step) === 1
    },
    async useRecoveryCode(accountId, codeHash, entry) {
      return useRecoveryCode.immediate(accountId, codeHash, entry)
    },
    async unusedRecoveryCodes(accountId) {
      return Number(get('SELECT COUNT(*) AS n FROM staff_recovery_codes WHERE account_id = ? AND used_at IS NULL', accountId)!.n)
    },
    async unusedRecoveryCodeHashes(accountId) {
      return all('SELECT code_hash FROM staff_recovery_codes WHERE account_id = ? AND used_at IS NULL', accountId).map((r) => r.code_hash as string)
    },
    async resetFactors(accountId, entry) {
      resetFactors(entry, accountId, entry.at)
    },

    async addEnrolmentLink(l, entry) {
      anyWrite(entry, 'INSERT INTO staff_enrolment_links (token_hash, account_id, created_at, expires_at, used_at) VALUES (?, ?, ?, ?, ?)', [l.tokenHash, l.accountId, l.createdAt, l.expiresAt, l.usedAt])
    },
    async useEnrolmentLink(tokenHash, now) {
      const r = get('UPDATE staff_enrolment_links SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ? RETURNING account_id', now, tokenHash, now)
      return (r?.account_id as string | undefined) ?? null
    },
    async findEnrolmentLink(tokenHash) {
      return one(toEnrolmentLink, 'SELECT * FROM staff_enrolment_links WHERE token_hash = ?', tokenHash)
    },

    async addSession(s, entry) {
      addSession(entry, s)
    },
    async findSession(idHash) {
      return one(toSession, 'SELECT * FROM staff_sessions WHERE id_hash = ?', idHash)
    },
    async touchSession(idHash, at, address) {
      run('UPDATE staff_sessions SET last_seen_at = ?, address = ? WHERE id_hash = ?', at, address, idHash)
    },
    async replaceSession(previousIdHash, next, entry) {
      return replaceSession.immediate(previousIdHash, next, entry)
    },
    async listSessions(accountId) {
      return all('SELECT * FROM staff_sessions WHERE account_id = ? ORDER BY last_seen_at DESC, id_hash', accountId).map(toSession)
    },
    async endSession(idHash, entry) {
      anyWrite(entry, 'DELETE FROM staff_sessions WHERE id_hash = ?', [idHash])
    },
    async endAccountSessions(accountId, entry) {
      return anyWrite(entry, 'DELETE FROM staff_sessions WHERE account_id = ?', [accountId])
    },
    async purgeSessions(idleBefore, startedBefore) {
      return run('DELETE FROM staff_sessions WHERE last_seen_at < ? OR created_at < ?', idleBefore, startedBefore)
    },

    async addAccessToken(k, entry) {
      anyWrite(entry, 'INSERT INTO staff_access_tokens (id, token_hash, name, role, created_by, created_at, expires_at, revoked_at, last_used_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)', [
        k.id, k.tokenHash, k.name, k.role, k.createdBy, k.createdAt, k.expiresAt, k.revokedAt, k.lastUsedAt,
      ])
    },
    async findAccessToken(tokenHash) {
      return one(toAccessToken, 'SELECT * FROM staff_access_tokens WHERE token_hash = ?', tokenHash)
    },
    async listAccessTokens() {
      return all('SELECT * FROM staff_access_tokens ORDER BY created_at DESC, id').map(toAccessToken)
    },
    async revokeAccessToken(id, at, entry) {
      anyWrite(entry, 'UPDATE staff_access_tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL', [at, id])
    },
    async useAccessToken(id, at, entry) {
      anyWrite(entry, 'UPDATE staff_access_tokens SET last_used_at = ? WHERE id = ?', [at, id])
    },

    async audit(entry) {
      audit(entry)
    },
    async listAudit(query) {
      const { sql, args } = auditSelect(query, () => '?', -1)
      return all(sql, ...args).map(toAuditRecord)
    },
    async purgeAudit(before) {
      return run('DELETE FROM staff_audit WHERE at < ?', before)
    },
  }
}
