import { useI18n } from '../../i18n/context'
import { useStaffState } from '../context'
import { STAFF_PATHS } from '../paths'
import type { InquiriesData } from './page-data'

/**
 * The export of the current view: a POST (the file holds personal data: the session's token, and a
 * factor confirmed again when the last is old) carrying the list's filter, in CSV or JSON.
 */
export function ExportForm({ data }: { data: InquiriesData }) {
  const { t } = useI18n()
  const { csrf } = useStaffState()
  return (
    <section className="staff-section inbox-export" aria-labelledby="inquiry-export-heading">
      <h2 id="inquiry-export-heading">{t('staff.inquiries.exportForm.heading')}</h2>
      <form method="post" action={STAFF_PATHS.inquiriesExport} data-form="inquiry-export">
        <input type="hidden" name="_csrf" value={csrf} />
        {data.exportFields.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <p>{t('staff.inquiries.exportForm.text', { count: data.total })}</p>
        <p className="form-actions">
          <button type="submit" name="format" value="csv" className="button button--secondary">
            {t('staff.inquiries.exportForm.csv')}
          </button>
          <button type="submit" name="format" value="json" className="button button--secondary">
            {t('staff.inquiries.exportForm.json')}
          </button>
        </p>
      </form>
    </section>
  )
}
