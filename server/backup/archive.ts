/**
 * The backup file: a gzipped tar (the `tar` package: ustar/pax, long names, and an extraction that never
 * writes outside its folder) holding
 *   manifest.json            what it is (format, app version, schema version, engine, time, counts)
 *   database/<table>.ndjson  each table's rows, one JSON array per line, columns as the manifest lists
 *   content/…                the content folder's files
 * The rows are engine-neutral (text, numbers, null): a SQLite site's backup restores into PostgreSQL.
 */
import { createReadStream, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { createInterface } from 'node:readline'
import { join } from 'node:path'
import * as tar from 'tar'
import type { TableData, Value } from './conn'

export const FORMAT = 1

export interface Counts {
  inquiries: number
  staffAccounts: number
  revisions: number
  contentFiles: number
  contentBytes: number
}

export interface Manifest {
  format: number
  app: { name: string; version: string }
  schemaVersion: number
  engine: 'sqlite' | 'postgres'
  createdAt: string
  tables: { name: string; columns: string[]; rows: number; lastId: number }[]
  counts: Counts
}

/** A backup file that cannot be read as one: the operator's message, exit status 1. */
export class BadBackup extends Error {}

/** The counts in words, for the commands' last line. */
export function countsText(c: Counts): string {
  return `${c.inquiries} inquiries, ${c.staffAccounts} staff accounts, ${c.revisions} content revisions, ${c.contentFiles} content files (${c.contentBytes} bytes)`
}

/** The content folder's files under `dir` (relative paths) and their bytes. */
export function filesUnder(dir: string): { files: string[]; bytes: number } {
  const files: string[] = []
  let bytes = 0
  const walk = (rel: string) => {
    for (const e of readdirSync(join(dir, rel), { withFileTypes: true })) {
      const path = rel ? `${rel}/${e.name}` : e.name
      if (e.isDirectory()) walk(path)
      else {
        files.push(path)
        bytes += statSync(join(dir, path)).size
      }
    }
  }
  walk('')
  return { files, bytes }
}

/** The dump and the manifest into `staging` (beside the copied content/). */
export function writeDump(staging: string, manifest: Manifest, data: TableData[]): void {
  mkdirSync(join(staging, 'database'), { mode: 0o700 })
  for (const d of data) writeFileSync(join(staging, 'database', `${d.name}.ndjson`), d.rows.map((r) => JSON.stringify(r) + '\n').join(''), { mode: 0o600 })
  writeFileSync(join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n', { mode: 0o600 })
}

/** `staging`'s manifest, dump and content packed into `file` (which exists, 0600: tar writes into it). */
export async function pack(staging: string, file: string): Promise<void> {
  await tar.c({ gzip: true, file, cwd: staging, portable: true }, ['manifest.json', 'database', 'content'])
}

/** Unpacks `file` into the empty folder `into`; a file that is not a whole gzipped tar is a BadBackup. */
export async function unpack(file: string, into: string): Promise<void> {
  try {
    statSync(file)
  } catch {
    throw new BadBackup(`${file}: no such file`)
  }
  try {
    await tar.x({ file, cwd: into, strict: true, gzip: true })
  } catch (err) {
    throw new BadBackup(`${file} is not a whole backup file (a gzipped tar): ${(err as Error).message}`)
  }
}

/** The manifest of an unpacked backup, checked: this format, this app. */
export function readManifest(dir: string, file: string, appName: string): Manifest {
  let m: Manifest
  try {
    m = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'))
  } catch {
    throw new BadBackup(`${file} holds no readable manifest.json: it is not a backup made by \`backup create\``)
  }
  if (m.format !== FORMAT) throw new BadBackup(`${file} is in backup format ${m.format}; this release reads format ${FORMAT}`)
  if (m.app?.name !== appName) throw new BadBackup(`${file} is a backup of ${m.app?.name}, not of ${appName}`)
  if (!Array.isArray(m.tables) || typeof m.schemaVersion !== 'number') throw new BadBackup(`${file}: its manifest.json lists no tables or schema version`)
  return m
}

/** Every table's rows read back, each checked against the manifest (count, width): a cut file is refused whole. */
export async function readDump(dir: string, m: Manifest, file: string): Promise<TableData[]> {
  const out: TableData[] = []
  for (const t of m.tables) {
    const rows: Value[][] = []
    const path = join(dir, 'database', `${t.name}.ndjson`)
    try {
      for await (const line of createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity })) {
        if (line === '') continue
        const row = JSON.parse(line)
        if (!Array.isArray(row) || row.length !== t.columns.length) throw new Error(`a row of ${row?.length} values for ${t.columns.length} columns`)
        rows.push(row)
      }
    } catch (err) {
      throw new BadBackup(`${file}: database/${t.name}.ndjson is unreadable: ${(err as Error).message}`)
    }
    if (rows.length !== t.rows) throw new BadBackup(`${file}: database/${t.name}.ndjson holds ${rows.length} rows, its manifest says ${t.rows}`)
    out.push({ name: t.name, columns: t.columns, rows, lastId: t.lastId })
  }
  return out
}
