import { staffRoute } from '../define'
import { EnrolPage } from './enrol-page'
import type { EnrolData } from './page-data'
import { loadEnrolPage } from './loader.server'
import { enrolAction } from './action.server'

/** The one-time enrolment link: a passkey, or a password and an authenticator app; anyone holding the link, in their browser's language. */
export const enrolRoute = staffRoute<EnrolData>({
  id: 'enrol',
  Component: EnrolPage,
  access: 'anyone',
  titleKey: 'staff.enrol.title',
  bare: true,
  browserLanguage: true,
  loader: loadEnrolPage,
  statusOf: (data) => (data.step === 'invalid' ? 410 : 200),
  action: enrolAction,
})
