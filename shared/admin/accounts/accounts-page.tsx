import { useI18n } from '../../i18n/context'
import { useStaffState } from '../context'
import { STAFF_PATHS } from '../paths'
import { ShownTimeText } from '../shown-time'
import { TableRegion } from '../table-region'
import type { StaffPageProps } from '../types'
import { AccountRow } from './account-row'
import { AddAccountForm } from './add-account-form'
import type { AccountsData } from './page-data'

/** The confirmation step of a destructive action (without JavaScript): Cancel first, the danger button second, neither focused. */
function ConfirmStep({ confirm }: { confirm: NonNullable<AccountsData['confirm']> }) {
  const { t } = useI18n()
  const { csrf, path, data } = useStaffState()
  const row = (data as AccountsData).rows.find((r) => r.email === confirm.email)
  return (
    <section className="staff-notice staff-notice--error" role="alertdialog" aria-labelledby="confirm-step-title" data-confirm={confirm.op}>
      <h2 id="confirm-step-title">{t(`staff.accounts.confirm.${confirm.op}.title`)}</h2>
      <p>{t(`staff.accounts.confirm.${confirm.op}.text`, { email: confirm.email })}</p>
      <form method="post" action={path} className="form-actions">
        <input type="hidden" name="_csrf" value={csrf} />
        <input type="hidden" name="op" value={confirm.op} />
        <input type="hidden" name="account" value={row?.id ?? ''} />
        <input type="hidden" name="confirmed" value="1" />
        <a className="button button--secondary" href={STAFF_PATHS.accounts}>
          {t('units.confirmDialog.cancel')}
        </a>
        <button type="submit" className="button button--danger">
          {t(`staff.accounts.${confirm.op}`)}
        </button>
      </form>
    </section>
  )
}

/** Staff accounts: notices, the one-time link, the list, the add form. */
export function AccountsPage({ data }: StaffPageProps<AccountsData>) {
  const { t } = useI18n()
  return (
    <>
      <h1 className="staff-title">{t('staff.accounts.title')}</h1>
      {data.notice ? (
        <div className="staff-notice" role="status" data-notice={data.notice}>
          <p>{t(`staff.accounts.notices.${data.notice}`)}</p>
        </div>
      ) : null}
      {data.link ? (
        <div className="staff-notice" role="note" data-enrolment-link="">
          <p>{t('staff.accounts.link.text', { email: data.link.email })}</p>
          <p>
            <label htmlFor="enrolment-link">{t('staff.accounts.link.label')}</label>
            <input id="enrolment-link" className="staff-copy" type="text" readOnly value={data.link.url} />
          </p>
          <p className="staff-muted">
            {t('staff.accounts.link.expires')} <ShownTimeText time={data.link.expires} />
          </p>
        </div>
      ) : null}
      {data.confirm ? <ConfirmStep confirm={data.confirm} /> : null}
      <TableRegion labelledBy="accounts-caption" cards>
        <table className="staff-table" data-accounts="">
          <caption id="accounts-caption" className="visually-hidden">
            {t('staff.accounts.title')}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('staff.accounts.account')}</th>
              <th scope="col">{t('staff.accounts.role')}</th>
              <th scope="col">{t('staff.accounts.status')}</th>
              <th scope="col">{t('staff.accounts.lastSignIn')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('staff.accounts.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.rows.map((row) => (
              <AccountRow key={row.id} row={row} />
            ))}
          </tbody>
        </table>
      </TableRegion>
      <AddAccountForm data={data} />
    </>
  )
}
