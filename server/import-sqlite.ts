import Database from 'better-sqlite3'
import { existsSync } from 'node:fs'
import type pg from 'pg'
import { MIGRATIONS, schemaVersion, type Db } from './database'
import { openPgDatabase } from './db/open'
import { copyInbox, indexCopied, readInbox } from './inbox/import-inbox'
import type { Row } from './contact/types'

/** Every column of `inquiries` but seq (PostgreSQL numbers the rows itself, in the order copied). */
const INQUIRY_COLUMNS = [
  'id', 'token', 'received_at', 'locale', 'name', 'name_kana', 'company', 'email', 'reply_key', 'phone', 'inquiry_type', 'preferred_date', 'message', 'privacy_consent',
  'status', 'assignee_id', 'legal_hold', 'first_reply_at', 'closed_at', 'erased_at',
]
/** The columns of `outbox` copied: not seq, and not claim (a claim belongs to a worker of the SQLite site). */
const OUTBOX_COLUMNS = ['inquiry_id', 'kind', 'status', 'attempts', 'next_attempt_at', 'last_error', 'sent_at', 'payload', 'queued_at', 'dedupe_key']

const insertSql = (table: string, columns: string[], conflict: string) =>
  `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')}) ON CONFLICT (${conflict}) DO NOTHING RETURNING seq`

export interface ImportResult {
  /** Inquiries copied, and those skipped because PostgreSQL has their id already (an earlier run). */
  inquiries: number
  alreadyThere: number
  /** Mails (outbox rows) copied, and how many of them are pending: the PostgreSQL replicas send those. */
  mails: number
  pending: number
}

/**
 * DATA_DIR/inquiries.db opened read-only, for `import-sqlite --from FILE` (the site may still be
 * running on it). Throws, with a sentence for the operator, when the file is missing or is not an
 * inquiries database at this version's schema (older: start the site on it once, it migrates).
 */
export function openSqliteSource(file: string): Db {
  if (!existsSync(file)) throw new Error(`${file}: no such file`)
  const current = MIGRATIONS.at(-1)!.version
  let db: Db | undefined
  let version: number
  try {
    db = new Database(file, { readonly: true, fileMustExist: true })
    version = schemaVersion(db)
  } catch {
    db?.close()
    throw new Error(`${file} is not an inquiries database (DATA_DIR/inquiries.db)`)
  }
  if (version !== current) {
    db.close()
    throw new Error(`${file} has schema version ${version}, this site ${current}: ${version < current ? 'start this version of the site on it once (it migrates), then import' : 'import with the newer site that wrote it'}`)
  }
  return db
}

/**
 * Copies every inquiry and mail of a SQLite database into PostgreSQL (migrated first with
 * openPgDatabase, server/db/open.ts), for the move from one replica to several. Read in one SQLite read transaction (a
 * consistent snapshot, also while the site writes), written in ONE PostgreSQL transaction: an
 * interrupted run copies nothing. Inquiries go in seq order, so PostgreSQL lists them in the same
 * order; rows already there (same inquiry id, same inquiry and mail kind) are left as they are, so
 * a second run copies nothing. An inquiry copied brings its inbox along (status, assignee, hold, erasure, history,
 * replies: server/inbox/import-inbox.ts) and gets PostgreSQL's search entry. Mail states are copied as they are, without claims: mails still
 * pending in SQLite are pending in PostgreSQL, and the replicas send them (stop the SQLite site
 * first, or it sends them too).
 */
export async function importSqlite(source: Db, target: string | pg.Pool): Promise<ImportResult> {
  const read = source.transaction(() => ({
    inquiries: source.prepare(`SELECT ${INQUIRY_COLUMNS.join(', ')} FROM inquiries ORDER BY seq`).all() as Row[],
    outbox: source.prepare(`SELECT seq, ${OUTBOX_COLUMNS.join(', ')} FROM outbox ORDER BY seq`).all() as Row[],
    inbox: readInbox(source),
  }))
  const { inquiries, outbox, inbox } = read()

  // A URL: the database migrated, and its pool of one connection closed at the end; a pool is the caller's.
  const opened = typeof target === 'string' ? await openPgDatabase(target, MIGRATIONS, { poolSize: 1 }) : { handle: target, close: async () => undefined }
  const client = await opened.handle.connect()
  const result: ImportResult = { inquiries: 0, alreadyThere: 0, mails: 0, pending: 0 }
  try {
    await client.query('BEGIN')
    // One prepared statement per table (named), one row at a time: a few thousand inquiries take seconds.
    const inquiry = { name: 'import-inquiry', text: insertSql('inquiries', INQUIRY_COLUMNS, 'id') }
    // Inquiries copied in this run: their mails and history come along (those of one already there came with it).
    const copied = new Set<string>()
    for (const row of inquiries) {
      const { rowCount, rows } = await client.query({ ...inquiry, values: INQUIRY_COLUMNS.map((c) => row[c]) })
      if (rowCount !== 1) {
        result.alreadyThere++
        continue
      }
      result.inquiries++
      copied.add(row.id)
      await indexCopied(client, rows[0].seq, row)
    }
    const mail = { name: 'import-mail', text: insertSql('outbox', OUTBOX_COLUMNS, 'dedupe_key') }
    const mailSeq = new Map<number, number>()
    for (const row of outbox) {
      // A digest (no inquiry) once per account and day, by its key.
      if (row.inquiry_id !== null && !copied.has(row.inquiry_id)) continue
      const { rowCount, rows } = await client.query({ ...mail, values: OUTBOX_COLUMNS.map((c) => row[c]) })
      if (rowCount !== 1) continue
      mailSeq.set(Number(row.seq), Number(rows[0].seq))
      result.mails++
      if (row.status === 'pending') result.pending++
    }
    await copyInbox(client, inbox, copied, mailSeq)
    await client.query('COMMIT')
    return result
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw err
  } finally {
    client.release()
    await opened.close()
  }
}
