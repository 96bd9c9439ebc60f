import type { Locale } from '../../shared/i18n/locales'
import type { EditableItem, ItemKey } from '../../shared/admin/editor-model/items'
import type { AuditEntry } from '../staff/types'

/**
 * THE contract of the content editor's server side. The content folder stays the source
 * of truth: the files module (server/editor/files*.ts) reads and writes items there; the store
 * (server/editor/*-store.ts, in the inquiry database, migration 6) keeps what files cannot: every
 * revision, the translation marks, who is editing what. docs/decisions/0015 says how a save reaches
 * every replica.
 */

export type RevisionAction = 'create' | 'save' | 'publish' | 'unpublish' | 'schedule' | 'restore' | 'delete' | 'import'

/** One saved state of an item: who, when, what, and the whole item (both languages). */
export interface Revision {
  /** The commit order across every item (what forms and links name). */
  seq: number
  /** Its number among its item's revisions, 1 for the first (what the staff read). */
  number: number
  key: ItemKey
  at: number
  /** Null: the command line (import) or a job. */
  accountId: string | null
  action: RevisionAction
  /** The whole item as saved; null when the action deleted it. */
  item: EditableItem | null
  /** The hash of the item's files after this revision (files.ts itemHash): a save based on another hash is a conflict. */
  hash: string
  /** The revision a restore brought back. */
  restoredFrom?: number | null
}

/**
 * A translation's source at the time it was saved: the hash (sha256 hex, first 16) of the Japanese
 * text of `field` ('title', 'body', 'coverAlt', 'gallery.2.alt', 'services.0.title'…) when the other
 * language's value was last saved. While the Japanese text hashes otherwise, that value is out of date.
 */
export interface TranslationMark {
  key: ItemKey
  locale: Locale
  field: string
  sourceHash: string
  at: number
}

/** Someone with an item's editor open (the page's heartbeat). */
export interface Presence {
  key: ItemKey
  accountId: string
  seenAt: number
}

export interface EditorCommit {
  revision: Omit<Revision, 'seq' | 'number'>
  /** Marks to set (replacing those of the same key, locale and field). */
  marks: TranslationMark[]
  audit: AuditEntry
}

/**
 * The editor's tables. Every write is one transaction; `commit` is THE way an item changes:
 * one transaction that holds the content lock (one saver at a time across every replica:
 * BEGIN IMMEDIATE in SQLite, pg_advisory_xact_lock in PostgreSQL), runs `apply` (synchronous: checks
 * the item's hash against its files, writes them; throws to refuse, and then nothing is recorded),
 * and records the revision, the marks and the audit entry. Returns the revision's seq.
 */
export interface EditorStore {
  commit(change: EditorCommit, apply: () => void): Promise<number>
  /** An item's revisions, newest first, at most `limit` (default 100). */
  revisions(key: ItemKey, limit?: number): Promise<Revision[]>
  revision(seq: number): Promise<Revision | null>
  /** The latest revision of every item that has one (the list page's "last changed by"). */
  latestRevisions(): Promise<Map<ItemKey, Revision>>
  marks(key: ItemKey): Promise<TranslationMark[]>
  touchPresence(key: ItemKey, accountId: string, at: number): Promise<void>
  /** Who else had the item open at or after `since`, most recent first. */
  presence(key: ItemKey, since: number, exceptAccountId: string): Promise<Presence[]>
}

/** What the files module answers when a save is refused. */
export class ContentConflict extends Error {
  /** The item as it is on disk now (null: deleted meanwhile), and its hash. */
  constructor(readonly current: EditableItem | null, readonly hash: string) {
    super('the item changed since it was opened')
  }
}
export class ContentRefused extends Error {
  /** The problems the whole tree would have, one line each ('news/x.ja.md: date: must be …'). */
  constructor(readonly problems: string[]) {
    super(`content refused:\n${problems.join('\n')}`)
  }
}
