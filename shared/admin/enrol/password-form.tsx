import { Field } from '../../components/form-field'
import { useI18n } from '../../i18n/context'
import { useStaffState } from '../context'
import type { EnrolData } from './page-data'

type Choose = Extract<EnrolData, { step: 'choose' }>

/**
 * The password and code choice: a new password typed twice (the address beside it, for password
 * managers), the authenticator app set up from the QR code or the otpauth:// URI, and its first code.
 */
export function PasswordForm({ data }: { data: Choose }) {
  const { t, locale } = useI18n()
  const { path } = useStaffState()
  const error = (field: 'password' | 'confirm' | 'code') => (data.errors[field] ? t(`staff.enrol.errors.${data.errors[field]}`) : undefined)
  return (
    <section className="staff-enrol__choice" aria-labelledby="enrol-password-heading">
      <h2 id="enrol-password-heading">{t('staff.enrol.passwordHeading')}</h2>
      {/* The page's language goes with the form (the answer, and the account, keep it). */}
      <form method="post" action={`${path}?lang=${locale}`} className="staff-form">
        {/* For password managers: the account the new password belongs to (shown in the page's heading). */}
        <input type="text" name="username" autoComplete="username" value={data.email} readOnly hidden />
        <Field id="enrol-password" name="password" label={t('staff.enrol.password')} hint={t('staff.enrol.passwordHint')} error={error('password')} required>
          {(control) => <input {...control} type="password" autoComplete="new-password" minLength={12} />}
        </Field>
        <Field id="enrol-confirm" name="confirm" label={t('staff.enrol.confirm')} error={error('confirm')} required>
          {(control) => <input {...control} type="password" autoComplete="new-password" />}
        </Field>
        <div className="staff-totp">
          <p>{t('staff.enrol.qrHelp')}</p>
          <span className="staff-totp__qr" dangerouslySetInnerHTML={{ __html: data.totp.qrSvg }} />
          <p className="staff-totp__label">{t('staff.enrol.uriLabel')}</p>
          <code className="staff-totp__uri" data-otpauth-uri="">
            {data.totp.uri}
          </code>
          <p className="staff-totp__label">{t('staff.enrol.secretLabel')}</p>
          <code className="staff-totp__secret">{data.totp.secretText}</code>
        </div>
        <Field id="enrol-code" name="code" label={t('staff.enrol.code')} hint={t('staff.enrol.codeHint')} error={error('code')} required>
          {(control) => <input {...control} type="text" inputMode="numeric" autoComplete="one-time-code" spellCheck={false} className="input--short" />}
        </Field>
        <div className="form-actions">
          <button type="submit" className="button button--secondary">
            {t('staff.enrol.submit')}
          </button>
        </div>
      </form>
    </section>
  )
}
