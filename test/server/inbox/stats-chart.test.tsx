// The statistics chart drawn on the server (shared/admin/inquiry-stats/week-chart.tsx): its geometry is a
// pure function of the figures (bars stacked in the types' order, heights in proportion, a round axis),
// its SVG is an image with a title and a description, each type has a pattern of its own (never colour
// alone); the median time to the first reply in words in both languages.
import t from 'tap'
import { renderToStaticMarkup } from 'react-dom/server'
import { I18nProvider } from '../../../shared/i18n/context'
import { durationParts, durationWords } from '../../../shared/admin/inquiry-stats/duration'
import type { InquiryStatsData, StatsWeek } from '../../../shared/admin/inquiry-stats/page-data'
import { CHART, chartLayout, WeekChart } from '../../../shared/admin/inquiry-stats/week-chart'
import { staffTranslators } from '../../../server/i18n/staff-catalog'
import { japanDay, statsData } from '../../../shared/admin/inquiry-stats/stats.server'

const translators = staffTranslators((key) => {
  throw new Error(`missing ${key}`)
})
const TYPES = ['estimate', 'new-construction', 'renovation', 'recruitment', 'other']
const BOTTOM = CHART.height - CHART.bottom

/** 26 Mondays from 2026-06-01, with the counts given by week index. */
function weeks(counts: Record<number, Record<string, number>>): StatsWeek[] {
  return Array.from({ length: 26 }, (_, i) => ({ start: new Date(Date.UTC(2026, 5, 1 + 7 * i)).toISOString().slice(0, 10), counts: counts[i] ?? {} }))
}

t.test('the layout: stacked in the types\' order, heights in proportion, a round axis at or above the busiest week', async (t) => {
  const data = weeks({ 0: { estimate: 3, renovation: 2 }, 5: { other: 7 }, 25: { estimate: 1, 'new-construction': 1, renovation: 1, recruitment: 1, other: 1 } })
  const layout = chartLayout(data, TYPES)
  t.equal(layout.bars.length, 26)
  t.equal(layout.max, 8, '7 at most: an axis to 8 (steps of 2)')
  t.same(layout.ticks.map((tick) => tick.value), [0, 2, 4, 6, 8])
  t.equal(layout.ticks[0]!.y, BOTTOM, '0 on the baseline')
  const unit = (BOTTOM - CHART.top) / layout.max
  const first = layout.bars[0]!
  t.same(first.segments.map((s) => [s.type, s.count]), [['estimate', 3], ['renovation', 2]], 'the types\' order, no empty segment')
  t.equal(first.total, 5)
  t.ok(Math.abs(first.segments[0]!.height - 3 * unit) < 0.1 && Math.abs(first.segments[1]!.height - 2 * unit) < 0.1, 'heights in proportion')
  t.ok(Math.abs(first.segments[0]!.y + first.segments[0]!.height - BOTTOM) < 0.1, 'the first segment stands on the baseline')
  t.ok(Math.abs(first.segments[1]!.y + first.segments[1]!.height - first.segments[0]!.y) < 0.1, 'the next one on top of it')
  t.same(layout.bars[1]!.segments, [], 'an empty week: no bar')
  t.same(layout.bars[25]!.segments.map((s) => s.fill), [0, 1, 2, 3, 4], 'each type its own fill')
  const xs = layout.bars.map((b) => b.x)
  t.ok(xs.every((x, i) => i === 0 || x > xs[i - 1]!) && xs.at(-1)! + layout.bars[25]!.segments[0]!.width <= CHART.width - CHART.right, 'left to right inside the plot')
  t.same(chartLayout(data, TYPES), layout, 'the same figures, the same chart')

  const empty = chartLayout(weeks({}), TYPES)
  t.equal(empty.max, 1, 'no inquiry: still an axis')
  t.ok(empty.bars.every((b) => b.segments.length === 0))
  t.equal(chartLayout(weeks({ 3: { estimate: 130 } }), TYPES).max, 150, 'a round top: steps of 50')
})

