import { formatShortDay } from '../../format'
import { useI18n } from '../../i18n/context'
import { TableRegion } from '../table-region'
import { Whole } from '../whole'
import type { InquiryStatsData } from './page-data'
import { fillOf } from './week-chart'

/** The legend: each type's pattern swatch (the chart's own fills) and its name. */
export function ChartLegend({ types }: { types: string[] }) {
  const { t } = useI18n()
  return (
    <ul className="inbox-legend" aria-label={t('staff.inquiries.stats.legend')}>
      {types.map((type, i) => (
        <li key={type} data-type={type}>
          <svg width="20" height="14" viewBox="0 0 20 14" aria-hidden="true" focusable="false">
            <rect x="0.5" y="0.5" width="19" height="13" fill={`url(#inbox-fill-${fillOf(i)})`} className={`inbox-chart__bar inbox-chart__bar--${fillOf(i)}`} />
          </svg>
          <span>{t(`units.contact.types.${type}`)}</span>
        </li>
      ))}
    </ul>
  )
}

/** The chart's figures as a table (what a screen reader reads, and the exact numbers for everyone). */
export function StatsTable({ data }: { data: InquiryStatsData }) {
  const { t, locale } = useI18n()
  const weekTotal = (counts: Record<string, number>) => data.types.reduce((a, type) => a + (counts[type] ?? 0), 0)
  const typeTotal = (type: string) => data.weeks.reduce((a, w) => a + (w.counts[type] ?? 0), 0)
  // The caption is also the heading above the table: on a phone the table scrolls sideways (a region reachable
  // by keyboard, named by that heading) and a caption as wide as the table would scroll away with it.
  return (
    <div className="inbox-stats__table">
      <h2 id="inbox-stats-heading" className="inbox-stats__heading">
        {t('staff.inquiries.stats.tableCaption')}
      </h2>
      <TableRegion labelledBy="inbox-stats-heading" className="inbox-stats-table">
        <table className="staff-table" data-stats="">
          <caption className="visually-hidden">{t('staff.inquiries.stats.tableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('staff.inquiries.stats.week')}</th>
              {data.types.map((type) => (
                <th key={type} scope="col" className="num">
                  {t(`units.contact.types.${type}`)}
                </th>
              ))}
              <th scope="col" className="num">
                {t('staff.inquiries.stats.total')}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.weeks.map((week) => (
              <tr key={week.start} data-week={week.start}>
                <th scope="row">
                  <time dateTime={week.start}>
                    <Whole>{formatShortDay(week.start, locale, true)}</Whole>
                  </time>
                </th>
                {data.types.map((type) => (
                  <td key={type} className="num" data-type={type}>
                    {week.counts[type] ?? 0}
                  </td>
                ))}
                <td className="num" data-total="">
                  {weekTotal(week.counts)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr data-week="all">
              <th scope="row">{t('staff.inquiries.stats.allWeeks')}</th>
              {data.types.map((type) => (
                <td key={type} className="num" data-type={type}>
                  {typeTotal(type)}
                </td>
              ))}
              <td className="num" data-total="">
                {data.weeks.reduce((a, w) => a + weekTotal(w.counts), 0)}
              </td>
            </tr>
          </tfoot>
        </table>
      </TableRegion>
    </div>
  )
}
