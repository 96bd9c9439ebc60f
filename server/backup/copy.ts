/**
 * THE copy of the site's tables into a database: used by the restore (from a backup's dump, into an empty
 * database) and by `import-sqlite` (from a SQLite file, into PostgreSQL, again and again). Runs inside
 * the caller's one transaction. Every row keeps its values, the numbered columns too (PostgreSQL:
 * OVERRIDING SYSTEM VALUE), so what points to a row by its number (a note's mail, a revision restored
 * from another) still does; each numbering then continues after the highest number given out before
 * (PostgreSQL: setval; SQLite: sqlite_sequence). The search index is rebuilt from the inquiries copied.
 */
import type { Conn, Row, TableData, Value } from './conn'

export type { TableData } from './conn'
import { rebuildDerived } from './derived'
import { siteTables, type TableInfo } from './tables'

export interface CopyResult {
  /** Rows added, by table. */
  copied: Record<string, number>
  /** Rows left alone because a row with the same primary key was there (merge only), by table. */
  skipped: Record<string, number>
  /** The rows added to `inquiries` and `outbox`, as objects (for the import's report). */
  added: { inquiries: Row[]; outbox: Row[] }
}

/** A row in the target that has the key of a row copied but is another row: the target holds data of its own. */
export class NotACopy extends Error {}

/** Refuses a dump whose tables or columns this release's schema does not have (nothing is written). */
function matchSchema(data: TableData[], target: Map<string, TableInfo>): void {
  for (const d of data) {
    const t = target.get(d.name)
    if (!t) throw new Error(`the database has no table ${d.name}: the backup is not of this site's schema`)
    const unknown = d.columns.filter((c) => !t.columns.includes(c))
    if (unknown.length) throw new Error(`table ${d.name} has no column ${unknown.join(', ')}: the backup is not of this site's schema`)
  }
}

const text = (v: unknown) => (v === null || v === undefined ? null : String(v))

/** PostgreSQL: the columns of the table's unique keys other than its primary key (full-column, unconditional ones). */
async function uniqueColumns(conn: Conn, table: string): Promise<string[]> {
  const rows = await conn.all(
    `SELECT DISTINCT a.attname AS name FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
     WHERE i.indrelid = ?::regclass AND i.indisunique AND NOT i.indisprimary AND i.indpred IS NULL AND i.indexprs IS NULL`,
    [table],
  )
  return rows.map((r) => r.name as string)
}

/**
 * Merge: a row skipped for its primary key must be the same row there (its unique columns equal): an
 * inquiry numbered like one of the source's but with another id means the target took data of its own.
 */
async function checkSkipped(conn: Conn, t: TableInfo, d: TableData, skipped: Value[][]): Promise<void> {
  const unique = (await uniqueColumns(conn, t.name)).filter((c) => d.columns.includes(c))
  if (skipped.length === 0 || unique.length === 0) return
  const there = new Map((await conn.all(`SELECT ${[...t.key, ...unique].join(', ')} FROM ${t.name}`)).map((r) => [JSON.stringify(t.key.map((k) => text(r[k]))), r]))
  for (const values of skipped) {
    const key = JSON.stringify(t.key.map((k) => text(values[d.columns.indexOf(k)])))
    const row = there.get(key)!
    const differs = unique.find((c) => text(row[c]) !== text(values[d.columns.indexOf(c)]))
    if (differs) {
      const named = t.key.map((k) => `${k} ${text(values[d.columns.indexOf(k)])}`).join(', ')
      throw new NotACopy(`${t.name} ${named} is another row there (${differs} differs): the database holds data of its own, not an earlier copy of this one. Nothing was copied.`)
    }
  }
}

