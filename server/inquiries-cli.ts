import { loadConfig } from './config'
import { loadDotEnv } from './env-file'
import { pidFilePath, processState, readPidFile } from './pid-file'
import { backupDatabase, heldBy, heldText } from './db/backup'
import { DB_FILE, type Db } from './db/sqlite'
import { openSiteDatabase } from './db/open'
import { dialectOf } from './inbox/dialects'
import { MIGRATIONS } from './migrations'
import { siteOutboxStore } from './mail-kinds'
import { sinceInstant, toCsv, toJson, toListing } from './contact/export'
import { importSqlite, openSqliteSource } from './import-sqlite'
import { createInquiryStore } from './contact/inquiry-store'
import { writeFileAtomic } from './private-files'
import { resolve } from 'node:path'
import { option, usageFailure } from './cli-args'

const USAGE = `usage:
  npm run inquiries -- list [--limit N]                 latest inquiries with their mail status (times in Japan time, JST)
  npm run inquiries -- export --format csv|json [--since DATE] [--out FILE]
                                                        all inquiries (since DATE: YYYY-MM-DD, Tokyo, or an ISO time)
  npm run inquiries -- backup --out FILE [--allow-empty]
                                                        a consistent copy of the SQLite database alone (the site's
                                                        backup is \`npm run backup -- create\`: database and content);
                                                        an empty database is refused unless --allow-empty
  npm run inquiries -- retry                            queue mail that failed for good once more
  npm run inquiries -- import-sqlite --from FILE        with DATABASE_URL: copy a SQLite inquiries.db (every table: inquiries,
                                                        mails, inbox, staff accounts, revisions, audit log) into PostgreSQL,
                                                        in one transaction; runs again safely (copies what is missing). Its
                                                        pending mails are sent by the PostgreSQL replicas: stop the SQLite site first.
Files: --out FILE writes the file whole (temporary file, then rename), readable by you only (0600).
Printed output: npm prints a banner before it; redirect only with \`npm run --silent inquiries -- ...\`.
In the container: docker compose exec -T site node dist/server/inquiries.js <command>
(no npm banner there). Settings as the server reads them: the environment, then .env; a DATA_DIR without the
server's database is refused (none is created).
With DATABASE_URL (PostgreSQL) every command but backup works the same; back up with \`npm run backup -- create\`.
`

function fail(message: string): never {
  return usageFailure(USAGE, message)
}

/**
 * True when npm has written its banner ('> corporate-site@0.1.0 inquiries ...') into the same
 * redirected output: the file would not start with the CSV's BOM, nor be valid JSON.
 */
function npmBannerInOutput(): boolean {
  return process.env.npm_lifecycle_event === 'inquiries' && process.env.npm_config_loglevel !== 'silent' && !process.stdout.isTTY
}

/** An export to --out FILE (atomic, 0600), else to stdout unless npm's banner would spoil it. */
function emit(text: string, out: string | undefined): void {
  if (out) return writeFileAtomic(out, text)
  if (npmBannerInOutput()) fail('npm printed its banner into this output: use --out FILE, or `npm run --silent inquiries -- ...`')
  process.stdout.write(text)
}

/** `import-sqlite --from FILE`: the inquiries of one SQLite replica into PostgreSQL (import-sqlite.ts). */
async function importCommand(from: string | undefined, databaseUrl: string): Promise<void> {
  if (!from) fail('import-sqlite: --from FILE (the inquiries.db to copy) is required')
  if (!databaseUrl) fail('import-sqlite: set DATABASE_URL to the PostgreSQL database to copy into')
  let source: ReturnType<typeof openSqliteSource>
  try {
    source = openSqliteSource(from)
  } catch (err) {
    fail(`import-sqlite: ${(err as Error).message}`)
  }
  try {
    const r = await importSqlite(source, databaseUrl)
    process.stdout.write(
      `${r.inquiries} inquiries and ${r.mails} mails copied (${r.alreadyThere} already there); ${r.pending} of the mails are pending: the PostgreSQL replicas send them\n` +
        `also copied: ${Object.entries(r.others).map(([table, n]) => `${table} ${n}`).join(', ') || 'nothing else new'}\n`,
    )
  } finally {
    source.close()
  }
}

