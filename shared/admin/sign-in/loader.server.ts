/** The sign-in page's data: the form with its signed token, good for an hour. */
import type { FastifyRequest } from 'fastify'
import { nextPath } from '../../../server/staff/http/return-path'
import { randomToken } from '../../../server/staff/tokens'
import { STAFF_PATHS } from '../paths'
import type { StaffLoaderContext } from '../types'
import type { SignInData, SignInNotice } from './page-data'

/** A sign-in form is good for an hour after it was served. */
export const SIGN_IN_FORM_MS = 60 * 60_000
/** The signer's purpose of the sign-in form's token. */
export const SIGN_IN_PURPOSE = 'signin'

/** The sign-in page's data: a fresh signed token, the address kept, a notice. */
export function signInPage(req: FastifyRequest, next: unknown, email = '', notice: SignInNotice | null = null): SignInData {
  const { signer, now } = req.server.staffArea
  const target = nextPath(next)
  return { email: email.slice(0, 254), notice, token: signer.sign(randomToken(16), SIGN_IN_PURPOSE, SIGN_IN_FORM_MS, now()), next: target === STAFF_PATHS.home ? '' : target }
}

/** GET /admin/sign-in: the form with a fresh signed token and the page to go to afterwards (?next=). */
export async function loadSignIn({ req, search }: StaffLoaderContext): Promise<SignInData> {
  return signInPage(req, search.get('next'), '', search.get('signedOut') === '1' ? 'signedOut' : null)
}
