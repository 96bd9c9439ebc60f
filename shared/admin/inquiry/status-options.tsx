import { useI18n } from '../../i18n/context'
import { INQUIRY_STATUSES } from '../inquiry-states'

/** The statuses as a select's options, by their labels (the triage form, the reply's "after sending"). */
export function StatusOptions() {
  const { t } = useI18n()
  return (
    <>
      {INQUIRY_STATUSES.map((s) => (
        <option key={s} value={s}>
          {t(`staff.inquiries.statuses.${s}`)}
        </option>
      ))}
    </>
  )
}
