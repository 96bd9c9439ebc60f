import { useEffect } from 'react'
import { useI18n } from '../../i18n/context'
import { browserSupportsWebAuthnAutofill, signInWithPasskey, usePasskeyStep } from '../passkey-client'

/**
 * Sign in with a passkey: the button (the browser's dialog), and the browser's autofill prompt on
 * the address field, started once hydrated. Needs JavaScript and WebAuthn, so the server renders it
 * hidden and the browser shows it (the password form below works without either).
 */
export function PasskeyButton({ next }: { next: string }) {
  const { t } = useI18n()
  const { supported, busy, failed, start: run, settle } = usePasskeyStep()
  useEffect(() => {
    if (typeof window.PublicKeyCredential !== 'function') return
    // The autofill prompt: resolves only if the person picks a passkey there.
    void browserSupportsWebAuthnAutofill().then((autofill) => {
      if (!autofill) return
      settle(signInWithPasskey({ autofill: true, next }))
    })
  }, [next])
  const start = () => run(() => signInWithPasskey({ autofill: false, next }))
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
