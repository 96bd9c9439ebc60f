import { resolve } from 'node:path'
import { loadConfig } from './config'
import { loadDotEnv } from './env-file'
import { openSiteDatabase } from './db/open'
import { MIGRATIONS } from './migrations'
import { appVersion } from './backup/app-version'
import { countsText } from './backup/archive'
import { createBackup } from './backup/create'
import { restoreBackup } from './backup/restore'
import { option, usageFailure } from './cli-args'

const USAGE = `usage:
  npm run backup -- create [--dir DIR]       the database and the content folder, at one moment, in one file:
                                             DIR/corporate-site-backup-<version>-<UTC time>.tar.gz (0600);
                                             DIR defaults to DATA_DIR/backups. Runs while the site runs.
  npm run backup -- restore --from FILE [--replace-content]
                                             into an empty database (DATA_DIR's, or DATABASE_URL's) and an
                                             empty content folder (CONTENT_DIR); --replace-content replaces
                                             the folder's present files (a new container's sample content).
                                             Stop the site first; start it when the restore has finished.
In the container: docker compose exec -T site node dist/server/backup.js <command>
Settings as the server reads them: the environment, then .env (DATA_DIR, DATABASE_URL, CONTENT_DIR).
A backup holds the staff's password hashes and TOTP secrets and every inquiry: keep it as you keep a
credential store, and keep FORM_SECRET (and the .env) with it.
`

function fail(message: string): never {
  return usageFailure(USAGE, message)
}

async function create(args: string[]): Promise<void> {
  if (args.includes('--dir') && !option(args, '--dir')) fail('--dir: a folder')
  const { dataDir, databaseUrl, contentDir } = loadConfig(process.env, { server: false })
  const dir = resolve(option(args, '--dir') ?? resolve(dataDir, 'backups'))
  // Two connections: the content lock's and the snapshot's.
  const database = await openSiteDatabase({ dataDir, databaseUrl }, MIGRATIONS, { poolSize: 2 })
  try {
    const started = Date.now()
    const onWait = () => process.stderr.write("waiting for the content lock: an editor's save is under way\n")
    const r = await createBackup(database, contentDir, dir, appVersion(), { onWait })
    process.stdout.write(`backup of ${countsText(r.counts)} written to ${r.file}\n`)
    process.stdout.write(`${database.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'} database and ${contentDir} taken at one moment (content lock held ${r.lockedMs} ms; ${Date.now() - started} ms in all)\n`)
  } finally {
    await database.close()
  }
}

async function restore(args: string[]): Promise<void> {
  const from = option(args, '--from')
  if (!from) fail('restore: --from FILE (the backup file) is required')
  const { dataDir, databaseUrl, contentDir } = loadConfig(process.env, { server: false })
  const r = await restoreBackup(resolve(from), { dataDir, databaseUrl, contentDir }, appVersion().name, { replaceContent: args.includes('--replace-content') })
  const where = databaseUrl ? 'the PostgreSQL database of DATABASE_URL' : `DATA_DIR ${resolve(dataDir)}`
  process.stdout.write(`restored ${countsText(r.manifest.counts)} from ${r.manifest.app.name} ${r.manifest.app.version} (${r.manifest.engine}, ${r.manifest.createdAt}) into ${where} and ${contentDir}\n`)
}

/** `npm run backup -- <command>`: the whole site (database and content) in one file, and back. */
async function main(args: string[]): Promise<void> {
  const [command] = args
  if (!command || command === '--help' || command === '-h') return void process.stdout.write(USAGE)
  if (command !== 'create' && command !== 'restore') fail(`unknown command: ${command}`)
  loadDotEnv()
  return command === 'create' ? create(args) : restore(args)
}

main(process.argv.slice(2)).catch((err) => {
  // One line, no trace: the settings, a missing database, a bad file, a target in use are the operator's to mend.
  process.stderr.write(`${(err as Error).message}\n`)
  process.exit(1)
})
