import { useState } from 'react'
import { useI18n } from '../../i18n/context'
import { useStaffState } from '../context'
import { ConfirmSubmit } from '../confirm-submit'
import { RoleOptions } from '../staff-form'
import type { StaffRole } from '../roles'
import { ShownTimeText } from '../shown-time'
import { accountWords } from './confirm-words'
import type { AccountRow as Row, ConfirmedOp } from './page-data'

/** A form of a row: the token, the operation, the account, `confirmed` empty (the dialog, or the server's confirmation step). */
function RowForm({ op, id, children }: { op: ConfirmedOp; id: string; children: React.ReactNode }) {
  const { csrf, path } = useStaffState()
  return (
    <form method="post" action={path} data-op={op}>
      <input type="hidden" name="_csrf" value={csrf} />
      <input type="hidden" name="op" value={op} />
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

/** One account: who, role (changeable but not one's own), state, passkeys, last sign-in, and its actions. */
export function AccountRow({ row }: { row: Row }) {
  const { t } = useI18n()
  return (
    <tr data-account={row.email}>
      <td>{row.email}</td>
      <td>{row.name}</td>
      <td>{row.self ? t(`staff.roles.${row.role}`) : <RoleForm row={row} />}</td>
      <td>{t(row.disabled ? 'staff.accounts.state.disabled' : 'staff.accounts.state.active')}</td>
      <td className="num">{row.passkeys}</td>
      <td>{row.lastSignIn ? <ShownTimeText time={row.lastSignIn} /> : t('staff.accounts.never')}</td>
      <td>
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
