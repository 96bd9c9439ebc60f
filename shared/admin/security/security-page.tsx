import { useI18n } from '../../i18n/context'
import { ConfirmStep } from '../confirm-step'
import { useStaffState } from '../context'
import { STAFF_PATHS } from '../paths'
import { TableRegion } from '../table-region'
import type { StaffPageProps } from '../types'
import { AddPasskey } from './add-passkey'
import type { SecurityData } from './page-data'
import { PasskeyRow, removeWords } from './passkey-row'
import { INTENT_FIELD } from '../define'

/** The confirmation step of a removal (without JavaScript): the row's dialog's words, Cancel first. */
function ConfirmRemove({ confirm }: { confirm: NonNullable<SecurityData['confirm']> }) {
  const { t } = useI18n()
  const { path } = useStaffState()
  return <ConfirmStep name="remove" words={removeWords(t, confirm.name)} action={path} fields={{ [INTENT_FIELD]: 'remove', passkey: confirm.id }} cancel={STAFF_PATHS.security} />
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
