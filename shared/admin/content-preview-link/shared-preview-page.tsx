import { useI18n } from '../../i18n/context'
import { StaffMark } from '../shell/staff-mark'
import type { StaffPageProps } from '../types'
import type { SharedPreviewData } from './page-data'

/** The title and text of each problem (a page gone: the title of a link that does not work). */
const WORDS: Record<SharedPreviewData['problem'], [title: string, text: string]> = {
  expired: ['expiredTitle', 'expiredText'],
  stale: ['staleTitle', 'staleText'],
  invalid: ['invalidTitle', 'invalidText'],
  gone: ['invalidTitle', 'goneText'],
}

/** A signed preview link that shows no page: expired or out of date (410), not working (404), or its page gone (404). */
export function SharedPreviewPage({ data }: StaffPageProps<SharedPreviewData>) {
  const { t } = useI18n()
  const [title, text] = WORDS[data.problem]
  return (
    <div className="staff-error" data-preview-link-problem={data.problem}>
      <StaffMark size={40} />
      <h1 className="staff-title">{t(`staff.content.preview.link.${title}`)}</h1>
      <p>{t(`staff.content.preview.link.${text}`)}</p>
    </div>
  )
}
