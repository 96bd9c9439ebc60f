import { useEffect, useState } from 'react'
import { useI18n } from '../../i18n/context'

/**
 * Sign in with a passkey: needs JavaScript and a browser with WebAuthn, so the server renders it
 * hidden and the browser shows it once hydrated (the password form below works without either).
 */
export function PasskeyButton({ onClick, busy = false }: { onClick?: () => void; busy?: boolean }) {
  const { t } = useI18n()
  const [supported, setSupported] = useState(false)
  useEffect(() => setSupported(typeof window.PublicKeyCredential === 'function'), [])
  return (
    <div className="staff-passkey" hidden={!supported}>
      <button type="button" className="button button--primary staff-passkey__button" data-passkey="" disabled={busy} onClick={onClick}>
        {t('staff.signIn.passkey')}
      </button>
      <p className="staff-divider">
        <span>{t('staff.signIn.or')}</span>
      </p>
    </div>
  )
}
