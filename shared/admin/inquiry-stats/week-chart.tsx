import { formatShortDay } from '../../format'
import { useI18n } from '../../i18n/context'
import type { InquiryStatsData, StatsWeek } from './page-data'

/**
 * The inquiries per week as stacked bars, drawn on the server as inline SVG (no script, no image
 * request): one bar per week, one segment per type, each type with its own fill pattern as well as
 * its colour (client/staff/inbox.css), so the chart never relies on colour alone. role="img" with a
 * title and a description; the figures themselves are in the table beside it.
 */
export const CHART = { width: 640, height: 320, left: 52, right: 40, top: 16, bottom: 64 } as const
const PLOT_W = CHART.width - CHART.left - CHART.right
const PLOT_H = CHART.height - CHART.top - CHART.bottom
/** A week's label under every fourth bar (26 weeks: seven labels). */
const LABEL_EVERY = 4

export interface ChartSegment {
  type: string
  /** The type's place in the legend: its pattern (inbox-fill-<n>). */
  fill: number
  count: number
  x: number
  y: number
  width: number
  height: number
}

export interface ChartLayout {
  /** The top of the count axis (a round number at or above the busiest week). */
  max: number
  ticks: { value: number; y: number }[]
  bars: { start: string; total: number; x: number; centre: number; segments: ChartSegment[] }[]
}

/** A round step for about four ticks: 1, 2, 5, 10, 20, 25, 50, 100… */
function stepFor(max: number): number {
  for (let scale = 1; ; scale *= 10) {
    for (const s of [1, 2, 2.5, 5]) {
      const step = s * scale
      if (Number.isInteger(step) && max / step <= 4) return step
    }
  }
}

const weekTotal = (week: StatsWeek) => Object.values(week.counts).reduce((a, b) => a + b, 0)

/** The chart's geometry from the figures alone (pure: the same weeks draw the same chart). */
export function chartLayout(weeks: StatsWeek[], types: string[]): ChartLayout {
  const busiest = Math.max(0, ...weeks.map(weekTotal))
  const step = stepFor(Math.max(busiest, 1))
  const max = Math.max(step, Math.ceil(busiest / step) * step)
  const scale = PLOT_H / max
  const ticks = Array.from({ length: max / step + 1 }, (_, i) => ({ value: i * step, y: CHART.top + PLOT_H - i * step * scale }))
  const slot = PLOT_W / Math.max(weeks.length, 1)
  const width = Math.round(slot * 0.68 * 10) / 10
  const bars = weeks.map((week, i) => {
    const x = Math.round((CHART.left + i * slot + (slot - width) / 2) * 10) / 10
    let base = CHART.top + PLOT_H
    const segments: ChartSegment[] = []
    types.forEach((type, fill) => {
      const count = week.counts[type] ?? 0
      if (count <= 0) return
      const height = count * scale
      base -= height
      segments.push({ type, fill, count, x, y: Math.round(base * 10) / 10, width, height: Math.round(height * 10) / 10 })
    })
    return { start: week.start, total: weekTotal(week), x, centre: Math.round((x + width / 2) * 10) / 10, segments }
  })
  return { max, ticks, bars }
}

/** The fill patterns, one per type (by its place): solid, diagonal lines, dots, cross-hatch, horizontal lines. */
export function ChartPatterns() {
  const shapes = [
    null,
    <path key="d" d="M0 6L6 0M-1 1L1 -1M5 7L7 5" className="inbox-chart__ink" strokeWidth="1.6" />,
    <circle key="c" cx="3" cy="3" r="1.4" className="inbox-chart__dot" />,
    <path key="x" d="M0 0L6 6M6 0L0 6" className="inbox-chart__ink" strokeWidth="1" />,
    <path key="h" d="M0 1.5H6M0 4.5H6" className="inbox-chart__ink" strokeWidth="1.2" />,
  ]
  return (
    <defs>
      {shapes.map((shape, i) => (
        <pattern key={i} id={`inbox-fill-${i}`} className={`inbox-chart__fill--${i}`} width="6" height="6" patternUnits="userSpaceOnUse">
          <rect width="6" height="6" className={shape ? 'inbox-chart__paper' : 'inbox-chart__solid'} />
          {shape}
        </pattern>
      ))}
    </defs>
  )
}

/** The place of a type's pattern (five patterns; a sixth type would share the first's). */
export const fillOf = (index: number) => index % 5

/** The chart, its weeks written as the table writes them (6月1日 / 1 Jun under the bars; with the year in the description). */
export function WeekChart({ data }: { data: InquiryStatsData }) {
  const { t, locale } = useI18n()
  const layout = chartLayout(data.weeks, data.types)
  const total = layout.bars.reduce((a, b) => a + b.total, 0)
  const busiest = Math.max(0, ...layout.bars.map((b) => b.total))
  const [first, last] = [data.weeks[0], data.weeks.at(-1)].map((w) => (w ? formatShortDay(w.start, locale, true) : ''))
  const bottom = CHART.top + PLOT_H
  return (
    <svg className="inbox-chart" viewBox={`0 0 ${CHART.width} ${CHART.height}`} role="img" aria-labelledby="inbox-chart-title inbox-chart-desc" data-chart="">
      <title id="inbox-chart-title">{t('staff.inquiries.stats.chartTitle')}</title>
      <desc id="inbox-chart-desc">{t('staff.inquiries.stats.chartDesc', { first, last, total, max: busiest })}</desc>
      <ChartPatterns />
      {layout.ticks.map((tick) => (
        <g key={tick.value} className="inbox-chart__tick">
          <line x1={CHART.left} x2={CHART.width - CHART.right} y1={tick.y} y2={tick.y} className={tick.value ? 'inbox-chart__grid' : 'inbox-chart__axis'} />
          <text x={CHART.left - 8} y={tick.y} dy="0.35em" textAnchor="end" className="inbox-chart__label">
            {tick.value}
          </text>
          {/* The counts on the right too: a phone shows the chart's right end (the latest weeks) first. */}
          <text x={CHART.width - CHART.right + 8} y={tick.y} dy="0.35em" className="inbox-chart__label">
            {tick.value}
          </text>
        </g>
      ))}
      {layout.bars.map((bar, i) => (
        <g key={bar.start} data-week={bar.start} data-total={bar.total}>
          {bar.segments.map((s) => (
            <rect key={s.type} x={s.x} y={s.y} width={s.width} height={s.height} fill={`url(#inbox-fill-${fillOf(s.fill)})`} className={`inbox-chart__bar inbox-chart__bar--${fillOf(s.fill)}`} data-type={s.type} data-count={s.count} />
          ))}
          {i % LABEL_EVERY === 0 ? (
            <text x={bar.centre} y={bottom + 18} textAnchor="middle" className="inbox-chart__label">
              {formatShortDay(bar.start, locale)}
            </text>
          ) : null}
        </g>
      ))}
      <text x={CHART.left + PLOT_W / 2} y={CHART.height - 12} textAnchor="middle" className="inbox-chart__axis-title">
        {t('staff.inquiries.stats.axisWeeks')}
      </text>
      <text transform={`translate(14 ${CHART.top + PLOT_H / 2}) rotate(-90)`} textAnchor="middle" className="inbox-chart__axis-title">
        {t('staff.inquiries.stats.axisCount')}
      </text>
    </svg>
  )
}
