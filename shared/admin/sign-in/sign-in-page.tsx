import { Field } from '../../components/form-field'
import { useI18n } from '../../i18n/context'
import type { StaffPageProps } from '../types'
import { STAFF_PATHS } from '../paths'
import { StaffMark } from '../shell/staff-mark'
import { LanguageLinks } from '../shell/language-links'
import { EMPTY_SIGN_IN, type SignInData } from './page-data'
import { PasskeyButton } from './passkey-button'

/**
 * One centred narrow card: the company mark, the title, the passkey button first, then address,
 * password and code. The notice after a failed attempt never says whether the address has an account.
 */
export function SignInPage({ data }: StaffPageProps<SignInData | null>) {
  const { t } = useI18n()
  const { email, notice, token, next } = data ?? EMPTY_SIGN_IN
  return (
    <>
      <div className="staff-card__head">
        <StaffMark size={40} />
        <h1 className="staff-title">{t('staff.signIn.heading')}</h1>
      </div>
      {notice ? (
        <div className={`staff-notice staff-notice--${notice === 'signedOut' ? 'info' : 'error'}`} role={notice === 'signedOut' ? 'status' : 'alert'} data-notice={notice}>
          <p>{t(`staff.signIn.notices.${notice}`)}</p>
        </div>
      ) : null}
      <PasskeyButton next={next} />
      <form method="post" action={STAFF_PATHS.signIn} className="staff-form">
        <input type="hidden" name="_token" value={token} />
        {next ? <input type="hidden" name="next" value={next} /> : null}
        <Field id="sign-in-email" name="email" label={t('staff.signIn.email')} required>
          {(control) => <input {...control} type="email" autoComplete="username webauthn" defaultValue={email} spellCheck={false} autoCapitalize="none" />}
        </Field>
        <Field id="sign-in-password" name="password" label={t('staff.signIn.password')} required>
          {(control) => <input {...control} type="password" autoComplete="current-password" />}
        </Field>
        <Field id="sign-in-code" name="code" label={t('staff.signIn.code')} hint={t('staff.signIn.codeHint')} required>
          {(control) => <input {...control} type="text" autoComplete="one-time-code" spellCheck={false} autoCapitalize="none" className="input--short" />}
        </Field>
        <div className="form-actions">
          <button type="submit" className="button button--secondary">
            {t('staff.signIn.submit')}
          </button>
        </div>
      </form>
      <LanguageLinks />
    </>
  )
}
