import type { Migration } from '../db/migration'

/** The contact form's schema changes: the inquiries and the mail outbox, the auto-reply cap's key, outbox claims. */
export const CONTACT_MIGRATIONS: Migration[] = [] = [
  {
    version: 1,
    name: 'inquiries and mail outbox',
    sql: `
      CREATE TABLE inquiries (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        token TEXT UNIQUE,
        received_at TEXT NOT NULL,
        locale TEXT NOT NULL CHECK (locale IN ('ja', 'en')),
        name TEXT NOT NULL,
        name_kana TEXT,
        company TEXT,
        email TEXT NOT NULL,
        phone TEXT,
        inquiry_type TEXT NOT NULL,
        preferred_date TEXT,
        message TEXT NOT NULL,
        privacy_consent INTEGER NOT NULL
      );
      CREATE INDEX inquiries_received ON inquiries (received_at);
      CREATE TABLE outbox (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        inquiry_id TEXT NOT NULL REFERENCES inquiries (id),
        kind TEXT NOT NULL CHECK (kind IN ('staff', 'auto-reply')),
        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL,
        last_error TEXT,
        sent_at TEXT,
        UNIQUE (inquiry_id, kind)
      );
      CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
    `,
  },
  {
    version: 2,
    name: 'auto-reply recipient key',
    // The auto-reply cap counts per recipient (store.ts, replyKey). Older rows get the address in
    // lower case (without the +tag folding): the cap looks back one day only.
    sql: `
      ALTER TABLE inquiries ADD COLUMN reply_key TEXT;
      UPDATE inquiries SET reply_key = lower(email);
      CREATE INDEX inquiries_reply_key ON inquiries (reply_key, received_at);
    `,
  },
  {
    version: 3,
    name: 'outbox claims',
    // A worker claims a mail by writing its own token and moving next_attempt_at to the lease's end
    // (store.ts, claimMail): a claim left by a dead worker expires by itself.
    sql: `ALTER TABLE outbox ADD COLUMN claim TEXT;`,
  },
]
