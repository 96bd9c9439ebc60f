import { INBOX_ROLES } from '../roles'
import { staffRoute } from '../define'
import { PersonPage } from './person-page'
import type { PersonData } from './page-data'
import { loadPersonPage, personPageAction } from './loader.server'

/**
 * A person's request (APPI): everything held about one email address, its export and (admins) its
 * erasure. Responders and admins; reached from the inquiry list. The address is POSTed, never in a URL.
 */
export const personRoute = staffRoute<PersonData>({
  id: 'inquiriesPerson',
  Component: PersonPage,
  access: INBOX_ROLES,
  titleKey: 'staff.inquiries.person.title',
  loader: loadPersonPage,
  action: personPageAction,
})
