/** The person's request page's loader (server/staff/http/inbox-person.ts). */
import { loadPerson } from './person.server'
import type { StaffLoaderContext } from '../types'
import type { PersonData } from './page-data'

/** GET /admin/inquiries/person. */
export function loadPersonPage({ search }: StaffLoaderContext): Promise<PersonData> {
  return loadPerson(search)
}
