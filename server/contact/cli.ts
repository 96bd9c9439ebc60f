import { loadConfig } from '../config'
import { openDatabase } from './db'
import { sinceInstant, toCsv, toJson, toListing } from './export'
import { createInquiryStore } from './store'

const USAGE = `usage:
  npm run inquiries -- list [--limit N]                       latest inquiries with their mail status
  npm run inquiries -- export --format csv|json [--since DATE] all inquiries (since DATE: YYYY-MM-DD, Tokyo, or an ISO time)
  npm run inquiries -- retry                                  queue mail that failed for good once more
(production: node dist/server/inquiries.js <command>; reads DATA_DIR like the server)
`

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name)
  return i === -1 ? undefined : args[i + 1]
}

function fail(message: string): never {
  process.stderr.write(`${message}\n${USAGE}`)
  process.exit(2)
}

/** `npm run inquiries -- <command>`: ops read inquiries without SQL. */
function main(args: string[]): void {
  const [command] = args
  if (!command || command === '--help' || command === '-h') return void process.stdout.write(USAGE)
  const { dataDir } = loadConfig()
  const db = openDatabase(dataDir)
  try {
    const store = createInquiryStore(db)
    if (command === 'list') {
      const limit = Number(option(args, '--limit') ?? 50)
      if (!Number.isInteger(limit) || limit < 1) fail('--limit: a positive whole number')
      process.stdout.write(toListing(store.list({ limit, newestFirst: true })))
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
      const records = store.list(since ? { since } : {})
      process.stdout.write(format === 'csv' ? toCsv(records) : toJson(records))
    } else if (command === 'retry') {
      const changed = db.prepare("UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = ? WHERE status = 'failed'").run(Date.now()).changes
      process.stdout.write(`${changed} mail(s) queued again; the running server sends them within a few seconds\n`)
    } else {
      fail(`unknown command: ${command}`)
    }
  } finally {
    db.close()
  }
}

main(process.argv.slice(2))
