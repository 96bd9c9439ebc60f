import { staffRoute } from '../define'
import { SignInPage } from './sign-in-page'
import type { SignInData } from './page-data'
import { loadSignIn } from './loader.server'
import { signInAction } from './action.server'

/** The sign-in page: anyone may open it (the gate still applies); a centred card, no shell. */
export const signInRoute = staffRoute<SignInData | null>({
  id: 'signIn',
  Component: SignInPage,
  access: 'anyone',
  titleKey: 'staff.signIn.title',
  bare: true,
  loader: loadSignIn,
  action: signInAction,
})