t.test('the SVG: an image with its title and description, a pattern per type, axis words in the page\'s language', async (t) => {
  const data: InquiryStatsData = { weeks: weeks({ 0: { estimate: 3, renovation: 2 }, 4: { other: 7 } }), types: TYPES, medianFirstReplyMs: null, replied: 0 }
  for (const locale of ['ja', 'en'] as const) {
    const tr = translators[locale]
    const svg = renderToStaticMarkup(
      <I18nProvider value={{ locale, t: tr }}>
        <WeekChart data={data} />
      </I18nProvider>,
    )
    t.match(svg, /^<svg class="inbox-chart" viewBox="0 0 640 320" role="img" aria-labelledby="inbox-chart-title inbox-chart-desc"/)
    t.match(svg, `<title id="inbox-chart-title">${tr('staff.inquiries.stats.chartTitle')}</title>`)
    const desc = /<desc id="inbox-chart-desc">([^<]*)<\/desc>/.exec(svg)?.[1] ?? ''
    t.match(desc, locale === 'ja' ? '2026年6月1日から2026年11月23日まで' : 'from 1 Jun 2026 to 23 Nov 2026', `${locale}: the first and last weeks in the description, written as the table writes them`)
    t.match(desc, locale === 'ja' ? '合計12件' : '12 inquiries in all', 'the total')
    t.equal((svg.match(/<pattern /g) ?? []).length, 5, 'five patterns')
    t.equal(new Set([...svg.matchAll(/<pattern [^>]*>(.*?)<\/pattern>/g)].map((m) => m[1]!.replace(/class="[^"]*"/g, ''))).size, 5, 'five different shapes')
    t.same([...svg.matchAll(/data-type="([^"]+)" data-count="(\d+)"/g)].map((m) => `${m[1]}=${m[2]}`), ['estimate=3', 'renovation=2', 'other=7'], 'one rect per type and week counted')
    t.match(svg, tr('staff.inquiries.stats.axisCount'))
    t.match(svg, tr('staff.inquiries.stats.axisWeeks'))
    const labels = [...svg.matchAll(/<text [^>]*text-anchor="middle" class="inbox-chart__label">([^<]*)</g)].map((m) => m[1])
    t.same(labels, locale === 'ja' ? ['6月1日', '6月29日', '7月27日', '8月24日', '9月21日', '10月19日', '11月16日'] : ['1 Jun', '29 Jun', '27 Jul', '24 Aug', '21 Sept', '19 Oct', '16 Nov'], 'a label every fourth week, day and month in words (never 1/6)')
  }
})

t.test('a week start given as an instant is its Japan-time day; the form\'s types first', async (t) => {
  t.equal(japanDay('2026-11-22T15:00:00.000Z'), '2026-11-23', 'Monday 00:00 JST')
  t.equal(japanDay('2026-11-23'), '2026-11-23')
  const data = statsData({ weeks: [{ start: '2026-11-22T15:00:00.000Z', counts: { zzz: 1, estimate: 2 } }], medianFirstReplyMs: 5, replied: 1 })
  t.same(data.types, [...TYPES, 'zzz'])
  t.same(data.weeks, [{ start: '2026-11-23', counts: { zzz: 1, estimate: 2 } }])
})

t.test('the median time to the first reply in words', async (t) => {
  const H = 3_600_000
  const M = 60_000
  const cases: [number, string, string][] = [
    [3 * H + 20 * M, '3 hours 20 minutes', '3時間20分'],
    [1 * H + 1 * M, '1 hour 1 minute', '1時間1分'],
    [2 * H + 20_000, '2 hours', '2時間'],
    [45 * M, '45 minutes', '45分'],
    [29_000, 'less than a minute', '1分未満'],
    [26 * H + 30 * M, '1 day 2 hours', '1日2時間'],
    [3 * 24 * H + 10 * M, '3 days', '3日'],
    [59 * M + 50_000, '1 hour', '1時間'],
  ]
  for (const [ms, en, ja] of cases) {
    t.equal(durationWords(ms, translators.en), en, `${ms} ms in English`)
    t.equal(durationWords(ms, translators.ja), ja, `${ms} ms in Japanese`)
  }
  t.same(durationParts(0), [])
})
