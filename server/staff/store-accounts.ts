/**
 * The staff store's units of work (store.ts) for accounts. An email is unique: of two accounts added
 * with one email at once (two replicas), the second insert meets the first's row on the unique column,
 * does nothing, and the work refuses it as a duplicate (rolled back, so with no audit entry). Disabling
 * ends the account's sessions and revokes its tokens in the same transaction.
 */
import { get, run, type Row, type Runner, type Work } from '../db/sql'
import { audit, type AuditEntry } from '../db/audit'
import { deleteAccountSessions } from './store-sessions'
import { revokeAccountTokens } from './store-tokens'
import { duplicateEmail, many, one, toAccount, unknownAccount } from './store-rows'
import type { Account } from './types'

/** The account added with its audit entry; refused as a duplicate when its email is taken (nothing written). */
export function* addAccount(a: Account, entry: AuditEntry): Work<void> {
  const added: number = yield run(
    'INSERT INTO staff_accounts (id, email, name, role, locale, disabled, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (email) DO NOTHING',
    a.id, a.email, a.name, a.role, a.locale, a.disabled ? 1 : 0, a.createdAt,
  )
  if (added === 0) throw duplicateEmail(a.email)
  yield* audit(entry)
}

/** An account by its id, or null. */
export const findAccount = (id: string) => one(toAccount, 'SELECT * FROM staff_accounts WHERE id = ?', id)
/** An account by its sign-in email (already lower-cased and trimmed), or null. */
export const findAccountByEmail = (email: string) => one(toAccount, 'SELECT * FROM staff_accounts WHERE email = ?', email)
/** Every account, by email. */
export const listAccounts = () => many(toAccount, 'SELECT * FROM staff_accounts ORDER BY email')

/** The columns of updateAccount's change, in the order written (never anything else: no injection through keys). */
const CHANGE_COLUMNS = { name: 'name', role: 'role', locale: 'locale', disabled: 'disabled' } as const
export type AccountChange = Partial<Pick<Account, keyof typeof CHANGE_COLUMNS>>

/** The change as [column, value] pairs, booleans as 0/1 (both engines store INTEGER). */
function columnsOf(change: AccountChange): [string, unknown][] {
  return (Object.keys(CHANGE_COLUMNS) as (keyof typeof CHANGE_COLUMNS)[])
    .filter((key) => change[key] !== undefined)
    .map((key) => [CHANGE_COLUMNS[key], typeof change[key] === 'boolean' ? (change[key] ? 1 : 0) : change[key]])
}

/** The account changed; disabled, its sessions ended and its tokens revoked (at the audit entry's time); refused when unknown. */
export function* updateAccount(id: string, change: AccountChange, entry: AuditEntry): Work<void> {
  const pairs = columnsOf(change)
  const set = ['id = id', ...pairs.map(([column]) => `${column} = ?`)].join(', ')
  if ((yield run(`UPDATE staff_accounts SET ${set} WHERE id = ?`, ...pairs.map(([, v]) => v), id)) === 0) throw unknownAccount(id)
  if (change.disabled) {
    yield deleteAccountSessions(id)
    yield revokeAccountTokens(id, entry.at)
  }
  yield* audit(entry)
}

/**
 * Refuses the work when the account is unknown. On PostgreSQL the account's row is locked until the
 * transaction ends (a factor added on another replica meanwhile waits for it: its foreign key check
 * needs the row); SQLite's IMMEDIATE transaction already keeps every other writer out.
 */
export function* lockAccount(engine: Runner['engine'], id: string): Work<void> {
  const found: Row | undefined = yield get(`SELECT 1 AS found FROM staff_accounts WHERE id = ?${engine === 'postgres' ? ' FOR UPDATE' : ''}`, id)
  if (!found) throw unknownAccount(id)
}
