import { msgKey } from '../define'
import { DEFAULT_TIME_ZONE, formatDay, parseDate, todayIn } from '../calendar'
import type { RuleDef } from '../types'

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