/**
 * Which server uses the database at `dataDir`, from its pid file (DATA_DIR/server-<PORT>.pid), for the
 * backup's last line: a copy of a database no server of this PORT uses may be the wrong one.
 */
function serverLine(dataDir: string, port: number): string {
  let record = null
  try {
    record = readPidFile(pidFilePath(dataDir, port))
  } catch {
    // unreadable: said as not found
  }
  if (record && processState(record) === 'running') return `the server on port ${port} (pid ${record.pid}) uses this database\n`
  return `no server is running with DATA_DIR ${dataDir} and PORT ${port}: this is the database as that server left it\n`
}

/** `npm run inquiries -- <command>`: ops read inquiries without SQL. */
async function main(args: string[]): Promise<void> {
  const [command] = args
  if (!command || command === '--help' || command === '-h') return void process.stdout.write(USAGE)
  if (!['list', 'export', 'backup', 'retry', 'import-sqlite'].includes(command)) fail(`unknown command: ${command}`)
  const out = option(args, '--out')
  if (args.includes('--out') && !out) fail('--out: a file name')
  // No command signs a form token: FORM_SECRET is the server's concern.
  loadDotEnv()
  const { dataDir, databaseUrl, port } = loadConfig(process.env, { server: false })
  if (command === 'import-sqlite') return importCommand(option(args, '--from'), databaseUrl)
  if (command === 'backup' && databaseUrl) fail('backup: the inquiries are in PostgreSQL (DATABASE_URL): back up the site with `npm run backup -- create` (database and content folder)')
  const database = await openSiteDatabase({ dataDir, databaseUrl }, MIGRATIONS)
  const store = createInquiryStore(database.runner, dialectOf(database.engine))
  try {
    if (command === 'list') {
      const limit = Number(option(args, '--limit') ?? 50)
      if (!Number.isInteger(limit) || limit < 1) fail('--limit: a positive whole number')
      process.stdout.write(toListing(await store.list({ limit, newestFirst: true })))
    } else if (command === 'export') {
      const format = option(args, '--format')
      if (format !== 'csv' && format !== 'json') fail('--format: csv or json')
      const sinceText = option(args, '--since')
      let since: string | undefined
      try {
        since = sinceText === undefined ? undefined : sinceInstant(sinceText)
      } catch (err) {
        fail((err as Error).message)
      }
      const records = await store.list(since ? { since } : {})
      emit(format === 'csv' ? toCsv(records) : toJson(records), out)
      if (out) process.stderr.write(`${records.length} inquiries written to ${out}\n`)
    } else if (command === 'backup') {
      // A file only: a database copy is not for a terminal, and stdout cannot be written atomically.
      if (!out) fail('backup: --out FILE is required')
      // SQLite's own file: a backup with DATABASE_URL was refused above.
      const db = database.handle as Db
      const held = heldBy(db)
      if (held.inquiries + held.accounts + held.revisions === 0 && !args.includes('--allow-empty')) {
        throw new Error(`backup refused: ${resolve(dataDir, DB_FILE)} holds no inquiries, staff accounts or content revisions, so it is not the site's database (is DATA_DIR the server's?). Nothing was written; --allow-empty backs up an empty database.`)
      }
      const result = await backupDatabase(db, out)
      process.stdout.write(`backup of ${heldText(result.held)} written to ${result.file} (${result.bytes} bytes, integrity ok)\n`)
      process.stdout.write(serverLine(dataDir, port))
    } else {
      const changed = await siteOutboxStore(database.runner).retryFailed(Date.now())
      process.stdout.write(`${changed} mail(s) queued again; the running server sends them within a few seconds\n`)
    }
  } finally {
    await database.close()
  }
}

main(process.argv.slice(2)).catch((err) => {
  process.stderr.write(`${(err as Error).message}\n`)
  process.exit(1)
})
