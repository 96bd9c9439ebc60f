/** The site's days (Japan time) as the audit log's filters read them. */
const DAY_MS = 86_400_000
/** The site's days are Japan's (UTC+9, no daylight saving). */
const SITE_OFFSET_MS = 9 * 60 * 60_000

/**
 * A day typed as YYYY-MM-DD (Japan time): its first and last millisecond in UTC, or null. The audit
 * log's filter by day reads it, on the page, in the JSON API and on the command line.
 */
export function siteDay(text: string): { since: number; until: number } | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  if (!m) return null
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const start = Date.UTC(y, mo - 1, d)
  const check = new Date(start)
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null
  return { since: start - SITE_OFFSET_MS, until: start - SITE_OFFSET_MS + DAY_MS - 1 }
}
