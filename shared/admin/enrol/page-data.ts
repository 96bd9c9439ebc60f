/** A problem with what was typed on the enrolment page (a message key under staff.enrol.errors). */
export type EnrolFieldError = 'tooShort' | 'tooLong' | 'common' | 'mismatch' | 'code'

/** The authenticator app's setup: the link's own secret (the same at every load of its page, shared/admin/enrol/loader.server.ts). */
export interface EnrolTotp {
  /** The otpauth:// URI, shown as text too (for an app on the same device). */
  uri: string
  /** The secret in groups of four, for typing into an app by hand. */
  secretText: string
  /** The QR code of the URI, an SVG drawn on the server. */
  qrSvg: string
}

export type EnrolData =
  /** The link is unknown, used or expired. */
  | { step: 'invalid' }
  | { step: 'choose'; email: string; name: string; totp: EnrolTotp; errors: Partial<Record<'password' | 'confirm' | 'code', EnrolFieldError>>; notice: 'passkeyFailed' | null }
  /** Enrolled with a password and code: the recovery codes, shown this once. */
  | { step: 'done'; email: string; recoveryCodes: string[] }
