import { useEffect, useState } from 'react'
import { useI18n } from '../../i18n/context'
import { browserSupportsWebAuthnAutofill, cancelled, signInWithPasskey } from '../passkey-client'

/**
 * Sign in with a passkey: the button (the browser's dialog), and the browser's autofill prompt on
 * the address field, started once hydrated. Needs JavaScript and WebAuthn, so the server renders it
 * hidden and the browser shows it (the password form below works without either).
 */
export function PasskeyButton({ next }: { next: string }) {
  const { t } = useI18n()
  const [supported, setSupported] = useState(false)
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    if (typeof window.PublicKeyCredential !== 'function') return
    setSupported(true)
    // The autofill prompt: resolves only if the person picks a passkey there.
    void browserSupportsWebAuthnAutofill().then((autofill) => {
      if (!autofill) return
      signInWithPasskey({ autofill: true, next }).then(
        (to) => (to ? window.location.assign(to) : setFailed(true)),
        (err: unknown) => setFailed(!cancelled(err)),
      )
    })
  }, [next])
  const start = () => {
    setBusy(true)
    setFailed(false)
    signInWithPasskey({ autofill: false, next })
      .then((to) => (to ? window.location.assign(to) : setFailed(true)), (err: unknown) => setFailed(!cancelled(err)))
      .finally(() => setBusy(false))
  }
  return (
    <div className="staff-passkey" hidden={!supported}>
      {failed ? (
        <div className="staff-notice staff-notice--error" role="alert" data-notice="passkeyFailed">
          <p>{t('staff.signIn.notices.passkeyFailed')}</p>
        </div>
      ) : null}
      <button type="button" className="button button--primary staff-passkey__button" data-passkey="" disabled={busy} onClick={start}>
        {t('staff.signIn.passkey')}
      </button>
      <p className="staff-divider">
        <span>{t('staff.signIn.or')}</span>
      </p>
    </div>
  )
}
