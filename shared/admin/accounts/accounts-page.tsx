import { useI18n } from '../../i18n/context'
import { ConfirmStep } from '../confirm-step'
import { useStaffState } from '../context'
import { STAFF_PATHS } from '../paths'
import { ShownTimeText } from '../shown-time'
import { TableRegion } from '../table-region'
import type { StaffPageProps } from '../types'
import { AccountRow } from './account-row'
import { AddAccountForm } from './add-account-form'
import { accountWords } from './confirm-words'
import type { AccountsData } from './page-data'
import { INTENT_FIELD } from '../define'

/** The confirmation step of an action (without JavaScript): the row's dialog's words, Cancel first. */
function AccountStep({ confirm }: { confirm: NonNullable<AccountsData['confirm']> }) {
  const { t } = useI18n()
  const { path } = useStaffState()
  const { op, account, to } = confirm
  const fields = { [INTENT_FIELD]: op, account: account.id, ...(op === 'role' ? { role: to } : {}) }
  return <ConfirmStep name={op} words={accountWords(t, op, account, to)} action={path} fields={fields} cancel={STAFF_PATHS.accounts} />
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
      {data.confirm ? <AccountStep confirm={data.confirm} /> : null}
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
