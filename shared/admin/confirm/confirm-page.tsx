import { Field } from '../../components/form-field'
import { useI18n } from '../../i18n/context'
import { useStaffState } from '../context'
import type { StaffPageProps } from '../types'
import { ConfirmPasskey } from './confirm-passkey'
import type { ConfirmData } from './page-data'

/**
 * Confirm it is you: before a sensitive step, when the last factor is older than 5 minutes. A
 * passkey first (the account's own), or the password with a code; then back to the page.
 */
export function ConfirmPage({ data }: StaffPageProps<ConfirmData>) {
  const { t } = useI18n()
  const { csrf, path, viewer } = useStaffState()
  return (
    <>
      <h1 className="staff-title">{t('staff.confirm.title')}</h1>
      <p>{t('staff.confirm.intro')}</p>
      {data.notice ? (
        <div className="staff-notice staff-notice--error" role="alert" data-notice={data.notice}>
          <p>{t(`staff.confirm.notices.${data.notice}`)}</p>
        </div>
      ) : null}
      {data.passkey ? <ConfirmPasskey next={data.next} /> : null}
      {data.password ? (
        <form method="post" action={path} className="staff-form" data-form="confirm">
          <input type="hidden" name="_csrf" value={csrf} />
          <input type="hidden" name="next" value={data.next} />
          <input type="text" name="username" autoComplete="username" value={viewer?.email ?? ''} readOnly hidden />
          <Field id="confirm-password" name="password" label={t('staff.signIn.password')} required>
            {(control) => <input {...control} type="password" autoComplete="current-password" />}
          </Field>
          <Field id="confirm-code" name="code" label={t('staff.signIn.code')} hint={t('staff.signIn.codeHint')} required>
            {(control) => <input {...control} type="text" autoComplete="one-time-code" spellCheck={false} autoCapitalize="none" className="input--short" />}
          </Field>
          <div className="form-actions">
            <a className="button button--secondary" href={data.next}>
              {t('units.confirmDialog.cancel')}
            </a>
            <button type="submit" className="button button--primary">
              {t('staff.confirm.submit')}
            </button>
          </div>
        </form>
      ) : null}
    </>
  )
}
