import { localeInfo, type Locale } from './i18n/locales'

const cache = new Map<string, Intl.DateTimeFormat>()
function formatter(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const tag = localeInfo(locale).intl
  const key = tag + JSON.stringify(options)
  let f = cache.get(key)
  if (!f) cache.set(key, (f = new Intl.DateTimeFormat(tag, { timeZone: 'UTC', ...options })))
  return f
}

/** 'YYYY-MM-DD' or 'YYYY-MM' read as a UTC calendar date, so server and browser agree. */
function toDate(value: string): Date {
  const [y, m, d] = value.split('-').map(Number)
  return new Date(Date.UTC(y!, (m ?? 1) - 1, d ?? 1))
}

/** Lists: 2025.04.01 in every language (the site's list style, which no locale writes itself): the UTC calendar day's numbers. */
export function formatListDate(value: string): string {
  const date = toDate(value.slice(0, 10))
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getUTCFullYear()}.${pad(date.getUTCMonth() + 1)}.${pad(date.getUTCDate())}`
}

/** Article heads: 2025年4月1日 / 1 April 2025. */
export function formatLongDate(value: string, locale: Locale): string {
  return formatter(locale, { year: 'numeric', month: 'long', day: 'numeric' }).format(toDate(value))
}

/** Project periods: 2023年4月 / Apr 2023 (the abbreviated month: Japanese has no shorter one). */
export function formatMonth(value: string, locale: Locale): string {
  return formatter(locale, { year: 'numeric', month: 'short' }).format(toDate(value))
}

/** Statistics weeks: a day without its year, 6月1日 / 1 Jun (the chart's axis), or with it, 2026年6月1日 / 1 Jun 2026. */
export function formatShortDay(value: string, locale: Locale, withYear = false): string {
  return formatter(locale, withYear ? { year: 'numeric', month: 'short', day: 'numeric' } : { month: 'short', day: 'numeric' }).format(toDate(value))
}

/** Floor areas: 12,345.67㎡ / 12,345.67 m². */
const areaFormats = new Map<Locale, Intl.NumberFormat>()
export function formatArea(value: number, locale: Locale): string {
  const { intl, areaUnit } = localeInfo(locale)
  let format = areaFormats.get(locale)
  if (!format) areaFormats.set(locale, (format = new Intl.NumberFormat(intl, { maximumFractionDigits: 2, minimumFractionDigits: 2 })))
  return format.format(value) + areaUnit
}