/** Inserts the rows; returns those inserted and those skipped for their key (merge). */
async function insertRows(conn: Conn, t: TableInfo, d: TableData, merge: boolean): Promise<{ added: Value[][]; skipped: Value[][] }> {
  const cols = d.columns
  const conflict = merge && t.key.length ? ` ON CONFLICT (${t.key.join(', ')}) DO NOTHING` : ''
  const added: Value[][] = []
  const skipped: Value[][] = []
  if (conn.engine === 'sqlite') {
    const sql = `INSERT INTO ${t.name} (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})${conflict}`
    for (const row of d.rows) ((await conn.run(sql, row)) === 1 ? added : skipped).push(row)
    return { added, skipped }
  }
  // PostgreSQL: a few hundred rows per statement (at most 65535 parameters); the numbered column given.
  const override = t.identity && cols.includes(t.identity) ? ' OVERRIDING SYSTEM VALUE' : ''
  const per = Math.max(1, Math.min(500, Math.floor(60_000 / cols.length)))
  const keyAt = t.key.map((k) => cols.indexOf(k))
  for (let i = 0; i < d.rows.length; i += per) {
    const batch = d.rows.slice(i, i + per)
    const values = batch.map(() => `(${cols.map(() => '?').join(', ')})`).join(', ')
    const returning = conflict ? ` RETURNING ${t.key.join(', ')}` : ''
    const back = await conn.all(`INSERT INTO ${t.name} (${cols.join(', ')})${override} VALUES ${values}${conflict}${returning}`, batch.flat())
    if (!conflict) {
      added.push(...batch)
      continue
    }
    const inserted = new Set(back.map((r) => JSON.stringify(t.key.map((k) => text(r[k])))))
    for (const row of batch) (inserted.has(JSON.stringify(keyAt.map((k) => text(row[k])))) ? added : skipped).push(row)
  }
  return { added, skipped }
}

/** Each numbering continues after the highest number given out: the source's last, or any row's there. */
async function continueNumbering(conn: Conn, t: TableInfo, lastId: number): Promise<void> {
  if (!t.identity) return
  const [max] = await conn.all(`SELECT COALESCE(MAX(${t.identity}), 0) AS n FROM ${t.name}`)
  const at = Math.max(lastId, Number(max!.n))
  if (at === 0) return
  if (conn.engine === 'sqlite') {
    if ((await conn.run('UPDATE sqlite_sequence SET seq = MAX(seq, ?) WHERE name = ?', [at, t.name])) === 0) await conn.run('INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)', [t.name, at])
    return
  }
  const [seq] = await conn.all('SELECT pg_get_serial_sequence(?, ?) AS name', [t.name, t.identity])
  const [now] = await conn.all(`SELECT last_value, is_called FROM ${seq!.name}`)
  if (!now!.is_called || Number(now!.last_value) < at) await conn.all('SELECT setval(?, ?, true)', [seq!.name, at])
}

/**
 * Copies `data` into the database `conn` is a transaction on. Without `merge` the database must hold none
 * of these rows (a restore checks it is empty first); with `merge`, a row whose primary key is there
 * already is left as it is (a second import copies what is new) but must be the same row (NotACopy).
 */
export async function copyTables(conn: Conn, data: TableData[], { merge = false } = {}): Promise<CopyResult> {
  const tables = await siteTables(conn)
  const target = new Map(tables.map((t) => [t.name, t]))
  matchSchema(data, target)
  const byName = new Map(data.map((d) => [d.name, d]))
  const result: CopyResult = { copied: {}, skipped: {}, added: { inquiries: [], outbox: [] } }
  for (const t of tables) {
    const d = byName.get(t.name)
    if (!d) continue
    const { added, skipped } = await insertRows(conn, t, d, merge)
    if (merge) await checkSkipped(conn, t, d, skipped)
    result.copied[t.name] = added.length
    result.skipped[t.name] = skipped.length
    if (t.name === 'inquiries' || t.name === 'outbox') result.added[t.name] = added.map((row) => Object.fromEntries(d.columns.map((c, i) => [c, row[i]])))
    await continueNumbering(conn, t, d.lastId)
  }
  await rebuildDerived(conn, merge ? result.added.inquiries : 'all')
  return result
}
