import type { Translate } from '../../i18n/messages'

const MINUTE = 60_000

/** A duration as its two largest units (days and hours, or hours and minutes, or minutes), rounded to the minute. */
export function durationParts(ms: number): { unit: 'days' | 'hours' | 'minutes'; n: number }[] {
  const minutes = Math.round(ms / MINUTE)
  if (minutes < 1) return []
  const days = Math.floor(minutes / 1440)
  const hours = Math.floor((minutes % 1440) / 60)
  const rest = minutes % 60
  const parts = days ? [{ unit: 'days' as const, n: days }, { unit: 'hours' as const, n: hours }] : hours ? [{ unit: 'hours' as const, n: hours }, { unit: 'minutes' as const, n: rest }] : [{ unit: 'minutes' as const, n: rest }]
  return parts.filter((p, i) => i === 0 || p.n > 0)
}

/** '3 hours 20 minutes' / '3時間20分'; 'less than a minute' / '1分未満'. */
export function durationWords(ms: number, t: Translate): string {
  const words = durationParts(ms).map((p) => t(`staff.inquiries.stats.duration.${p.unit}`, { n: p.n }))
  if (!words.length) return t('staff.inquiries.stats.duration.underMinute')
  return words.reduce((a, b) => t('staff.inquiries.stats.duration.pair', { a, b }))
}
