import type { FastifyRequest } from 'fastify'
import type { InquiryStatsData } from './page-data'
import { INQUIRY_TYPES } from '../../pages/contact/fields'
import { actorOf } from '../../../server/staff/http/services'
import type { InboxStats } from '../../../server/inbox/types'

const JAPAN_OFFSET_MS = 9 * 3_600_000

/** A week's start as its Japan-time day (YYYY-MM-DD), whether the store gives the day or the instant. */
export function japanDay(start: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(start)) return start
  const ms = Date.parse(start)
  return Number.isNaN(ms) ? start.slice(0, 10) : new Date(ms + JAPAN_OFFSET_MS).toISOString().slice(0, 10)
}

/** The statistics as the page draws them: the form's types first, in its order, then any other the store counted. */
export function statsData(stats: InboxStats): InquiryStatsData {
  const counted = new Set(stats.weeks.flatMap((w) => Object.keys(w.counts)))
  const known = INQUIRY_TYPES as readonly string[]
  const types = [...known, ...[...counted].filter((type) => !known.includes(type)).sort()]
  return {
    weeks: stats.weeks.map((w) => ({ start: japanDay(w.start), counts: { ...w.counts } })),
    types,
    medianFirstReplyMs: stats.medianFirstReplyMs,
    replied: stats.replied,
  }
}

/** GET /admin/inquiries/stats: the last 26 weeks (InboxStore.stats at the staff area's clock). */
export async function loadInquiryStats(req: FastifyRequest): Promise<InquiryStatsData> {
  return statsData(await req.server.inbox.stats(actorOf(req)))
}
