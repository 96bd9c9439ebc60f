import type { Locale } from './i18n/locales'

const cache = new Map<string, Intl.DateTimeFormat>()
function formatter(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = locale + JSON.stringify(options)
  let f = cache.get(key)
  if (!f) {
    f = new Intl.DateTimeFormat(locale === 'ja' ? 'ja-JP' : 'en-GB', { timeZone: 'UTC', ...options })
    cache.set(key, f)
  }
  return f
}

/** 'YYYY-MM-DD' or 'YYYY-MM' read as a UTC calendar date, so server and browser agree. */
function toDate(value: string): Date {
  const [y, m, d] = value.split('-').map(Number)
  return new Date(Date.UTC(y!, (m ?? 1) - 1, d ?? 1))
}

/**
 * Lists: 2025.04.01 in both languages (the site's list style): the numeric year, month and day parts of
 * Intl.DateTimeFormat, joined by dots (no locale writes this pattern itself).
 */
export function formatListDate(value: string): string {
  const parts = formatter('en', { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(toDate(value.slice(0, 10)))
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? ''
  return `${part('year')}.${part('month')}.${part('day')}`
}

/** Article heads: 2025年4月1日 / 1 April 2025. */
export function formatLongDate(value: string, locale: Locale): string {
  return formatter(locale, { year: 'numeric', month: 'long', day: 'numeric' }).format(toDate(value))
}

/** Project periods: 2023年4月 / Apr 2023. */
export function formatMonth(value: string, locale: Locale): string {
  return formatter(locale, locale === 'ja' ? { year: 'numeric', month: 'long' } : { year: 'numeric', month: 'short' }).format(toDate(value))
}

/** Floor areas: 12,345.67㎡ / 12,345.67 m². */
const areaFormats = new Map<Locale, Intl.NumberFormat>()
export function formatArea(value: number, locale: Locale): string {
  let format = areaFormats.get(locale)
  if (!format) {
    format = new Intl.NumberFormat(locale === 'ja' ? 'ja-JP' : 'en-GB', { maximumFractionDigits: 2, minimumFractionDigits: 2 })
    areaFormats.set(locale, format)
  }
  const n = format.format(value)
  return locale === 'ja' ? `${n}㎡` : `${n} m²`
}
