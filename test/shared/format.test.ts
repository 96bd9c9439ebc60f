import t from 'tap'
import { formatArea, formatListDate, formatLongDate, formatMonth, formatShortDay } from '../../shared/format'

t.test('list dates read 2025.04.01 in both languages, whatever the time zone', async (t) => {
  t.equal(formatListDate('2025-04-01'), '2025.04.01')
  t.equal(formatListDate('2026-12-31'), '2026.12.31', 'no day shift at the year end')
  t.equal(formatListDate('2024-02-29T00:00:00Z'), '2024.02.29', 'a timestamp keeps its calendar day')
})

t.test('article heads, project months and floor areas follow the language', async (t) => {
  t.equal(formatLongDate('2025-04-01', 'ja'), '2025年4月1日')
  t.equal(formatLongDate('2025-04-01', 'en'), '1 April 2025')
  t.equal(formatMonth('2023-04', 'ja'), '2023年4月')
  t.equal(formatMonth('2023-04', 'en'), 'Apr 2023')
  t.equal(formatArea(12345.678, 'ja'), '12,345.68㎡')
  t.equal(formatArea(980, 'en'), '980.00 m²')
})

t.test('statistics weeks: one style per language, with or without the year (never 1/6 beside 2026-06-01)', async (t) => {
  t.equal(formatShortDay('2026-06-01', 'ja'), '6月1日')
  t.equal(formatShortDay('2026-06-01', 'en'), '1 Jun')
  t.equal(formatShortDay('2026-06-01', 'ja', true), '2026年6月1日')
  t.equal(formatShortDay('2026-06-01', 'en', true), '1 Jun 2026')
})
