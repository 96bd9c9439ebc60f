import { DEFAULT_TIME_ZONE } from '../shared/validation'

/** Building an Intl.DateTimeFormat costs far more than using one: built once per time zone. */
const formats = new Map<string, { time: Intl.DateTimeFormat; zone: Intl.DateTimeFormat; offset: Intl.DateTimeFormat }>()

/**
 * An instant as an operator reads it, in the site's time zone (Japan, the zone the inquiry
 * references are dated in) and naming the zone: '2026-11-26 04:42:41 JST'. A zone without a
 * short name is named by its offset ('+09:00'). Stored and exported times stay ISO UTC.
 */
export function siteTime(iso: string, timeZone: string = DEFAULT_TIME_ZONE): string {
  let f = formats.get(timeZone)
  if (!f) {
    const base = { timeZone, calendar: 'gregory', numberingSystem: 'latn' } as const
    f = {
      time: new Intl.DateTimeFormat('en-US', { ...base, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }),
      // Japanese names Japan's zone JST (English says GMT+9).
      zone: new Intl.DateTimeFormat('ja-JP', { ...base, timeZoneName: 'short' }),
      offset: new Intl.DateTimeFormat('en-US', { ...base, timeZoneName: 'longOffset' }),
    }
    formats.set(timeZone, f)
  }
  const date = new Date(iso)
  const part = (format: Intl.DateTimeFormat, type: Intl.DateTimeFormatPartTypes) => format.formatToParts(date).find((p) => p.type === type)?.value ?? ''
  const p = (type: Intl.DateTimeFormatPartTypes) => part(f.time, type)
  const name = part(f.zone, 'timeZoneName')
  const zone = /^[A-Z]{2,5}$/.test(name) ? name : part(f.offset, 'timeZoneName').replace(/^GMT$/, '+00:00').replace(/^GMT/, '')
  return `${p('year')}-${p('month')}-${p('day')} ${p('hour')}:${p('minute')}:${p('second')} ${zone}`
}
