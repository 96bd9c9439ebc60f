import { signInPage } from '../../../server/staff/http/sign-in'
import type { StaffLoaderContext } from '../types'
import type { SignInData } from './page-data'

/** The sign-in form with a fresh signed token and the page to go to afterwards (?next=). */
export async function loadSignIn({ req, search }: StaffLoaderContext): Promise<SignInData> {
  return signInPage(req, search.get('next'), '', search.get('signedOut') === '1' ? 'signedOut' : null)
}
