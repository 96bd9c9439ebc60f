/** What the sign-in page says above its form after an attempt (never whether an account exists). */
export const SIGN_IN_NOTICES = ['failed', 'throttled', 'expired', 'signedOut', 'passkeyFailed'] as const
export type SignInNotice = (typeof SIGN_IN_NOTICES)[number]

export interface SignInData {
  /** The address as typed, kept after a failed attempt. */
  email: string
  notice: SignInNotice | null
  /** The form's signed token (the request forgery check before a session exists). */
  token: string
  /** Where to go after signing in (a staff path), sent back with the form. */
  next: string
}

export const EMPTY_SIGN_IN: SignInData = { email: '', notice: null, token: '', next: '' }
