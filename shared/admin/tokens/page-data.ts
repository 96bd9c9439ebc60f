import type { ShownTime } from '../accounts/page-data'
import type { StaffRole } from '../roles'

export interface TokenRow {
  id: string
  name: string
  role: StaffRole
  /** The account that made it (the token acts for it): null when there is none. */
  creator: { name: string; email: string } | null
  created: ShownTime
  expires: ShownTime
  lastUsed: ShownTime | null
  state: 'active' | 'revoked' | 'expired'
}

export type TokensFieldError = 'name' | 'role' | 'days' | 'tooLong'

export interface TokensData {
  rows: TokenRow[]
  /** The secret just made: shown this once (the store keeps its hash only). */
  secret: { name: string; value: string } | null
  notice: 'created' | 'revoked' | 'unknown' | null
  form: { name: string; role: StaffRole; days: string }
  errors: Partial<Record<'name' | 'role' | 'days', TokensFieldError>>
  /** The confirmation step of a revocation (the page without JavaScript). */
  confirm: { id: string; name: string } | null
}
