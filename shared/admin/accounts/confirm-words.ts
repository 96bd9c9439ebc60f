import type { ConfirmWords } from '../../confirm/store'
import type { Translate } from '../../i18n/messages'
import type { StaffRole } from '../roles'
import type { AccountRow, ConfirmedOp } from './page-data'

/**
 * What the confirmation of an action on an account says, in the row's dialog and in the step the page
 * shows without JavaScript alike: whose account (name and address), what is done to it (a role change:
 * from which role to which) and what follows for them and for the access tokens they made.
 */
export function accountWords(t: Translate, op: ConfirmedOp, account: Pick<AccountRow, 'email' | 'name' | 'role'>, to: StaffRole = account.role): ConfirmWords {
  const values = {
    who: account.name ? t('staff.accounts.who', { name: account.name, email: account.email }) : account.email,
    from: t(`staff.roles.${account.role}`),
    to: t(`staff.roles.${to}`),
    role: to,
  }
  return {
    title: t(`staff.accounts.confirm.${op}.title`, values),
    text: t(`staff.accounts.confirm.${op}.text`, values),
    action: t(`staff.accounts.confirm.${op}.action`),
    tone: op === 'enable' || op === 'role' ? 'primary' : 'danger',
  }
}
