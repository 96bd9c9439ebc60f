import type { StaffRole } from '../roles'

/** A time as the site reads it (Asia/Tokyo, '2026-11-26 09:00:00 JST') and as ISO UTC (the datetime attribute). */
export interface ShownTime {
  text: string
  iso: string
}

export interface AccountRow {
  id: string
  email: string
  name: string
  role: StaffRole
  disabled: boolean
  passkeys: number
  /** The last sign-in the audit log still holds, or null. */
  lastSignIn: ShownTime | null
  /** The signed-in admin's own account (no disable, no role change). */
  self: boolean
}

/** The actions on another account, each confirmed first (a dialog with JavaScript, a confirmation step without). */
export type ConfirmedOp = 'disable' | 'enable' | 'enrol' | 'endSessions' | 'role'

export type AccountsNotice = 'added' | 'disabled' | 'enabled' | 'enrol' | 'role' | 'self' | 'unknown' | 'disabledAccount' | 'sessionsEnded'

export type AccountsFieldError = 'email' | 'duplicate' | 'role' | 'name'

export interface AccountsData {
  rows: AccountRow[]
  /** The one-time enrolment link just made: shown this once, never stored in clear. */
  link: { email: string; url: string; expires: ShownTime } | null
  notice: AccountsNotice | null
  /** The add form: what was typed, and what was wrong with it (keys under staff.accounts.errors). */
  form: { email: string; name: string; role: StaffRole }
  errors: Partial<Record<'email' | 'role' | 'name', AccountsFieldError>>
  /** The confirmation step of an action (the page without JavaScript): the account as it is, and a role change's new role. */
  confirm: { op: ConfirmedOp; account: Pick<AccountRow, 'id' | 'email' | 'name' | 'role'>; to: StaffRole } | null
}
