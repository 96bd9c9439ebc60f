import { INBOX_ROLES } from '../roles'
import { formAction, staffRoute } from '../define'
import { STAFF_PATHS } from '../paths'
import { PersonPage } from './person-page'
import type { PersonData } from './page-data'
import { loadPersonPage } from './loader.server'
import { eraseHeld, exportHeld, personPageAction } from './action.server'

/** The export and the erasure are forms of the person's page: a confirmation brings the staff member back there. */
const personBack = () => STAFF_PATHS.inquiriesPerson

/**
 * A person's request (APPI): everything held about one email address, its export and (admins) its
 * erasure, each a sensitive step. Responders and admins; reached from the inquiry list. The address
 * is POSTed, never in a URL.
 */
export const personRoute = staffRoute<PersonData>({
  id: 'inquiriesPerson',
  Component: PersonPage,
  access: INBOX_ROLES,
  titleKey: 'staff.inquiries.person.title',
  loader: loadPersonPage,
  actions: [
    formAction({ fields: ['email'], handle: personPageAction }),
    formAction({ at: 'inquiriesPersonExport', fields: ['email', 'format'], recent: true, back: personBack, handle: exportHeld }),
    formAction({ at: 'inquiriesPersonErase', fields: ['email', 'confirmed'], access: ['admin'], recent: true, back: personBack, handle: eraseHeld }),
  ],
})
