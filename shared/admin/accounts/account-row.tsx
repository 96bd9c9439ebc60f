import { useI18n } from '../../i18n/context'
import { useStaffState } from '../context'
import { ConfirmSubmit } from '../confirm-submit'
import { RoleOptions } from '../staff-form'
import { ShownTimeText } from '../shown-time'
import type { AccountRow as Row } from './page-data'

/** A form of a row: the token, the operation, the account. */
function RowForm({ op, id, children }: { op: string; id: string; children: React.ReactNode }) {
  const { csrf, path } = useStaffState()
  return (
    <form method="post" action={path} data-op={op}>
      <input type="hidden" name="_csrf" value={csrf} />
      <input type="hidden" name="op" value={op} />
      <input type="hidden" name="account" value={id} />
      {children}
    </form>
  )
}

/** One account: who, role (changeable but not one's own), state, passkeys, last sign-in, and its actions. */
export function AccountRow({ row }: { row: Row }) {
  const { t } = useI18n()
  return (
    <tr data-account={row.email}>
      <td>{row.email}</td>
      <td>{row.name}</td>
      <td>
        {row.self ? (
          t(`staff.roles.${row.role}`)
        ) : (
          <RowForm op="role" id={row.id}>
            <label className="visually-hidden" htmlFor={`role-${row.id}`}>
              {t('staff.accounts.role')}
            </label>
            <select id={`role-${row.id}`} name="role" defaultValue={row.role}>
              <RoleOptions />
            </select>{' '}
            <button type="submit" className="button button--secondary">
              {t('staff.accounts.changeRole')}
            </button>
          </RowForm>
        )}
      </td>
      <td>{t(row.disabled ? 'staff.accounts.state.disabled' : 'staff.accounts.state.active')}</td>
      <td className="num">{row.passkeys}</td>
      <td>{row.lastSignIn ? <ShownTimeText time={row.lastSignIn} /> : t('staff.accounts.never')}</td>
      <td>
        {row.self ? null : (
          <div className="staff-row-actions">
            {row.disabled ? (
              <RowForm op="enable" id={row.id}>
                <button type="submit" className="button button--secondary">
                  {t('staff.accounts.enable')}
                </button>
              </RowForm>
            ) : (
              <>
                <RowForm op="enrol" id={row.id}>
                  <input type="hidden" name="confirmed" value="" />
                  <ConfirmSubmit kind="delete">{t('staff.accounts.enrol')}</ConfirmSubmit>
                </RowForm>
                <RowForm op="endSessions" id={row.id}>
                  <input type="hidden" name="confirmed" value="" />
                  <ConfirmSubmit kind="delete">{t('staff.accounts.endSessions')}</ConfirmSubmit>
                </RowForm>
                <RowForm op="disable" id={row.id}>
                  <input type="hidden" name="confirmed" value="" />
                  <ConfirmSubmit kind="delete">{t('staff.accounts.disable')}</ConfirmSubmit>
                </RowForm>
              </>
            )}
          </div>
        )}
      </td>
    </tr>
  )
}
