import { formAction, jsonAction, staffRoute } from '../define'
import { SignInPage } from './sign-in-page'
import type { SignInData } from './page-data'
import { loadSignIn } from './loader.server'
import { passkeyOptions, passkeySignIn, signInAction } from './action.server'

/**
 * The sign-in page: anyone may open it (the gate still applies); a centred card, no shell. Its form
 * (address, password and code, with its signed `_token`) and the passkey's two JSON steps.
 */
export const signInRoute = staffRoute<SignInData | null>({
  id: 'signIn',
  Component: SignInPage,
  access: 'anyone',
  titleKey: 'staff.signIn.title',
  bare: true,
  loader: loadSignIn,
  actions: [
    formAction({ fields: ['_token', 'next', 'email', 'password', 'code'], handle: signInAction }),
    jsonAction({ at: 'passkeyOptions', handle: passkeyOptions }),
    jsonAction({ at: 'passkeySignIn', fields: ['challengeToken', 'next'], free: ['response'], handle: passkeySignIn }),
  ],
})
