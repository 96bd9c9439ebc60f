import { useI18n } from '../../i18n/context'
import { StaffMark } from '../shell/staff-mark'
import type { StaffPageProps } from '../types'
import type { SharedPreviewData } from './page-data'

/** A signed preview link that shows no page: expired (410), not working (404), or its page gone (404). */
export function SharedPreviewPage({ data }: StaffPageProps<SharedPreviewData>) {
  const { t } = useI18n()
  const title = data.problem === 'expired' ? 'expiredTitle' : 'invalidTitle'
  const text = data.problem === 'expired' ? 'expiredText' : data.problem === 'gone' ? 'goneText' : 'invalidText'
  return (
    <div className="staff-error" data-preview-link-problem={data.problem}>
      <StaffMark size={40} />
      <h1 className="staff-title">{t(`staff.content.preview.link.${title}`)}</h1>
      <p>{t(`staff.content.preview.link.${text}`)}</p>
    </div>
  )
}
