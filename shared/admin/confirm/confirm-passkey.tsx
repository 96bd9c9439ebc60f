import { useI18n } from '../../i18n/context'
import { useStaffState } from '../context'
import { confirmWithPasskey, usePasskeyStep } from '../passkey-client'

/** Confirms with one of the account's passkeys: needs JavaScript and WebAuthn, so rendered hidden and shown once hydrated where it works. */
export function ConfirmPasskey({ next }: { next: string }) {
  const { t } = useI18n()
  const { csrf } = useStaffState()
  const { supported, busy, failed, start: run } = usePasskeyStep()
  const start = () => run(() => confirmWithPasskey(csrf, next))
  return (
    <div className="staff-passkey" hidden={!supported}>
      {failed ? (
        <div className="staff-notice staff-notice--error" role="alert" data-notice="passkeyFailed">
          <p>{t('staff.confirm.passkeyFailed')}</p>
        </div>
      ) : null}
      <button type="button" className="button button--primary staff-passkey__button" data-confirm-passkey="" disabled={busy} onClick={start}>
        {t('staff.confirm.passkey')}
      </button>
    </div>
  )
}
