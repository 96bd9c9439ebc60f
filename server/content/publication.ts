import { createHash } from 'node:crypto'
import { parseDate } from '../../shared/validation'
import type { ItemsBySlug } from './types'

/**
 * Drafts and scheduled publishing. Every news article and project file, once loaded, has a Publication:
 * whether it is a draft (`draft: true` in its front matter) and the instant visitors may first see it.
 * It is kept beside the item (a WeakMap keyed by the item object), never on it, so page data is unchanged;
 * the item itself carries only `draft: true` when it is a draft (the pages mark drafts in development).
 *
 * The loaded content holds every item; `visibleItems` is what visitors may see at an instant, and
 * `nextPublication` the next instant that changes, at which the view is built again.
 */

export interface Publication {
  /** `draft: true`: never shown in production; shown marked as a draft in development. */
  draft: boolean
  /**
   * The instant (ms since the epoch) from which visitors may see the item. News: its `date` (a day: that
   * day's 00:00 in Japan). Projects publish as soon as they are loaded: -Infinity.
   */
  publishAt: number
}

/** Japan has kept UTC+9 all year since 1951: the site's time (shared/validation DEFAULT_TIME_ZONE) is a fixed offset. */
const JAPAN_OFFSET_MS = 9 * 3_600_000

/**
 * `YYYY-MM-DD`, `YYYY-MM-DD HH:MM` (or with `T`, and `:SS`): Japan time; with `Z` or `±HH:MM` after the
 * time: that zone. Groups: day, hours, minutes, seconds, zone.
 */
const PUBLISH_DATE_RE = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?(Z|[+-]\d{2}:\d{2})?)?$/

/**
 * The instant a news `date` names (ms), or null when it is not a real date and time: 2026-02-30,
 * 24:00, 09:60 and +15:00 are not. A date alone is the start of that day in Japan.
 */
export function parsePublishDate(value: unknown): number | null {
  if (typeof value !== 'string') return null
  const m = PUBLISH_DATE_RE.exec(value)
  if (!m) return null
  const day = parseDate(m[1])
  if (!day) return null
  const [hours, minutes, seconds] = [Number(m[2] ?? 0), Number(m[3] ?? 0), Number(m[4] ?? 0)]
  if (hours > 23 || minutes > 59 || seconds > 59) return null
  let offset = JAPAN_OFFSET_MS
  const zone = m[5]
  if (zone === 'Z') offset = 0
  else if (zone) {
    const [zh, zm] = [Number(zone.slice(1, 3)), Number(zone.slice(4, 6))]
    if (zh > 14 || zm > 59) return null
    offset = (zone[0] === '-' ? -1 : 1) * (zh * 60 + zm) * 60_000
  }
  // setUTCFullYear: Date.UTC would read years 0-99 as 1900-1999.
  const date = new Date(0)
  date.setUTCFullYear(day[0], day[1] - 1, day[2])
  date.setUTCHours(hours, minutes, seconds, 0)
  return date.getTime() - offset
}

/** The calendar day 'YYYY-MM-DD' in Japan of an instant (ms): the date an article shows. */
export function japanDay(instant: number): string {
  const d = new Date(instant + JAPAN_OFFSET_MS)
  const pad = (n: number, width = 2) => String(n).padStart(width, '0')
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`
}

/** Each loaded item's publication, by item object: server-only, gone with the items. */
const publications = new WeakMap<object, Publication>()

/** Notes an item's publication (the loader does, for every news and project file). */
export function setPublication<T extends object>(item: T, publication: Publication): T {
  publications.set(item, publication)
  return item
}

/** An item's publication; an item the loader did not note (built by hand in a test) is published, not a draft. */
export function publicationOf(item: object): Publication {
  return publications.get(item) ?? { draft: false, publishAt: Number.NEGATIVE_INFINITY }
}

/** Whether visitors see the item at `now`. */
const isPublished = (p: Publication, now: number) => !p.draft && p.publishAt <= now

export interface ViewOptions {
  /** The instant of the view (ms). */
  now: number
  /**
   * Development (npm run dev): drafts are shown (they carry `draft: true`), and so are scheduled items
   * not yet due, as copies carrying `scheduled: true` (the pages mark both).
   */
  drafts: boolean
}

/**
 * The items visitors may see at `now`, in a new map (the given one is not changed); a slug none of whose
 * languages is visible is left out, so its URLs, list rows, feed entries and sitemap entries all go.
 * Production: neither drafts nor items whose publishAt is after `now`. Development: everything, drafts
 * as they are (marked `draft: true`), scheduled items copied with `scheduled: true`.
 */
export function visibleItems<T extends object>(items: ItemsBySlug<T>, { now, drafts }: ViewOptions): ItemsBySlug<T> {
  const result: ItemsBySlug<T> = new Map()
  for (const [slug, versions] of items) {
    const visible: Partial<Record<keyof typeof versions, T>> = {}
    let any = false
    for (const [locale, item] of Object.entries(versions) as [keyof typeof versions, T | undefined][]) {
      if (!item) continue
      const publication = publicationOf(item)
      if (isPublished(publication, now)) visible[locale] = item
      else if (!drafts) continue
      else if (publication.draft) visible[locale] = item
      else visible[locale] = setPublication({ ...item, scheduled: true as const }, publication)
      any = true
    }
    if (any) result.set(slug, visible)
  }
  return result
}

/**
 * The earliest publishAt after `now` of an item that is not a draft, across every collection given (news,
 * projects), or null when nothing is scheduled: the instant the visible items change next.
 */
export function nextPublication(collections: ItemsBySlug<object>[], now: number): number | null {
  let next: number | null = null
  for (const items of collections) {
    for (const versions of items.values()) {
      for (const item of Object.values(versions)) {
        if (!item) continue
        const { draft, publishAt } = publicationOf(item)
        if (!draft && publishAt > now && (next === null || publishAt < next)) next = publishAt
      }
    }
  }
  return next
}

/**
 * The version of the view at `now` of a loaded content version: the same for every instant at which the
 * same items are visible (the set changes only when a publication passes, so the latest publication passed
 * names it), different as soon as one more item is visible. 16 hex digits, as the loaded version.
 */
export function viewVersion(version: string, collections: ItemsBySlug<object>[], { now, drafts }: ViewOptions): string {
  let passed = Number.NEGATIVE_INFINITY
  for (const items of collections) {
    for (const versions of items.values()) {
      for (const item of Object.values(versions)) {
        if (!item) continue
        const { draft, publishAt } = publicationOf(item)
        if (!draft && publishAt <= now && publishAt > passed) passed = publishAt
      }
    }
  }
  return createHash('sha256').update(`${version}:${drafts ? 'drafts' : 'published'}:${passed}`).digest('hex').slice(0, 16)
}

/** One language of one item becoming visible at an instant (the schedule's fire, server/editor/content-schedule.ts). */
export interface ScheduledInstant {
  /** `news/<slug>`, `projects/<slug>`. */
  key: string
  locale: string
  at: number
}

/** Every instant (finite: not a project's -Infinity) at which a language of an item that is not a draft becomes visible. */
export function scheduledInstants(collections: Record<string, ItemsBySlug<object>>): ScheduledInstant[] {
  const out: ScheduledInstant[] = []
  for (const [kind, items] of Object.entries(collections)) {
    for (const [slug, versions] of items) {
      for (const [locale, item] of Object.entries(versions)) {
        if (!item) continue
        const { draft, publishAt } = publicationOf(item)
        if (!draft && Number.isFinite(publishAt)) out.push({ key: `${kind}/${slug}`, locale, at: publishAt })
      }
    }
  }
  return out
}
