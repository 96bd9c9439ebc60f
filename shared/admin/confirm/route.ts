import { STAFF_ROLES } from '../roles'
import { formAction, jsonAction, staffRoute } from '../define'
import { ConfirmPage } from './confirm-page'
import type { ConfirmData } from './page-data'
import { loadConfirmPage } from './loader.server'
import { confirmPasskey, confirmPasskeyOptions, confirmWithPassword } from './action.server'

/** Re-authentication before a sensitive step (every role): a factor proved again (the password form, or a passkey's two JSON steps), then back to the page. */
export const confirmRoute = staffRoute<ConfirmData>({
  id: 'confirm',
  Component: ConfirmPage,
  access: STAFF_ROLES,
  titleKey: 'staff.confirm.title',
  loader: loadConfirmPage,
  actions: [
    formAction({ fields: ['next', 'username', 'password', 'code'], handle: confirmWithPassword }),
    jsonAction({ at: 'confirmPasskeyOptions', handle: confirmPasskeyOptions }),
    jsonAction({ at: 'confirmPasskey', fields: ['challengeToken', 'next'], free: ['response'], handle: confirmPasskey }),
  ],
})
