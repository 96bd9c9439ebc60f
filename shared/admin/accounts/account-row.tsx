import { useState } from 'react'
import { useI18n } from '../../i18n/context'
import { useStaffState } from '../context'
import { ConfirmSubmit } from '../confirm-submit'
import { RoleOptions } from '../staff-form'
import type { StaffRole } from '../roles'
import { ShownTimeText } from '../shown-time'
import { Whole } from '../whole'
import { accountWords } from './confirm-words'
import type { AccountRow as Row, ConfirmedOp } from './page-data'
import { INTENT_FIELD } from '../define'

/** A form of a row: the token, the operation, the account, `confirmed` empty (the dialog, or the server's confirmation step). */
function RowForm({ op, id, children }: { op: ConfirmedOp; id: string; children: React.ReactNode }) {
  const { csrf, path } = useStaffState()
  return (
    <form method="post" action={path} data-op={op}>
      <input type="hidden" name="_csrf" value={csrf} />
      <input type="hidden" name={INTENT_FIELD} value={op} />
      <input type="hidden" name="account" value={id} />
      <input type="hidden" name="confirmed" value="" />
      {children}
    </form>
  )
}

/** An action's button (the ones that take nothing away quiet): asks first, in words naming the account and what follows. */
function Action({ row, op, to }: { row: Row; op: ConfirmedOp; to?: StaffRole }) {
  const { t } = useI18n()
  const words = accountWords(t, op, row, to)
  return (
    <ConfirmSubmit words={words} secondary={words.tone === 'primary'}>
      {op === 'role' ? t('staff.accounts.changeRole') : words.action}
    </ConfirmSubmit>
  )
}

/** The role of another account: the choice, and its change confirmed in words naming the new role. */
function RoleForm({ row }: { row: Row }) {
  const { t } = useI18n()
  const [role, setRole] = useState<StaffRole>(row.role)
  return (
    <RowForm op="role" id={row.id}>
      <label className="visually-hidden" htmlFor={`role-${row.id}`}>
        {t('staff.accounts.role')}
      </label>
      <select id={`role-${row.id}`} name="role" value={role} onChange={(e) => setRole(e.currentTarget.value as StaffRole)}>
        <RoleOptions />
      </select>{' '}
      <Action row={row} op="role" to={role} />
    </RowForm>
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
      <td data-label={label('role')}>{row.self ? <div>{t(`staff.roles.${row.role}`)}</div> : <RoleForm row={row} />}</td>
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
            {(row.disabled ? (['enable'] as const) : (['enrol', 'endSessions', 'disable'] as const)).map((op) => (
              <RowForm key={op} op={op} id={row.id}>
                <Action row={row} op={op} />
              </RowForm>
            ))}
          </div>
        )}
      </td>
    </tr>
  )
}
