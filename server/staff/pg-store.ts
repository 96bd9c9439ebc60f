import type pg from 'pg'
import { pgTransaction, unavailable } from '../db/pg'
import type { AuditEntry, Session, StaffStore } from './types'
import { pgChallenges } from './challenge-store'
import { auditValues } from '../db/audit'
import { accountChange, auditInsert, auditSelect, duplicateEmail, toAccessToken, toAccount, toAuditRecord, toEnrolmentLink, toPasskey, toPasswordFactor, toSession, unknownAccount, type Row } from './store-rows'

/**
 * The staff store in PostgreSQL, on the inquiry store's pool (DATABASE_URL): every replica sees the
 * same accounts and sessions. Every write is one transaction with its audit entry (a write that fails
 * leaves no audit row). The single-use operations (TOTP step, recovery code, enrolment link, passkey
 * counter) are one conditional UPDATE each: PostgreSQL locks the row, and a second UPDATE on any
 * replica waits, then finds the condition false and changes nothing. A passkey challenge is one INSERT
 * on its primary key: a second one waits for the first to commit, then inserts nothing.
 */
export function createPgStaffStore(pool: pg.Pool): StaffStore {
  const query = (text: string, values: unknown[] = []) => pool.query(text, values).catch(unavailable)
  const tx = <T>(work: (client: pg.PoolClient) => Promise<T>) => pgTransaction(pool, work)
  const audit = (client: pg.Pool | pg.PoolClient, e: AuditEntry) => client.query(auditInsert((n) => `$${n}`), auditValues(e))
  /** One statement and its audit entry, in one transaction: the statement's row count. */
  const write = (entry: AuditEntry, text: string, values: unknown[]) =>
    tx(async (client) => {
      const r = await client.query(text, values)
      await audit(client, entry)
      return r.rowCount ?? 0
    })
  const insertSession = (client: pg.PoolClient, s: Session) =>
    client.query('INSERT INTO staff_sessions (id_hash, account_id, created_at, last_seen_at, verified_at, csrf_token, user_agent, address) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)', [
      s.idHash, s.accountId, s.createdAt, s.lastSeenAt, s.verifiedAt, s.csrfToken, s.userAgent, s.address,
    ])
  const one = async <T>(text: string, values: unknown[], map: (r: Row) => T): Promise<T | null> => {
    const r = await query(text, values)
    return r.rows[0] ? map(r.rows[0]) : null
  }
  const many = async <T>(text: string, values: unknown[], map: (r: Row) => T): Promise<T[]> => (await query(text, values)).rows.map(map)
  /** The account's tokens still live, revoked at `at` (the audit entry's time: the store reads no clock). */
  const revokeTokens = (client: pg.PoolClient, accountId: string, at: number) =>
    client.query('UPDATE staff_access_tokens SET revoked_at = $1 WHERE created_by = $2 AND revoked_at IS NULL', [at, accountId])

  return {
    ...pgChallenges(pool),
    async addAccount(a, entry) {
      await tx(async (client) => {
        try {
          await client.query('INSERT INTO staff_accounts (id, email, name, role, locale, disabled, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [a.id, a.email, a.name, a.role, a.locale, a.disabled ? 1 : 0, a.createdAt])
        } catch (err) {
          const e = err as { code?: string; constraint?: string }
          if (e.code === '23505' && e.constraint === 'staff_accounts_email_key') throw duplicateEmail(a.email)
          throw err
        }
        await audit(client, entry)
      })
    },
    findAccount: (id) => one('SELECT * FROM staff_accounts WHERE id = $1', [id], toAccount),
    findAccountByEmail: (email) => one('SELECT * FROM staff_accounts WHERE email = $1', [email], toAccount),
    listAccounts: () => many('SELECT * FROM staff_accounts ORDER BY email', [], toAccount),
    async updateAccount(id, change, entry) {
      await tx(async (client) => {
        const pairs = accountChange(change)
        const set = ['id = id', ...pairs.map(([column], i) => `${column} = $${i + 2}`)].join(', ')
        const r = await client.query(`UPDATE staff_accounts SET ${set} WHERE id = $1`, [id, ...pairs.map(([, v]) => v)])
        if (r.rowCount === 0) throw unknownAccount(id)
        if (change.disabled) {
          await client.query('DELETE FROM staff_sessions WHERE account_id = $1', [id])
          await revokeTokens(client, id, entry.at)
        }
        await audit(client, entry)
      })
    },

    async addPasskey(p, entry) {
      await write(entry, 'INSERT INTO staff_passkeys (id, account_id, name, public_key, counter, transports, created_at, last_used_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)', [
        p.id, p.accountId, p.name, p.publicKey, p.counter, JSON.stringify(p.transports), p.createdAt, p.lastUsedAt,
      ])
    },
    findPasskey: (id) => one('SELECT * FROM staff_passkeys WHERE id = $1', [id], toPasskey),
    listPasskeys: (accountId) => many('SELECT * FROM staff_passkeys WHERE account_id = $1 ORDER BY created_at, id', [accountId], toPasskey),
    async usePasskey(id, seen, counter, at) {
      return (await query('UPDATE staff_passkeys SET counter = $1, last_used_at = $2 WHERE id = $3 AND counter = $4', [counter, at, id, seen])).rowCount === 1
    },
    async renamePasskey(id, name, entry) {
      await write(entry, 'UPDATE staff_passkeys SET name = $1 WHERE id = $2', [name, id])
    },
    async removePasskey(id, entry) {
      await write(entry, 'DELETE FROM staff_passkeys WHERE id = $1', [id])
    },
    async setPasswordFactor(f, hashes, entry) {
      await tx(async (client) => {
        await client.query(
          `INSERT INTO staff_password_factors (account_id, password_hash, totp_secret, last_totp_step, created_at) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (account_id) DO UPDATE SET password_hash = excluded.password_hash, totp_secret = excluded.totp_secret, last_totp_step = excluded.last_totp_step, created_at = excluded.created_at`,
          [f.accountId, f.passwordHash, f.totpSecret, f.lastTotpStep, f.createdAt],
        )
        await client.query('DELETE FROM staff_recovery_codes WHERE account_id = $1', [f.accountId])
        if (hashes.length) await client.query('INSERT INTO staff_recovery_codes (account_id, code_hash) SELECT $1, unnest($2::text[])', [f.accountId, hashes])
        await audit(client, entry)
      })
    },
    findPasswordFactor: (accountId) => one('SELECT * FROM staff_password_factors WHERE account_id = $1', [accountId], toPasswordFactor),
    async acceptTotpStep(accountId, step) {
      return (await query('UPDATE staff_password_factors SET last_totp_step = $1 WHERE account_id = $2 AND last_totp_step < $1', [step, accountId])).rowCount === 1
    },
    async useRecoveryCode(accountId, codeHash, entry) {
      return tx(async (client) => {
        const r = await client.query('UPDATE staff_recovery_codes SET used_at = $1 WHERE account_id = $2 AND code_hash = $3 AND used_at IS NULL', [entry.at, accountId, codeHash])
        if (r.rowCount !== 1) return false
        await audit(client, entry)
        return true
      })
    },
    async unusedRecoveryCodes(accountId) {
      return (await query('SELECT COUNT(*)::int AS n FROM staff_recovery_codes WHERE account_id = $1 AND used_at IS NULL', [accountId])).rows[0].n as number
    },
    unusedRecoveryCodeHashes: (accountId) => many('SELECT code_hash FROM staff_recovery_codes WHERE account_id = $1 AND used_at IS NULL', [accountId], (r) => r.code_hash as string),
    async resetFactors(accountId, entry) {
      await tx(async (client) => {
        // The account's row locked: a factor added on another replica meanwhile waits for this to commit.
        if ((await client.query('SELECT 1 FROM staff_accounts WHERE id = $1 FOR UPDATE', [accountId])).rowCount === 0) throw unknownAccount(accountId)
        for (const table of ['staff_passkeys', 'staff_password_factors', 'staff_recovery_codes', 'staff_sessions']) await client.query(`DELETE FROM ${table} WHERE account_id = $1`, [accountId])
        // An unused link would add a factor again: the lost one may have gone with it.
        await client.query('DELETE FROM staff_enrolment_links WHERE account_id = $1 AND used_at IS NULL', [accountId])
        // Whoever had the lost factor may have made tokens with it.
        await revokeTokens(client, accountId, entry.at)
        await audit(client, entry)
      })
    },

    async addEnrolmentLink(l, entry) {
      await write(entry, 'INSERT INTO staff_enrolment_links (token_hash, account_id, created_at, expires_at, used_at) VALUES ($1, $2, $3, $4, $5)', [l.tokenHash, l.accountId, l.createdAt, l.expiresAt, l.usedAt])
    },
    async useEnrolmentLink(tokenHash, now) {
      const r = await query('UPDATE staff_enrolment_links SET used_at = $1 WHERE token_hash = $2 AND used_at IS NULL AND expires_at > $1 RETURNING account_id', [now, tokenHash])
      return (r.rows[0]?.account_id as string | undefined) ?? null
    },
    findEnrolmentLink: (tokenHash) => one('SELECT * FROM staff_enrolment_links WHERE token_hash = $1', [tokenHash], toEnrolmentLink),

    async addSession(s, entry) {
      await tx(async (client) => {
        await insertSession(client, s)
        await audit(client, entry)
      })
    },
    findSession: (idHash) => one('SELECT * FROM staff_sessions WHERE id_hash = $1', [idHash], toSession),
    async touchSession(idHash, at, address) {
      await query('UPDATE staff_sessions SET last_seen_at = $1, address = $2 WHERE id_hash = $3', [at, address, idHash])
    },
    async replaceSession(previousIdHash, next, entry) {
      // A second replacement of the same session (another replica) waits for the row, then deletes nothing.
      return tx(async (client) => {
        if ((await client.query('DELETE FROM staff_sessions WHERE id_hash = $1', [previousIdHash])).rowCount !== 1) return false
        await insertSession(client, next)
        await audit(client, entry)
        return true
      })
    },
    listSessions: (accountId) => many('SELECT * FROM staff_sessions WHERE account_id = $1 ORDER BY last_seen_at DESC, id_hash', [accountId], toSession),
    async endSession(idHash, entry) {
      await write(entry, 'DELETE FROM staff_sessions WHERE id_hash = $1', [idHash])
    },
    endAccountSessions: (accountId, entry) => write(entry, 'DELETE FROM staff_sessions WHERE account_id = $1', [accountId]),
    async purgeSessions(idleBefore, startedBefore) {
      return (await query('DELETE FROM staff_sessions WHERE last_seen_at < $1 OR created_at < $2', [idleBefore, startedBefore])).rowCount ?? 0
    },

    async addAccessToken(k, entry) {
      await write(entry, 'INSERT INTO staff_access_tokens (id, token_hash, name, role, created_by, created_at, expires_at, revoked_at, last_used_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)', [
        k.id, k.tokenHash, k.name, k.role, k.createdBy, k.createdAt, k.expiresAt, k.revokedAt, k.lastUsedAt,
      ])
    },
    findAccessToken: (tokenHash) => one('SELECT * FROM staff_access_tokens WHERE token_hash = $1', [tokenHash], toAccessToken),
    listAccessTokens: () => many('SELECT * FROM staff_access_tokens ORDER BY created_at DESC, id', [], toAccessToken),
    async revokeAccessToken(id, at, entry) {
      await write(entry, 'UPDATE staff_access_tokens SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL', [at, id])
    },
    async useAccessToken(id, at, entry) {
      await write(entry, 'UPDATE staff_access_tokens SET last_used_at = $1 WHERE id = $2', [at, id])
    },

    async audit(entry) {
      await audit(pool, entry).catch(unavailable)
    },
    listAudit(q) {
      const { sql, args } = auditSelect(q, (n) => `$${n}`, null)
      return many(sql, args, toAuditRecord)
    },
    async purgeAudit(before) {
      return (await query('DELETE FROM staff_audit WHERE at < $1', [before])).rowCount ?? 0
    },
  }
}
