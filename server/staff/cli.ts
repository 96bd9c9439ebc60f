import { loadConfig } from '../config'
import { openSiteDatabase } from '../db/open'
import { loadDotEnv } from '../env-file'
import { MIGRATIONS } from '../migrations'
import { printable } from '../../shared/validation'
import { siteTime } from '../site-time'
import { siteDay } from './site-day'
import { AccountsError, createAccounts, type Accounts } from './accounts'
import { CLI_ACTOR } from '../db/actor'
import { createStaffStore } from './store'
import type { StaffStore } from './types'

const USAGE = `usage:
  npm run staff -- add EMAIL --role admin|editor|responder [--name NAME]
                                  create an account; prints its one-time enrolment link (24 hours)
  npm run staff -- list           every account: role, status, factors
  npm run staff -- disable EMAIL  the account can no longer sign in; its sessions end at once
  npm run staff -- enable EMAIL   a disabled account may sign in again (with the factors it has)
  npm run staff -- enrol EMAIL    a lost factor: removes every factor, ends the sessions, prints a new link
  npm run staff -- audit [--since YYYY-MM-DD] [--account EMAIL] [--action ACTION] [--limit N]
                                  the audit log, newest first (times and --since in Japan time; 100 entries unless --limit)
In the container: docker compose exec site node dist/server/staff.js <command>
(settings as the server reads them: the environment, then .env; DATA_DIR or DATABASE_URL, and SITE_URL makes
the links; a DATA_DIR without the server's database is refused: start the server once first)
`

/** Each command's options: any other --word is a mistake, said as such. */
const OPTIONS: Record<string, string[]> = { add: ['--role', '--name'], list: [], disable: [], enable: [], enrol: [], audit: ['--since', '--account', '--action', '--limit'] }

class Usage extends Error {}

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name)
  if (i === -1) return undefined
  const value = args[i + 1]
  if (value === undefined || value.startsWith('--')) throw new Usage(`${name}: a value is required`)
  return value
}

/** The command's EMAIL argument (the word after the command). */
function emailArgument(command: string, args: string[]): string {
  const email = args[1]
  if (email === undefined || email.startsWith('--')) throw new Usage(`${command}: EMAIL is required`)
  return email
}

/** An instant in Japan time, the zone named, as the staff pages and `npm run inquiries -- list` show it: '2026-04-01 18:30:00 JST'. */
const shown = (ms: number) => siteTime(new Date(ms).toISOString())

/** `--since`: a day in Japan time (the day the staff pages and the inquiries' references use). */
function sinceDay(text: string): number {
  const day = siteDay(text)
  if (!day) throw new Usage(`--since: a day as YYYY-MM-DD (Japan time), not ${JSON.stringify(text)}`)
  return day.since
}

const out = (text: string): void => void process.stdout.write(`${text}\n`)

function printLink(email: string, link: { url: string; expiresAt: number }, siteUrl: string): void {
  out(`Enrolment link for ${email}: one use, valid until ${shown(link.expiresAt)}. Give it to that person only (it is shown once and not stored):`)
  out(link.url)
  if (!siteUrl) process.stderr.write('SITE_URL is not set: the link names this machine (http://localhost); set SITE_URL to the public origin for links that work elsewhere\n')
}

async function listCommand(accounts: Accounts, store: StaffStore): Promise<void> {
  const list = await accounts.listAccounts()
  if (list.length === 0) return out('no accounts yet: add the first with npm run staff -- add EMAIL --role admin')
  for (const a of list) {
    const [passkeys, factor] = await Promise.all([store.listPasskeys(a.id), store.findPasswordFactor(a.id)])
    const factors = `passkeys: ${passkeys.length}, password+TOTP: ${factor ? 'yes' : 'no'}`
    out([a.email, a.role.padEnd(9), (a.disabled ? 'disabled' : 'active').padEnd(8), factors, `added ${shown(a.createdAt)}`, a.name].map((cell) => printable(cell)).join('  ').trimEnd())
  }
}

async function auditCommand(accounts: Accounts, args: string[]): Promise<void> {
  const since = option(args, '--since')
  const limitText = option(args, '--limit') ?? '100'
  const limit = Number(limitText)
  if (!/^[0-9]+$/.test(limitText) || limit < 1) throw new Usage('--limit: a positive whole number')
  const email = option(args, '--account')
  const action = option(args, '--action')
  const lines = await accounts.auditList({ limit, ...(since === undefined ? {} : { since: sinceDay(since) }), ...(email === undefined ? {} : { email }), ...(action === undefined ? {} : { action }) })
  if (lines.length === 0) return out('no audit entries')
  for (const e of lines) {
    const who = e.email ?? (e.accountId ? `account:${e.accountId}` : '-')
    const repeats = e.repeats > 1 ? `x${e.repeats} in the hour` : ''
    out([shown(e.at), e.outcome.padEnd(7), e.action.padEnd(16), who, e.address, e.targetText, repeats].map((cell) => printable(cell)).join('  ').trimEnd())
  }
}

/** `npm run staff -- <command>`: staff accounts from the command line (the first account can only come from here). */
async function main(args: string[]): Promise<void> {
  const [command] = args
  if (!command || command === '--help' || command === '-h') return void process.stdout.write(USAGE)
  const allowed = OPTIONS[command]
  if (!allowed) throw new Usage(`unknown command: ${command}`)
  const unknown = args.find((a) => a.startsWith('--') && !allowed.includes(a))
  if (unknown) throw new Usage(`${command}: unknown option ${unknown}`)
  if (command === 'add' && option(args, '--role') === undefined) throw new Usage('add: --role admin|editor|responder is required')

  loadDotEnv()
  const config = loadConfig(process.env, { server: false })
  const database = await openSiteDatabase(config, MIGRATIONS, { poolSize: 2 })
  const store = createStaffStore(database.runner)
  const { staff } = config
  const accounts = createAccounts({ store, siteUrl: config.siteUrl || `http://localhost:${config.port}`, now: Date.now, sessionIdleMs: staff.sessionIdleMs, sessionMaxMs: staff.sessionMaxMs, auditRetentionMs: staff.auditRetentionMs })
  try {
    if (command === 'add') {
      const { account, link } = await accounts.addAccount(CLI_ACTOR, { email: emailArgument(command, args), role: option(args, '--role')!, name: option(args, '--name') ?? '' })
      out(`Account added: ${printable(account.email)} (${account.role}).`)
      printLink(account.email, link, config.siteUrl)
    } else if (command === 'list') {
      await listCommand(accounts, store)
    } else if (command === 'disable') {
      const account = await accounts.disable(CLI_ACTOR, emailArgument(command, args))
      out(`${account.email} is disabled; its sessions have ended.`)
    } else if (command === 'enable') {
      const account = await accounts.enable(CLI_ACTOR, emailArgument(command, args))
      out(`${account.email} may sign in again.`)
    } else if (command === 'enrol') {
      const { account, link } = await accounts.enrolAgain(CLI_ACTOR, emailArgument(command, args))
      out(`Every factor of ${account.email} is removed and its sessions have ended.`)
      printLink(account.email, link, config.siteUrl)
    } else {
      await auditCommand(accounts, args)
    }
  } finally {
    await database.close()
  }
}

main(process.argv.slice(2)).catch((err) => {
  // Wrong words on the command line (a bad address or role too): 2 with the usage; anything that failed: 1.
  const usage = err instanceof Usage || (err instanceof AccountsError && err.reason.startsWith('invalid-'))
  process.stderr.write(`${(err as Error).message}\n${usage ? USAGE : ''}`)
  process.exit(usage ? 2 : 1)
})
