import { useI18n } from '../../i18n/context'
import { useStaffState } from '../context'
import { ConfirmSubmit } from '../confirm-submit'
import { RoleOptions } from '../staff-form'
import { ShownTimeText } from '../shown-time'
import { Whole } from '../whole'
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

/**
 * One account in five columns that fit a small laptop: the name over the address, the role (changeable but not
 * one's own, the button under the list), the state over the number of passkeys, the last sign-in, the actions
 * (one under another when the column is narrow). Each cell names its column for the phone's card.
 */
export function AccountRow({ row }: { row: Row }) {
  const { t } = useI18n()
  const label = (key: string) => t(`staff.accounts.${key}`)
  return (
    <tr data-account={row.email}>
      <td data-label={label('account')}>
        <div className="staff-table__lines">
          {row.name ? <Whole>{row.name}</Whole> : null}
          <Whole>{row.email}</Whole>
        </div>
      </td>
      <td data-label={label('role')}>
        {row.self ? (
          <div>{t(`staff.roles.${row.role}`)}</div>
        ) : (
          <RowForm op="role" id={row.id}>
            <label className="visually-hidden" htmlFor={`role-${row.id}`}>
              {label('role')}
            </label>
            <select id={`role-${row.id}`} name="role" defaultValue={row.role}>
              <RoleOptions />
            </select>{' '}
            <button type="submit" className="button button--secondary">
              {label('changeRole')}
            </button>
          </RowForm>
        )}
      </td>
      <td data-label={label('status')}>
        <div className="staff-table__lines">
          <span>{t(row.disabled ? 'staff.accounts.state.disabled' : 'staff.accounts.state.active')}</span>
          <Whole>{t('staff.accounts.passkeyCount', { count: row.passkeys })}</Whole>
        </div>
      </td>
      <td data-label={label('lastSignIn')}>
        <div>{row.lastSignIn ? <ShownTimeText time={row.lastSignIn} /> : label('never')}</div>
      </td>
      <td data-label={label('actions')}>
        {row.self ? null : (
          <div className="staff-row-actions">
            {row.disabled ? (
              <RowForm op="enable" id={row.id}>
                <button type="submit" className="button button--secondary">
                  {label('enable')}
                </button>
              </RowForm>
            ) : (
              <>
                <RowForm op="enrol" id={row.id}>
                  <input type="hidden" name="confirmed" value="" />
                  <ConfirmSubmit kind="delete">{label('enrol')}</ConfirmSubmit>
                </RowForm>
                <RowForm op="endSessions" id={row.id}>
                  <input type="hidden" name="confirmed" value="" />
                  <ConfirmSubmit kind="delete">{label('endSessions')}</ConfirmSubmit>
                </RowForm>
                <RowForm op="disable" id={row.id}>
                  <input type="hidden" name="confirmed" value="" />
                  <ConfirmSubmit kind="delete">{label('disable')}</ConfirmSubmit>
                </RowForm>
              </>
            )}
          </div>
        )}
      </td>
    </tr>
  )
}
