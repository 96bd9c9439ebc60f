import { useEffect, useState } from 'react'
import { useI18n } from '../../i18n/context'
import { useStaffState } from '../context'
import { cancelled, confirmWithPasskey } from '../passkey-client'

/** Confirms with one of the account's passkeys: needs JavaScript and WebAuthn, so rendered hidden and shown once hydrated where it works. */
export function ConfirmPasskey({ next }: { next: string }) {
  const { t } = useI18n()
  const { csrf } = useStaffState()
  const [supported, setSupported] = useState(false)
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState(false)
  useEffect(() => setSupported(typeof window.PublicKeyCredential === 'function'), [])
  const start = () => {
    setBusy(true)
    setFailed(false)
    confirmWithPasskey(csrf, next)
      .then((to) => (to ? window.location.assign(to) : setFailed(true)), (err: unknown) => setFailed(!cancelled(err)))
      .finally(() => setBusy(false))
  }
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
