import { ErrorSummary } from '../../components/error-summary'
import { useI18n } from '../../i18n/context'
import { useStaffState } from '../context'
import { STAFF_PATHS } from '../paths'
import { LanguageLinks } from '../shell/language-links'
import { StaffMark } from '../shell/staff-mark'
import type { StaffPageProps } from '../types'
import { EnrolPasskey } from './enrol-passkey'
import { PasswordForm } from './password-form'
import type { EnrolData } from './page-data'

/**
 * The enrolment link's page, in the newcomer's language (their browser's, or the language links' choice):
 * choose a passkey or a password and code; the recovery codes once; or why the link no longer works.
 */
export function EnrolPage({ data }: StaffPageProps<EnrolData>) {
  const { t } = useI18n()
  const { params } = useStaffState()
  if (data.step === 'invalid') {
    return (
      <div className="staff-error" data-step="invalid">
        <StaffMark size={40} />
        <h1 className="staff-title">{t('staff.enrol.invalid.title')}</h1>
        <p>{t('staff.enrol.invalid.text')}</p>
        <LanguageLinks />
      </div>
    )
  }
  if (data.step === 'done') {
    return (
      <div className="staff-enrol" data-step="done">
        <h1 className="staff-title">{t('staff.enrol.done.title')}</h1>
        <p>{t('staff.enrol.done.text')}</p>
        <div className="staff-notice" role="note">
          <p>{t('staff.enrol.done.warning')}</p>
        </div>
        <ol className="staff-codes" data-recovery-codes="">
          {data.recoveryCodes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ol>
        <p>
          <a className="button button--primary" href={STAFF_PATHS.home}>
            {t('staff.enrol.done.continue')}
          </a>
        </p>
      </div>
    )
  }
  const errors = Object.entries(data.errors).map(([field, problem]) => ({
    id: `enrol-${field}`,
    text: `${t(`staff.enrol.${field}`)}: ${t(`staff.enrol.errors.${problem}`)}`,
  }))
  return (
    <div className="staff-enrol" data-step="choose">
      <div className="staff-card__head">
        <StaffMark size={40} />
        <h1 className="staff-title">{t('staff.enrol.heading')}</h1>
        <p className="staff-muted">{t('staff.enrol.account', { email: data.email })}</p>
      </div>
      {errors.length ? <ErrorSummary items={errors} autoFocus /> : null}
      <EnrolPasskey token={params.token ?? ''} />
      <PasswordForm data={data} />
      <LanguageLinks />
    </div>
  )
}
