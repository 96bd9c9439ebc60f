import { useState } from 'react'
import { useI18n } from '../../i18n/context'
import { useStaffState } from '../context'
import { addPasskey, usePasskeyStep } from '../passkey-client'

/** Adds a passkey (named): needs JavaScript and WebAuthn, so rendered hidden and shown once hydrated where it works. */
export function AddPasskey() {
  const { t } = useI18n()
  const { csrf } = useStaffState()
  const { supported, busy, failed, start: run } = usePasskeyStep()
  const [name, setName] = useState('')
  const start = () => run(() => addPasskey(csrf, name))
  return (
    <section className="staff-section" aria-labelledby="add-passkey-heading" hidden={!supported}>
      <h2 id="add-passkey-heading">{t('staff.security.add.heading')}</h2>
      <p className="staff-muted">{t('staff.security.add.text')}</p>
      {failed ? (
        <div className="staff-notice staff-notice--error" role="alert" data-notice="passkeyFailed">
          <p>{t('staff.security.add.failed')}</p>
        </div>
      ) : null}
      <div className="staff-form">
        <p>
          <label htmlFor="new-passkey-name">{t('staff.security.name')}</label>{' '}
          <input id="new-passkey-name" type="text" maxLength={60} autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} />
        </p>
        <div className="form-actions">
          <button type="button" className="button button--primary" data-add-passkey="" disabled={busy} onClick={start}>
            {t('staff.security.add.button')}
          </button>
        </div>
      </div>
    </section>
  )
}
