import { loadPerson, personAction } from '../../../server/staff/http/inbox-person'
import type { StaffActionContext, StaffAnswer, StaffLoaderContext } from '../types'
import type { PersonData } from './page-data'

export function loadPersonPage({ search }: StaffLoaderContext): Promise<PersonData> {
  return loadPerson(search)
}

export function personPageAction({ req, body }: StaffActionContext): Promise<StaffAnswer<PersonData>> {
  return personAction(req, body)
}
