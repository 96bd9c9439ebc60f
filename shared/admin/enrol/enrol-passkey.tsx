import { useI18n } from '../../i18n/context'
import { enrolPasskey, usePasskeyStep } from '../passkey-client'

/** The passkey choice: needs JavaScript and WebAuthn, so it is rendered hidden and shown once hydrated where it works. */
export function EnrolPasskey({ token }: { token: string }) {
  const { t, locale } = useI18n()
  const { supported, busy, failed, start: run } = usePasskeyStep()
  const start = () => run(() => enrolPasskey(token, '', locale))
  return (
    <section className="staff-enrol__choice" aria-labelledby="enrol-passkey-heading" hidden={!supported}>
      <h2 id="enrol-passkey-heading">{t('staff.enrol.passkey.heading')}</h2>
      <p>{t('staff.enrol.passkey.text')}</p>
      {failed ? (
        <div className="staff-notice staff-notice--error" role="alert" data-notice="passkeyFailed">
          <p>{t('staff.enrol.passkey.failed')}</p>
        </div>
      ) : null}
      <button type="button" className="button button--primary" data-enrol-passkey="" disabled={busy} onClick={start}>
        {t('staff.enrol.passkey.button')}
      </button>
    </section>
  )
}
