/**
 * The site's tables as the database itself describes them (SQLite's pragma_table_list and friends,
 * PostgreSQL's catalogue), for the backup, the restore and `import-sqlite`: a table a future migration
 * adds is copied without anyone remembering to list it. Left out: schema_migrations (the restore makes
 * the schema with the migrations themselves), SQLite's own tables, virtual tables (FTS5) and their shadow
 * tables, and the derived tables (derived.ts), which are rebuilt from the rows copied.
 */
import { DERIVED_TABLES } from './derived'
import type { Conn, TableData, Value } from './conn'

export interface TableInfo {
  name: string
  columns: string[]
  /** The primary key's columns, in key order. */
  key: string[]
  /** The column numbered by the database (AUTOINCREMENT, GENERATED … AS IDENTITY), if any. */
  identity: string | null
  /** The tables its foreign keys point to. */
  references: string[]
  /** PostgreSQL: the integer columns (the driver hands BIGINT over as text; the dump holds numbers). */
  integers: string[]
}

const LEFT_OUT = new Set(['schema_migrations', ...DERIVED_TABLES])

async function sqliteTable(conn: Conn, name: string): Promise<TableInfo> {
  const cols = await conn.all('SELECT name, type, pk FROM pragma_table_info(?) ORDER BY cid', [name])
  const key = cols.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk).map((c) => c.name as string)
  const [sql] = await conn.all("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", [name])
  const identity = key.length === 1 && /AUTOINCREMENT/i.test(sql?.sql ?? '') ? key[0]! : null
  const references = (await conn.all('SELECT "table" AS ref FROM pragma_foreign_key_list(?)', [name])).map((r) => r.ref as string)
  return { name, columns: cols.map((c) => c.name), key, identity, references, integers: [] }
}

async function pgTable(conn: Conn, name: string): Promise<TableInfo> {
  const cols = await conn.all(
    'SELECT column_name, data_type, is_identity FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position',
    [name],
  )
  const key = await conn.all(
    `SELECT a.attname AS name FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
     WHERE i.indrelid = ?::regclass AND i.indisprimary ORDER BY array_position(i.indkey::int2[], a.attnum)`,
    [name],
  )
  const refs = await conn.all("SELECT confrelid::regclass::text AS ref FROM pg_constraint WHERE conrelid = ?::regclass AND contype = 'f'", [name])
  return {
    name,
    columns: cols.map((c) => c.column_name),
    key: key.map((k) => k.name),
    identity: cols.find((c) => c.is_identity === 'YES')?.column_name ?? null,
    references: refs.map((r) => r.ref),
    integers: cols.filter((c) => ['bigint', 'integer', 'smallint'].includes(c.data_type)).map((c) => c.column_name),
  }
}

/** Tables before the tables that point to them (a foreign key is checked at each insert). */
function inKeyOrder(tables: TableInfo[]): TableInfo[] {
  const byName = new Map(tables.map((t) => [t.name, t]))
  const done = new Set<string>()
  const out: TableInfo[] = []
  const visit = (t: TableInfo, path: string[]) => {
    if (done.has(t.name)) return
    if (path.includes(t.name)) throw new Error(`foreign keys in a circle: ${[...path, t.name].join(' -> ')}`)
    for (const ref of t.references) if (ref !== t.name && byName.has(ref)) visit(byName.get(ref)!, [...path, t.name])
    done.add(t.name)
    out.push(t)
  }
  for (const t of [...tables].sort((a, b) => a.name.localeCompare(b.name))) visit(t, [])
  return out
}

/** Every table of the site's data, in foreign-key order. */
export async function siteTables(conn: Conn): Promise<TableInfo[]> {
  const names =
    conn.engine === 'sqlite'
      ? await conn.all("SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite_%'")
      : await conn.all("SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'")
  const wanted = names.map((r) => r.name as string).filter((n) => !LEFT_OUT.has(n))
  const read = conn.engine === 'sqlite' ? sqliteTable : pgTable
  // One after the other: a connection runs one query at a time.
  const tables: TableInfo[] = []
  for (const name of wanted) tables.push(await read(conn, name))
  return inKeyOrder(tables)
}

/** Each value as the dump holds it: text, a number, or null (anything else has no engine-neutral form). */
function neutral(table: TableInfo, column: string, v: unknown): Value {
  if (v === null || typeof v === 'number' || (typeof v === 'string' && !table.integers.includes(column))) return v as Value
  if (typeof v === 'string' || typeof v === 'bigint') return Number(v)
  throw new Error(`${table.name}.${column}: a value of type ${typeof v} has no place in the backup's format (text, numbers, null)`)
}

/** The table's rows in primary-key order, each as an array of values in `table.columns` order. */
export async function readRows(conn: Conn, table: TableInfo): Promise<Value[][]> {
  const order = table.key.length ? ` ORDER BY ${table.key.join(', ')}` : ''
  const rows = await conn.all(`SELECT ${table.columns.join(', ')} FROM ${table.name}${order}`)
  return rows.map((r) => table.columns.map((c) => neutral(table, c, r[c])))
}

/** The last number the database gave out for the table's identity column (0: none yet), deleted rows' included. */
export async function lastIdentity(conn: Conn, table: TableInfo): Promise<number> {
  if (!table.identity) return 0
  if (conn.engine === 'sqlite') {
    const [row] = await conn.all('SELECT seq FROM sqlite_sequence WHERE name = ?', [table.name])
    return Number(row?.seq ?? 0)
  }
  const [seq] = await conn.all('SELECT pg_get_serial_sequence(?, ?) AS name', [table.name, table.identity])
  const [state] = await conn.all(`SELECT last_value, is_called FROM ${seq!.name}`)
  return state!.is_called ? Number(state!.last_value) : 0
}

/** How many rows every site table holds, by name. */
export async function rowCounts(conn: Conn, tables: TableInfo[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  for (const t of tables) counts[t.name] = Number((await conn.all(`SELECT COUNT(*) AS n FROM ${t.name}`))[0]!.n)
  return counts
}

/** Every site table's rows and numbering, read on `conn` (the caller's one read transaction). */
export async function readTables(conn: Conn): Promise<TableData[]> {
  const out: TableData[] = []
  for (const t of await siteTables(conn)) out.push({ name: t.name, columns: t.columns, rows: await readRows(conn, t), lastId: await lastIdentity(conn, t) })
  return out
}
