import { useI18n } from '../../i18n/context'
import { useStaffState } from '../context'
import { STAFF_PATHS } from '../paths'
import { TableRegion } from '../table-region'
import type { StaffPageProps } from '../types'
import { AddPasskey } from './add-passkey'
import type { SecurityData } from './page-data'
import { PasskeyRow } from './passkey-row'

/** The confirmation step of a removal (without JavaScript): Cancel first, the danger button second, neither focused. */
function ConfirmRemove({ confirm }: { confirm: NonNullable<SecurityData['confirm']> }) {
  const { t } = useI18n()
  const { csrf, path } = useStaffState()
  return (
    <section className="staff-notice staff-notice--error" role="alertdialog" aria-labelledby="confirm-remove-title" data-confirm="remove">
      <h2 id="confirm-remove-title">{t('staff.security.confirmRemove.title')}</h2>
      <p>{t('staff.security.confirmRemove.text', { name: confirm.name })}</p>
      <form method="post" action={path} className="form-actions">
        <input type="hidden" name="_csrf" value={csrf} />
        <input type="hidden" name="op" value="remove" />
        <input type="hidden" name="passkey" value={confirm.id} />
        <input type="hidden" name="confirmed" value="1" />
        <a className="button button--secondary" href={STAFF_PATHS.security}>
          {t('units.confirmDialog.cancel')}
        </a>
        <button type="submit" className="button button--danger">
          {t('staff.security.remove')}
        </button>
      </form>
    </section>
  )
}

/** The signed-in staff member's own sign-in factors: passkeys (listed, renamed, removed, added) and the password. */
export function SecurityPage({ data }: StaffPageProps<SecurityData>) {
  const { t } = useI18n()
  return (
    <>
      <h1 className="staff-title">{t('staff.security.title')}</h1>
      <p className="staff-muted">{t('staff.security.intro')}</p>
      {data.notice ? (
        <div className="staff-notice" role="status" data-notice={data.notice}>
          <p>{t(`staff.security.notices.${data.notice}`)}</p>
        </div>
      ) : null}
      {data.confirm ? <ConfirmRemove confirm={data.confirm} /> : null}
      <h2>{t('staff.security.passkeys')}</h2>
      {data.passkeys.length === 0 ? (
        <p>{t('staff.security.noPasskeys')}</p>
      ) : (
        <TableRegion labelledBy="passkeys-caption" cards>
          <table className="staff-table" data-passkeys="">
            <caption id="passkeys-caption" className="visually-hidden">
              {t('staff.security.passkeys')}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('staff.security.name')}</th>
                <th scope="col">{t('staff.security.created')}</th>
                <th scope="col">{t('staff.security.lastUsed')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('staff.security.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.passkeys.map((row, i) => (
                <PasskeyRow key={row.id} row={row} index={i} />
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
      <AddPasskey />
      <h2>{t('staff.security.password')}</h2>
      <p data-password-factor={data.password ? 'set' : 'none'}>
        {data.password ? t('staff.security.passwordSet', { count: data.recoveryLeft }) : t('staff.security.passwordNone')}
      </p>
    </>
  )
}
