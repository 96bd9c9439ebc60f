import { msgKey } from '../define'
import { parseDate } from '../params'
import type { Locale, RuleDef } from '../types'

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

// 'YYYY-MM-DD' strings of real dates compare correctly as strings.
export const dateRules: RuleDef[] = [
  {
    id: 'dateNotBeforeToday',
    family: 'dates',
    summary: "A real date 'YYYY-MM-DD' that is today or later, comparing calendar days in the site's time zone.",
    params: [
      { name: 'timeZone', kind: 'timeZone', optional: true, default: DEFAULT_TIME_ZONE, description: "time zone of 'today'", example: DEFAULT_TIME_ZONE },
      { name: 'today', kind: 'date', optional: true, description: "fixed 'today' for tests (default: the current day)", example: '2024-02-29' },
    ],
    messageKeys: [msgKey('dateNotBeforeToday')],
    test: (value, [timeZone, today]) =>
      parseDate(value) !== null && (value as string) >= ((today as string | undefined) ?? todayIn(timeZone as string)),
    message: () => ({ key: msgKey('dateNotBeforeToday') }),
  },
  {
    id: 'dateMax',
    family: 'dates',
    summary: "A real date 'YYYY-MM-DD' not after maxDate.",
    params: [{ name: 'maxDate', kind: 'date', description: "latest allowed day 'YYYY-MM-DD'", example: '2030-12-31' }],
    messageKeys: [msgKey('dateMax')],
    test: (value, [maxDate]) => parseDate(value) !== null && (value as string) <= (maxDate as string),
    message: ([maxDate], locale) => ({ key: msgKey('dateMax'), values: { maxDate: formatDay(maxDate as string, locale) } }),
  },
]
