import type { Migration } from '../db/migration'
import { indexExistingPg, indexExistingSqlite } from './search-index'
/**
 * Migration 5 (server/contact/db.ts): the inquiry inbox. Inquiries get their triage columns (status,
 * assignee, legal hold, first reply, closed, erased) and indexes for the list's filters and order; a
 * history (inquiry_events); claims of scheduled jobs (one replica runs a job's period); the search
 * index (search-text.ts: FTS5 in SQLite, a tsvector under GIN in PostgreSQL); and the outbox widened
 * to every kind of mail (reply, digest, webhook; 'cancelled'; a payload; the time queued; no inquiry
 * for a digest). Its dedupe_key keeps one staff mail, one auto-reply and one webhook per inquiry
 * ('<kind>:<inquiry id>') and one digest per account and day ('digest:<account>:<day>'); replies
 * have none. SQLite cannot change a CHECK, so its outbox is rebuilt (same seq numbers); PostgreSQL
 * alters its constraints. Times are milliseconds (BIGINT) as in the staff tables.
 */
const STATUSES = `'new', 'in-progress', 'waiting', 'done', 'spam'`
const KINDS = `'staff', 'auto-reply', 'reply', 'digest', 'webhook'`
const MAIL_STATUSES = `'pending', 'sent', 'failed', 'cancelled'`

const COMMON = `
  ALTER TABLE inquiries ADD COLUMN status TEXT NOT NULL DEFAULT 'new' CHECK (status IN (${STATUSES}));
  ALTER TABLE inquiries ADD COLUMN assignee_id TEXT;
  ALTER TABLE inquiries ADD COLUMN legal_hold INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE inquiries ADD COLUMN first_reply_at BIGINT;
  ALTER TABLE inquiries ADD COLUMN closed_at BIGINT;
  ALTER TABLE inquiries ADD COLUMN erased_at BIGINT;
  CREATE INDEX inquiries_listed ON inquiries (erased_at, seq);
  CREATE INDEX inquiries_status ON inquiries (status, erased_at, seq);
  CREATE INDEX inquiries_assignee ON inquiries (assignee_id, erased_at, seq);
  CREATE INDEX inquiries_type ON inquiries (inquiry_type, erased_at, seq);
  CREATE INDEX inquiries_email ON inquiries (lower(email));
  CREATE INDEX inquiries_closed ON inquiries (closed_at);
  CREATE TABLE inquiry_events (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    inquiry_id TEXT NOT NULL REFERENCES inquiries (id),
    at BIGINT NOT NULL,
    account_id TEXT,
    kind TEXT NOT NULL,
    data TEXT NOT NULL DEFAULT '{}'
  );
  CREATE INDEX inquiry_events_inquiry ON inquiry_events (inquiry_id, seq);
  CREATE TABLE scheduled_jobs (
    job TEXT NOT NULL,
    period TEXT NOT NULL,
    claimed_at BIGINT NOT NULL,
    PRIMARY KEY (job, period)
  );
`

/** SQLite: the outbox rebuilt with its new checks; existing mails keep their seq and get their key and queue time. */
export const INBOX_SQLITE = `${COMMON}
  CREATE TABLE outbox_new (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    inquiry_id TEXT REFERENCES inquiries (id),
    kind TEXT NOT NULL CHECK (kind IN (${KINDS})),
    status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN (${MAIL_STATUSES})),
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL,
    last_error TEXT,
    sent_at TEXT,
    claim TEXT,
    payload TEXT,
    queued_at BIGINT NOT NULL,
    dedupe_key TEXT UNIQUE
  );
  INSERT INTO outbox_new (seq, inquiry_id, kind, status, attempts, next_attempt_at, last_error, sent_at, claim, queued_at, dedupe_key)
    SELECT o.seq, o.inquiry_id, o.kind, o.status, o.attempts, o.next_attempt_at, o.last_error, o.sent_at, o.claim,
      COALESCE((SELECT CAST(ROUND((julianday(i.received_at) - 2440587.5) * 86400000) AS INTEGER) FROM inquiries i WHERE i.id = o.inquiry_id), o.next_attempt_at),
      o.kind || ':' || o.inquiry_id
    FROM outbox o ORDER BY o.seq;
  DROP TABLE outbox;
  ALTER TABLE outbox_new RENAME TO outbox;
  CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
  CREATE INDEX outbox_inquiry ON outbox (inquiry_id, seq);
  CREATE VIRTUAL TABLE inquiry_search USING fts5 (tokens, content = '', contentless_delete = 1, tokenize = 'ascii', prefix = '4');
  INSERT INTO inquiry_search (inquiry_search, rank) VALUES ('secure-delete', 1);
`

/** PostgreSQL: the same, by ALTER (constraint names as PostgreSQL gave them in migration 1). */
export const INBOX_PG = `${COMMON.replace(/INTEGER PRIMARY KEY AUTOINCREMENT/g, 'BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY')}
  ALTER TABLE outbox ALTER COLUMN inquiry_id DROP NOT NULL;
  ALTER TABLE outbox DROP CONSTRAINT outbox_kind_check;
  ALTER TABLE outbox ADD CONSTRAINT outbox_kind_check CHECK (kind IN (${KINDS}));
  ALTER TABLE outbox DROP CONSTRAINT outbox_status_check;
  ALTER TABLE outbox ADD CONSTRAINT outbox_status_check CHECK (status IN (${MAIL_STATUSES}));
  ALTER TABLE outbox ADD COLUMN payload TEXT;
  ALTER TABLE outbox ADD COLUMN queued_at BIGINT;
  ALTER TABLE outbox ADD COLUMN dedupe_key TEXT;
  UPDATE outbox o SET dedupe_key = o.kind || ':' || o.inquiry_id,
    queued_at = COALESCE((SELECT (EXTRACT(EPOCH FROM i.received_at::timestamptz) * 1000)::bigint FROM inquiries i WHERE i.id = o.inquiry_id), o.next_attempt_at);
  ALTER TABLE outbox ALTER COLUMN queued_at SET NOT NULL;
  ALTER TABLE outbox ADD CONSTRAINT outbox_dedupe_key_key UNIQUE (dedupe_key);
  ALTER TABLE outbox DROP CONSTRAINT outbox_inquiry_id_kind_key;
  CREATE INDEX outbox_inquiry ON outbox (inquiry_id, seq);
  CREATE TABLE inquiry_search (
    inquiry_seq BIGINT PRIMARY KEY REFERENCES inquiries (seq),
    tokens tsvector NOT NULL,
    body TEXT NOT NULL
  );
  CREATE INDEX inquiry_search_tokens ON inquiry_search USING GIN (tokens);
  -- Its rows narrow (the tokens and the text out of line): a count of many matches reads few pages.
  ALTER TABLE inquiry_search SET (toast_tuple_target = 128);
  ALTER TABLE inquiry_search ALTER COLUMN body SET STORAGE EXTERNAL;
`

/** The inquiry inbox's schema change: triage, history, job claims, search, the widened outbox. */
export const INBOX_MIGRATIONS: Migration[] = [{ version: 5, name: 'inquiry inbox', sql: INBOX_SQLITE, pg: INBOX_PG, data: indexExistingSqlite, pgData: indexExistingPg }]
