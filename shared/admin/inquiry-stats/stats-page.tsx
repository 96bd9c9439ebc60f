import { useI18n } from '../../i18n/context'
import { STAFF_PATHS } from '../paths'
import type { StaffPageProps } from '../types'
import { durationWords } from './duration'
import type { InquiryStatsData } from './page-data'
import { ChartLegend, StatsTable } from './stats-table'
import { WeekChart } from './week-chart'

/** The inbox in figures: inquiries per week by type (chart and table) and the median time to the first reply. */
export function InquiryStatsPage({ data }: StaffPageProps<InquiryStatsData>) {
  const { t } = useI18n()
  return (
    <>
      <h1 className="staff-title">{t('staff.inquiries.stats.title')}</h1>
      <p className="staff-muted">{t('staff.inquiries.stats.intro')}</p>
      <p>
        <a href={STAFF_PATHS.inquiries}>{t('staff.inquiries.stats.toList')}</a>
      </p>
      <section className="staff-section" aria-labelledby="inbox-median-heading">
        <h2 id="inbox-median-heading" className="inbox-stats__heading">
          {t('staff.inquiries.stats.medianHeading')}
        </h2>
        <p data-median={data.medianFirstReplyMs ?? ''}>
          {data.medianFirstReplyMs === null
            ? t('staff.inquiries.stats.noReplies')
            : t('staff.inquiries.stats.median', { duration: durationWords(data.medianFirstReplyMs, t), count: data.replied })}
        </p>
      </section>
      <div className="inbox-stats">
        {/* Each part under its own heading (the median's stands over its sentence only). */}
        <section aria-labelledby="inbox-chart-heading">
          <h2 id="inbox-chart-heading" className="inbox-stats__heading">
            {t('staff.inquiries.stats.chartTitle')}
          </h2>
          <figure className="inbox-stats__chart">
            {/* On a phone the chart scrolls sideways: a region reachable by keyboard, a shadow where it is cut. */}
            <div className="inbox-chart-wrap staff-scroll" tabIndex={0} role="group" aria-labelledby="inbox-chart-heading">
              <WeekChart data={data} />
            </div>
            <figcaption>
              <ChartLegend types={data.types} />
            </figcaption>
          </figure>
        </section>
        <StatsTable data={data} />
      </div>
    </>
  )
}
