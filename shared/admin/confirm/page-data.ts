export type ConfirmNotice = 'failed' | 'throttled'

/** The confirmation page: the factors the account has, where to go back to, what went wrong. */
export interface ConfirmData {
  /** The staff page to go back to (a staff path with its query). */
  next: string
  /** The account has a password + TOTP factor (then a code or a recovery code confirms with it). */
  password: boolean
  /** The account has passkeys. */
  passkey: boolean
  notice: ConfirmNotice | null
}
