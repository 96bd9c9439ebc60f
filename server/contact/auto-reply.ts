/** The auto-reply limits' shared parts: whose inbox an address is, and the windows the limits count over. */

export const AUTO_REPLY_WINDOW_MS = 24 * 60 * 60 * 1000
export const AUTO_REPLY_BUDGET_WINDOW_MS = 60 * 60 * 1000

/** Mail domains whose mailboxes ignore every dot of the local part, and the one domain each is the same inbox as. */
const DOTLESS_DOMAINS = new Map([
  ['gmail.com', 'gmail.com'],
  ['googlemail.com', 'gmail.com'],
])

/**
 * Who an auto-reply really goes to, for its cap: the address as its provider delivers it, so spelling
 * variants of one inbox share one cap. Lower case; without a '+tag'; without leading and trailing dots of
 * the local part; at Gmail ('gmail.com', 'googlemail.com') without any dot and with the one domain:
 * 'V.i.c.t.i.m+x@GoogleMail.com' -> 'victim@gmail.com'. Folding too much only lets two inboxes share a
 * cap; what it misses (a Google Workspace domain, a catch-all domain) the site-wide hourly budget bounds.
 * Rows keep the key they were stored with: no migration, as the cap looks back 24 hours only (for
 * that first day an inbox reached before the upgrade through variants may get one cap more).
 */
export function replyKey(email: string): string {
  const lower = email.toLowerCase()
  const at = lower.lastIndexOf('@')
  if (at < 0) return lower
  let local = lower.slice(0, at)
  let domain = lower.slice(at + 1)
  const plus = local.indexOf('+')
  if (plus > 0) local = local.slice(0, plus)
  const same = DOTLESS_DOMAINS.get(domain)
  if (same !== undefined) {
    local = local.replace(/\./g, '')
    domain = same
  }
  return `${local.replace(/^\.+|\.+$/g, '')}@${domain}`
}

/** The ISO instants the auto-reply limits count from: the recipient's 24 hours, the site's hour. */
export function autoReplyWindows(now: Date): { recipientSince: string; siteSince: string } {
  const before = (ms: number) => new Date(now.getTime() - ms).toISOString()
  return { recipientSince: before(AUTO_REPLY_WINDOW_MS), siteSince: before(AUTO_REPLY_BUDGET_WINDOW_MS) }
}
