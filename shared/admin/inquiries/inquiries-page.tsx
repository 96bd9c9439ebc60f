import { useI18n } from '../../i18n/context'
import { STAFF_PATHS } from '../paths'
import type { StaffPageProps } from '../types'
import { ExportForm } from '../export-form'
import { InquiryFilters } from './inquiry-filters'
import { InquiryTable } from './inquiry-table'
import type { InquiriesData } from './page-data'

function Pager({ data }: { data: InquiriesData }) {
  const { t } = useI18n()
  if (!data.prev && !data.next) return null
  return (
    <nav className="staff-pager" aria-label={t('staff.inquiries.pages')}>
      {data.prev ? (
        <a href={data.prev} rel="prev">
          {t('staff.inquiries.prev')}
        </a>
      ) : null}
      <span aria-current="page">{t('staff.inquiries.page', { page: data.page, pages: data.pages })}</span>
      {data.next ? (
        <a href={data.next} rel="next">
          {t('staff.inquiries.next')}
        </a>
      ) : null}
    </nav>
  )
}

/**
 * What the list says when it has no row: no inquiry yet, none for this filter (a search in kanji: try its
 * reading in kana), or a page past the last.
 */
function Empty({ data }: { data: InquiriesData }) {
  const { t } = useI18n()
  if (data.total > 0) {
    return (
      <p className="staff-notice" data-empty="past-end">
        {t('staff.inquiries.pastEnd', { page: data.page, pages: data.pages })} <a href={data.first}>{t('staff.inquiries.toFirst')}</a>
      </p>
    )
  }
  return (
    <p className="staff-notice" data-empty={data.filtered ? 'filtered' : 'none'}>
      {t(data.filtered ? 'staff.inquiries.emptyFiltered' : 'staff.inquiries.empty')}
      {data.suggestKana ? (
        <>
          <br />
          <span data-hint="kana">{t('staff.inquiries.emptyKana')}</span>
        </>
      ) : null}
    </p>
  )
}

/**
 * The inquiry inbox: the filter (the address is the view), the count, one page of inquiries with
 * their mail, the pager and the export of the view. A filter value that is not valid lists nothing
 * (answered 400): the problems, each naming its parameter, and the form to correct it.
 */
export function InquiriesPage({ data }: StaffPageProps<InquiriesData>) {
  const { t } = useI18n()
  return (
    <>
      <div className="inbox-head">
        <h1 className="staff-title">{t('staff.inquiries.title')}</h1>
        <ul className="inbox-head__links">
          <li>
            <a href={STAFF_PATHS.inquiriesStats}>{t('staff.inquiries.statsLink')}</a>
          </li>
          <li>
            <a href={STAFF_PATHS.inquiriesPerson}>{t('staff.inquiries.person.title')}</a>
          </li>
        </ul>
      </div>
      <p className="staff-muted">{t('staff.inquiries.intro')}</p>
      {data.problems.length ? (
        <div className="staff-notice staff-notice--error" role="alert" data-problems={data.problems.join(' ')}>
          <p>{t('staff.inquiries.invalid')}</p>
          <ul>
            {data.problems.map((p) => (
              <li key={p}>{t(`staff.inquiries.errors.${p}`)}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <InquiryFilters data={data} />
      {data.problems.length ? null : (
        <>
          <p className="inbox-total" data-total={data.total}>
            {t('staff.inquiries.total', { count: data.total })}
          </p>
          {data.rows.length ? <InquiryTable rows={data.rows} /> : <Empty data={data} />}
          <Pager data={data} />
          {data.total > 0 ? (
            <section className="staff-section inbox-export" aria-labelledby="inquiry-export-heading">
              <h2 id="inquiry-export-heading">{t('staff.inquiries.exportForm.heading')}</h2>
              <ExportForm action={STAFF_PATHS.inquiriesExport} form="inquiry-export" fields={data.exportFields}>
                <p>{t('staff.inquiries.exportForm.text', { count: data.total })}</p>
              </ExportForm>
            </section>
          ) : null}
        </>
      )}
    </>
  )
}
