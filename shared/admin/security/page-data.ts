import type { ShownTime } from '../accounts/page-data'

export interface PasskeyRow {
  /** The credential id (base64url): what the row's forms name. */
  id: string
  name: string
  created: ShownTime
  lastUsed: ShownTime | null
}

export type SecurityNotice = 'added' | 'renamed' | 'removed' | 'lastFactor' | 'unknown' | 'name'

/** The signed-in staff member's own factors: passkeys (add, rename, remove) and whether a password + TOTP factor is set. */
export interface SecurityData {
  passkeys: PasskeyRow[]
  password: boolean
  /** Unused recovery codes (with a password factor). */
  recoveryLeft: number
  notice: SecurityNotice | null
  /** The confirmation step of a removal (the page without JavaScript). */
  confirm: { id: string; name: string } | null
}
