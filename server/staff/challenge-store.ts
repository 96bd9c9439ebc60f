import type pg from 'pg'
import type { Db } from '../db/sqlite'
import { unavailable } from '../db/pg'

/**
 * The answered passkey challenges (migration 7, staff_passkey_challenges) in each engine, for the staff
 * stores (sqlite-store.ts, pg-store.ts). Using a challenge is one INSERT on its primary key: of two
 * answers at once, on one replica or two, exactly one inserts the row; the other finds it there.
 */

/** The part of the StaffStore (types.ts) about passkey challenges: each counts once, across replicas. */
export interface PasskeyChallengeStore {
  /** Records the challenge as answered (atomically): false when it was answered already. `expiresAt`: when its token can no longer be opened. */
  useChallenge(challenge: string, expiresAt: number): Promise<boolean>
  /** Deletes the challenges whose token expired before `before`; returns how many. */
  purgeChallenges(before: number): Promise<number>
}

/** The challenges in SQLite, on the staff store's connection. */
export function sqliteChallenges(db: Db): PasskeyChallengeStore {
  const insert = db.prepare('INSERT INTO staff_passkey_challenges (challenge, expires_at) VALUES (?, ?) ON CONFLICT (challenge) DO NOTHING')
  const purge = db.prepare('DELETE FROM staff_passkey_challenges WHERE expires_at < ?')
  return {
    async useChallenge(challenge, expiresAt) {
      return insert.run(challenge, expiresAt).changes === 1
    },
    async purgeChallenges(before) {
      return purge.run(before).changes
    },
  }
}

/** The challenges in PostgreSQL, on the staff store's pool. */
export function pgChallenges(pool: pg.Pool): PasskeyChallengeStore {
  const query = (text: string, values: unknown[]) => pool.query(text, values).catch(unavailable)
  return {
    async useChallenge(challenge, expiresAt) {
      return (await query('INSERT INTO staff_passkey_challenges (challenge, expires_at) VALUES ($1, $2) ON CONFLICT (challenge) DO NOTHING', [challenge, expiresAt])).rowCount === 1
    },
    async purgeChallenges(before) {
      return (await query('DELETE FROM staff_passkey_challenges WHERE expires_at < $1', [before])).rowCount ?? 0
    },
  }
}
