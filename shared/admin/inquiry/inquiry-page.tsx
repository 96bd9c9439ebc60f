import { useI18n } from '../../i18n/context'
import { inertField } from '../inert-text'
import { STAFF_PATHS } from '../paths'
import { ShownTimeText } from '../shown-time'
import type { StaffPageProps } from '../types'
import { wholeIn } from '../whole'
import { InquiryFields, InquiryMails } from './inquiry-fields'
import { InquiryHistory } from './inquiry-history'
import type { InquiryData, InquiryNotice } from './page-data'
import { ReplyForm } from './reply-form'
import { TriageForm } from './triage-form'

const ERROR_NOTICES: readonly InquiryNotice[] = ['retryRefused', 'erased']

/** Where the inquiry stands: status, assignee, legal hold, each in words. */
function Summary({ data }: { data: InquiryData }) {
  const { t } = useI18n()
  return (
    <p className="inquiry-summary" data-status={data.status}>
      <span className="staff-badge">{t(`staff.inquiries.statuses.${data.status}`)}</span>{' '}
      <span>{data.assignee ? wholeIn(t, 'staff.inquiry.assignedTo', { name: inertField(data.assignee.name) }) : t('staff.inquiry.triage.unassigned')}</span>
      {data.legalHold ? (
        <>
          {' '}
          <span className="staff-badge" data-legal-hold="">
            {t('staff.inquiry.onHold')}
          </span>
        </>
      ) : null}
      {data.erased ? null : (
        <a className="inquiry-summary__jump" href="#triage-heading">
          {t('staff.inquiry.toActions')}
        </a>
      )}
    </p>
  )
}

/**
 * One inquiry: its fields, mails and history beside the actions (triage, reply) at desktop widths,
 * one column on phones. An erased inquiry is read-only: what erasure kept, and its history.
 */
export function InquiryPage({ data }: StaffPageProps<InquiryData>) {
  const { t } = useI18n()
  return (
    <>
      <p className="inquiry-back">
        <a href={STAFF_PATHS.inquiries}>{t('staff.inquiry.back')}</a>
      </p>
      <h1 className="staff-title">{wholeIn(t, 'staff.inquiry.heading', { reference: inertField(data.fields.reference) })}</h1>
      <Summary data={data} />
      {data.notice ? (
        <div className={`staff-notice${ERROR_NOTICES.includes(data.notice) ? ' staff-notice--error' : ''}`} role="status" data-notice={data.notice}>
          <p>{t(`staff.inquiry.notices.${data.notice}`)}</p>
        </div>
      ) : null}
      {data.erased ? (
        <div className="staff-notice" role="note" data-erased="">
          <p>
            {t('staff.inquiry.erasedOn')} <ShownTimeText time={data.erased} />
          </p>
        </div>
      ) : null}
      <div className={`inquiry-layout${data.erased ? ' inquiry-layout--read-only' : ''}`}>
        <div className="inquiry-layout__main">
          <InquiryFields data={data} />
          <InquiryMails data={data} />
          <InquiryHistory items={data.history} />
        </div>
        {data.erased ? null : (
          <div className="inquiry-layout__actions">
            <TriageForm data={data} />
            <ReplyForm data={data} />
          </div>
        )}
      </div>
    </>
  )
}
