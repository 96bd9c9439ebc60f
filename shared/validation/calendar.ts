import type { Locale } from '../i18n/locales'

/**
 * Calendar days written 'YYYY-MM-DD': the checks and the site's "today". No rule and no catalogue here,
 * so pages on every route (the contact route's data dates its form) load only this small module.
 */

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/

/** Days of a month of the proleptic Gregorian calendar (leap years included). */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28
  return [4, 6, 9, 11].includes(month) ? 30 : 31
}

/** [year, month, day] of a real calendar date written 'YYYY-MM-DD' (years 0001-9999), else null. */
export function parseDate(value: unknown): [number, number, number] | null {
  if (typeof value !== 'string') return null
  const m = DATE_RE.exec(value)
  if (!m) return null
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  if (y < 1 || mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) return null
  return [y, mo, d]
}

/** The site's time zone: "today" is the calendar day there. */
export const DEFAULT_TIME_ZONE = 'Asia/Tokyo'

/** Building an Intl.DateTimeFormat costs far more than using one: one per time zone. */
const dayFormats = new Map<string, Intl.DateTimeFormat>()

/** The calendar day 'YYYY-MM-DD' of the instant `now` in `timeZone`. */
export function todayIn(timeZone: string = DEFAULT_TIME_ZONE, now: Date = new Date()): string {
  let format = dayFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', calendar: 'gregory', numberingSystem: 'latn' })
    dayFormats.set(timeZone, format)
  }
  const parts = format.formatToParts(now)
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? NaN)
  const pad = (n: number, width: number) => String(n).padStart(width, '0')
  return `${pad(part('year'), 4)}-${pad(part('month'), 2)}-${pad(part('day'), 2)}`
}

/** A 'YYYY-MM-DD' day written for `locale` ('2024年2月29日', 'February 29, 2024'). */
export function formatDay(day: string, locale: Locale): string {
  const parsed = parseDate(day)
  if (!parsed) return day
  const date = new Date(0)
  date.setUTCFullYear(parsed[0], parsed[1] - 1, parsed[2])
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date)
}

