import { formAction, jsonAction, staffRoute } from '../define'
import { EnrolPage } from './enrol-page'
import type { EnrolData } from './page-data'
import { loadEnrolPage } from './loader.server'
import { enrolAction, enrolPasskey, enrolPasskeyOptions } from './action.server'

/**
 * The one-time enrolment link: a passkey (two JSON steps), or a password and an authenticator app (its
 * form); anyone holding the link, in their browser's language.
 */
export const enrolRoute = staffRoute<EnrolData>({
  id: 'enrol',
  Component: EnrolPage,
  access: 'anyone',
  titleKey: 'staff.enrol.title',
  bare: true,
  browserLanguage: true,
  loader: loadEnrolPage,
  statusOf: (data) => (data.step === 'invalid' ? 410 : 200),
  actions: [
    // `secretToken`: a field of the page before its key was derived from the link (one still open then), ignored.
    formAction({ fields: ['username', 'password', 'confirm', 'code', 'secretToken'], handle: enrolAction }),
    jsonAction({ at: 'enrolPasskeyOptions', handle: enrolPasskeyOptions }),
    jsonAction({ at: 'enrolPasskey', fields: ['challengeToken', 'name', 'locale'], free: ['response'], handle: enrolPasskey }),
  ],
})
