import { DEFAULT_LOCALE, isLocale } from '../../shared/i18n/locales'
import type { Account, StaffStore } from '../staff/types'
import { digestText } from './digest-text'
import type { InboxStore } from './types'

const DAY_MS = 86_400_000

export interface DigestDeps {
  inbox: Pick<InboxStore, 'digestFor' | 'queueDigest'>
  staff: Pick<StaffStore, 'listAccounts'>
  staleDays: number
  digestHour: number
  siteUrl: string
}

/**
 * Who gets a digest, and of what. Every enabled responder: the open inquiries assigned to them and
 * those left 'new' longer than `staleDays`. Every enabled admin: the open inquiries assigned to them
 * (admins triage too), and the stale ones only where no enabled responder exists (a small company's one
 * admin answers the inquiries: nobody else would be told). Editors get none (no inquiries for them).
 */
export function digestRecipients(accounts: Account[]): { account: Account; stale: boolean }[] {
  const enabled = accounts.filter((a) => !a.disabled && (a.role === 'responder' || a.role === 'admin'))
  const anyResponder = enabled.some((a) => a.role === 'responder')
  return enabled.map((account) => ({ account, stale: account.role === 'responder' || !anyResponder }))
}

/**
 * Queues the day's digests (one per account and day: queueDigest refuses a second one, so a run
 * repeated after a failure part-way queues only what is missing). A digest with nothing in it is not
 * sent. Returns how many were queued.
 */
export async function queueDigests(deps: DigestDeps, day: string, now: number): Promise<{ recipients: number; queued: number }> {
  const staleBefore = new Date(now - deps.staleDays * DAY_MS).toISOString()
  const recipients = digestRecipients(await deps.staff.listAccounts())
  let queued = 0
  for (const { account, stale: withStale } of recipients) {
    const { assigned, stale } = await deps.inbox.digestFor(account.id, staleBefore)
    const mine = new Set(assigned.map((r) => r.id))
    const others = withStale ? stale.filter((r) => !mine.has(r.id)) : []
    if (assigned.length === 0 && others.length === 0) continue
    const mail = digestText({
      locale: isLocale(account.locale) ? account.locale : DEFAULT_LOCALE,
      day,
      account,
      assigned,
      stale: others,
      staleDays: deps.staleDays,
      staleBefore,
      digestHour: deps.digestHour,
      siteUrl: deps.siteUrl,
    })
    if (await deps.inbox.queueDigest(account.id, day, { to: account.email, ...mail }, now)) queued++
  }
  return { recipients: recipients.length, queued }
}
