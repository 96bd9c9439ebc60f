import type { Migration } from '../db/migration'

/**
 * The staff area's tables in the inquiry database (migration 4, STAFF_MIGRATIONS below; PostgreSQL
 * runs the same text through server/db/pg.ts). Times are milliseconds, spelt BIGINT: SQLite reads the
 * name as INTEGER, PostgreSQL needs 64 bits; so are the passkey counter (32-bit unsigned) and the
 * TOTP step. Sessions and enrolment links keep only the SHA-256 of their secret (the cookie's id,
 * the link's token), access tokens too; recovery codes a salted scrypt hash (recovery-codes.ts; rows
 * of the first version, SHA-256, until used or replaced). Accounts are never deleted (disabled), so
 * the audit log's account_id has no foreign key and outlives anything it names.
 */
export const STAFF_TABLES = `
  CREATE TABLE staff_accounts (
    id TEXT PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    role TEXT NOT NULL CHECK (role IN ('admin', 'editor', 'responder')),
    locale TEXT NOT NULL,
    disabled INTEGER NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL
  );
  CREATE TABLE staff_passkeys (
    id TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES staff_accounts (id),
    name TEXT NOT NULL,
    public_key TEXT NOT NULL,
    counter BIGINT NOT NULL,
    transports TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    last_used_at BIGINT
  );
  CREATE INDEX staff_passkeys_account ON staff_passkeys (account_id);
  CREATE TABLE staff_password_factors (
    account_id TEXT PRIMARY KEY REFERENCES staff_accounts (id),
    password_hash TEXT NOT NULL,
    totp_secret TEXT NOT NULL,
    last_totp_step BIGINT NOT NULL,
    created_at BIGINT NOT NULL
  );
  CREATE TABLE staff_recovery_codes (
    account_id TEXT NOT NULL REFERENCES staff_accounts (id),
    code_hash TEXT NOT NULL,
    used_at BIGINT,
    PRIMARY KEY (account_id, code_hash)
  );
  CREATE TABLE staff_enrolment_links (
    token_hash TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES staff_accounts (id),
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at BIGINT
  );
  CREATE INDEX staff_enrolment_links_account ON staff_enrolment_links (account_id);
  CREATE TABLE staff_sessions (
    id_hash TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES staff_accounts (id),
    created_at BIGINT NOT NULL,
    last_seen_at BIGINT NOT NULL,
    verified_at BIGINT NOT NULL,
    csrf_token TEXT NOT NULL,
    user_agent TEXT NOT NULL,
    address TEXT NOT NULL
  );
  CREATE INDEX staff_sessions_account ON staff_sessions (account_id);
  CREATE INDEX staff_sessions_last_seen ON staff_sessions (last_seen_at);
  CREATE TABLE staff_access_tokens (
    id TEXT PRIMARY KEY,
    token_hash TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    role TEXT NOT NULL CHECK (role IN ('admin', 'editor', 'responder')),
    created_by TEXT NOT NULL REFERENCES staff_accounts (id),
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    revoked_at BIGINT,
    last_used_at BIGINT
  );
  CREATE TABLE staff_audit (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    at BIGINT NOT NULL,
    account_id TEXT,
    address TEXT NOT NULL,
    action TEXT NOT NULL,
    target TEXT NOT NULL,
    outcome TEXT NOT NULL CHECK (outcome IN ('ok', 'refused', 'failed'))
  );
  CREATE INDEX staff_audit_at ON staff_audit (at);
  CREATE INDEX staff_audit_account ON staff_audit (account_id, at);
  CREATE INDEX staff_audit_action ON staff_audit (action, at);
`

/**
 * Migration 7: the passkey challenges already answered (server/staff/passkey-steps.ts). A challenge is
 * issued without a row (a signed token, passkey-challenge.ts, so asking for options writes nothing);
 * its first answer that verifies inserts it here, and the primary key lets one insert win on every
 * replica. `expires_at` is when its token can no longer be opened: the retention sweep deletes the
 * row after that, as nothing can answer the challenge any more.
 */
export const PASSKEY_CHALLENGES_TABLE = `
  CREATE TABLE staff_passkey_challenges (
    challenge TEXT PRIMARY KEY,
    expires_at BIGINT NOT NULL
  );
  CREATE INDEX staff_passkey_challenges_expires ON staff_passkey_challenges (expires_at);
`

/**
 * Migration 8: audit rows that stand for several entries. A refusal or failure with no account (anyone can
 * cause as many as they like) is counted in its address's row of the same action and outcome for the hour
 * (`fold_window`: the hour's first millisecond; server/db/audit.ts, foldWindow) instead of a row of its own:
 * `repeats` says how many. The unique index is what makes the count atomic on either engine (an insert
 * that meets the hour's row adds one to it). Rows written before it have no window: one entry each.
 */
export const STAFF_AUDIT_REPEATS = `
  ALTER TABLE staff_audit ADD COLUMN repeats INTEGER NOT NULL DEFAULT 1;
  ALTER TABLE staff_audit ADD COLUMN fold_window BIGINT;
  CREATE UNIQUE INDEX staff_audit_fold ON staff_audit (fold_window, address, action, outcome) WHERE fold_window IS NOT NULL;
`

/** The staff area's schema changes: its tables, single-use passkey challenges, counted anonymous refusals. */
export const STAFF_MIGRATIONS: Migration[] = [
  { version: 4, name: 'staff accounts, factors, sessions and audit log', sql: STAFF_TABLES },
  // A passkey challenge is answered once: a captured answer replayed is refused on every replica.
  { version: 7, name: 'single-use passkey challenges', sql: PASSKEY_CHALLENGES_TABLE },
  // Anonymous refusals and failures counted per address and hour in one audit row.
  { version: 8, name: 'staff audit repeats', sql: STAFF_AUDIT_REPEATS },
]
