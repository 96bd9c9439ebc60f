/** The inbox's statistics (sql.ts): 26 weeks of inquiries by type, and the median time to a first reply. */
import { INQUIRY_TYPES } from '../../shared/pages/contact/fields'
import { all, type Row, type Work } from '../db/sql'
import type { InboxStats } from './types'

const DAY = 86_400_000
/** Japan has no daylight saving time: always UTC+9. */
const JAPAN = 9 * 3_600_000
export const STATS_WEEKS = 26

/** The instant (ms) the Japan-time week holding `now` began: Monday 00:00 in Japan. */
export function japanWeekStart(now: number): number {
  const local = new Date(now + JAPAN)
  const sinceMonday = (local.getUTCDay() + 6) % 7
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() - sinceMonday) - JAPAN
}

const japanDay = (ms: number) => new Date(ms + JAPAN).toISOString().slice(0, 10)

/** The median of numbers (the mean of the middle two for an even count), or null for none. */
export function median(values: number[]): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/**
 * Every inquiry received in the 26 weeks up to the one holding `now` (erased ones too: they keep
 * their type and dates), counted by week and type (every type of the form, 0 when none); the median
 * of (first reply queued − received) over those replied.
 */
export function* stats(now: number): Work<InboxStats> {
  const first = japanWeekStart(now) - (STATS_WEEKS - 1) * 7 * DAY
  const rows: Row[] = yield all('SELECT received_at, inquiry_type, first_reply_at FROM inquiries WHERE received_at >= ?', new Date(first).toISOString())
  const weeks: InboxStats['weeks'] = Array.from({ length: STATS_WEEKS }, (_, i) => ({
    start: japanDay(first + i * 7 * DAY),
    counts: Object.fromEntries(INQUIRY_TYPES.map((type) => [type, 0])) as Record<string, number>,
  }))
  const waits: number[] = []
  for (const r of rows) {
    const received = Date.parse(r.received_at)
    const week = Math.floor((received - first) / (7 * DAY))
    if (week < 0 || week >= STATS_WEEKS) continue
    const counts = weeks[week]!.counts
    counts[r.inquiry_type] = (counts[r.inquiry_type] ?? 0) + 1
    if (r.first_reply_at !== null && r.first_reply_at !== undefined) waits.push(Number(r.first_reply_at) - received)
  }
  return { weeks, medianFirstReplyMs: median(waits), replied: waits.length }
}
