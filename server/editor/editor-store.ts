/**
 * The EditorStore (types.ts) over a runner (server/db/sql.ts: generators of SQL statements with `?`
 * placeholders, the same text for SQLite and PostgreSQL), driven synchronously in one IMMEDIATE
 * transaction on SQLite, in one transaction on one pooled connection on PostgreSQL. The only difference
 * is how `commit` takes the content lock (editorDialectOf): SQLite's IMMEDIATE transaction is the lock
 * already (one writer per database file), PostgreSQL takes a transaction-level advisory lock first, held
 * until COMMIT or ROLLBACK, so one commit at a time on every replica.
 */
import { audit as appendAudit } from '../db/audit'
import type { ItemKey } from '../../shared/admin/editor-model/items'
import type { Locale } from '../../shared/i18n/locales'
import { all, get, run, type Row, type Runner, type Statement, type Work } from '../db/sql'
import type { EditorCommit, EditorStore, Presence, Revision, TranslationMark } from './types'

export interface EditorDialect {
  /** The statement that takes the content lock inside the commit's transaction, or null when the transaction holds it. */
  lock: Statement | null
}

/**
 * A revision's columns, and its number among its item's own (`item_number`: 1, 2, 3… per item key, counted
 * on the (item_key, seq) index; seq counts across every item).
 */
const REVISION_COLUMNS = `seq, item_key, at, account_id, action, item, hash, restored_from,
  (SELECT COUNT(*) FROM content_revisions earlier WHERE earlier.item_key = content_revisions.item_key AND earlier.seq <= content_revisions.seq) AS item_number`

/** Numbers as numbers (PostgreSQL hands BIGINT over as text). */
const num = (v: unknown): number => Number(v)

export function toRevision(row: Row): Revision {
  return {
    seq: num(row.seq),
    number: num(row.item_number),
    key: row.item_key as ItemKey,
    at: num(row.at),
    accountId: row.account_id ?? null,
    action: row.action,
    item: row.item === null || row.item === undefined ? null : JSON.parse(row.item),
    hash: row.hash,
    restoredFrom: row.restored_from === null || row.restored_from === undefined ? null : num(row.restored_from),
  }
}

const toMark = (row: Row): TranslationMark => ({ key: row.item_key, locale: row.locale as Locale, field: row.field, sourceHash: row.source_hash, at: num(row.at) })
const toPresence = (row: Row): Presence => ({ key: row.item_key, accountId: row.account_id, seenAt: num(row.seen_at) })

/** `apply` must be synchronous: the lock covers nothing that runs after it returns. */
function runApply(apply: () => void): void {
  const result = apply() as unknown
  if (result !== null && typeof result === 'object' && typeof (result as PromiseLike<unknown>).then === 'function') {
    ;(result as Promise<unknown>).then(undefined, () => undefined)
    throw new TypeError('EditorStore.commit: apply must be synchronous (it returned a promise); nothing was recorded')
  }
}

function* commit(d: EditorDialect, { revision: r, marks, audit }: EditorCommit, apply: () => void): Work<number> {
  if (d.lock) yield d.lock
  runApply(apply)
  const row: Row = yield get(
    `INSERT INTO content_revisions (item_key, at, account_id, action, item, hash, restored_from) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING seq`,
    r.key,
    r.at,
    r.accountId,
    r.action,
    r.item === null ? null : JSON.stringify(r.item),
    r.hash,
    r.restoredFrom ?? null,
  )
  // A deleted item has no translations left to be out of date.
  if (r.item === null) yield run('DELETE FROM content_translation_marks WHERE item_key = ?', r.key)
  for (const m of marks) {
    yield run(
      `INSERT INTO content_translation_marks (item_key, locale, field, source_hash, at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (item_key, locale, field) DO UPDATE SET source_hash = excluded.source_hash, at = excluded.at`,
      m.key,
      m.locale,
      m.field,
      m.sourceHash,
      m.at,
    )
  }
  yield* appendAudit(audit)
  return num(row.seq)
}

function* revisions(key: ItemKey, limit: number): Work<Revision[]> {
  const rows: Row[] = yield all(`SELECT ${REVISION_COLUMNS} FROM content_revisions WHERE item_key = ? ORDER BY seq DESC LIMIT ?`, key, limit)
  return rows.map(toRevision)
}

function* revision(seq: number): Work<Revision | null> {
  const row: Row | undefined = yield get(`SELECT ${REVISION_COLUMNS} FROM content_revisions WHERE seq = ?`, seq)
  return row ? toRevision(row) : null
}

function* latestRevisions(): Work<Map<ItemKey, Revision>> {
  const rows: Row[] = yield all(
    `SELECT ${REVISION_COLUMNS} FROM content_revisions WHERE seq IN (SELECT MAX(seq) FROM content_revisions GROUP BY item_key) ORDER BY seq DESC`,
  )
  return new Map(rows.map((row) => [row.item_key as ItemKey, toRevision(row)]))
}

function* marksOf(key: ItemKey): Work<TranslationMark[]> {
  const rows: Row[] = yield all('SELECT item_key, locale, field, source_hash, at FROM content_translation_marks WHERE item_key = ? ORDER BY locale, field', key)
  return rows.map(toMark)
}

function* touchPresence(key: ItemKey, accountId: string, at: number): Work<void> {
  yield run(
    'INSERT INTO content_presence (item_key, account_id, seen_at) VALUES (?, ?, ?) ON CONFLICT (item_key, account_id) DO UPDATE SET seen_at = excluded.seen_at',
    key,
    accountId,
    at,
  )
}

function* presence(key: ItemKey, since: number, exceptAccountId: string): Work<Presence[]> {
  const rows: Row[] = yield all(
    'SELECT item_key, account_id, seen_at FROM content_presence WHERE item_key = ? AND seen_at >= ? AND account_id <> ? ORDER BY seen_at DESC, account_id',
    key,
    since,
    exceptAccountId,
  )
  return rows.map(toPresence)
}

export function createEditorStore(runner: Runner, d: EditorDialect): EditorStore {
  const { read, write } = runner
  return {
    commit: (change, apply) => write(commit(d, change, apply)),
    revisions: (key, limit = 100) => read(revisions(key, limit)),
    revision: (seq) => read(revision(seq)),
    latestRevisions: () => read(latestRevisions()),
    marks: (key) => read(marksOf(key)),
    touchPresence: (key, accountId, at) => write(touchPresence(key, accountId, at)),
    presence: (key, since, exceptAccountId) => read(presence(key, since, exceptAccountId)),
  }
}
