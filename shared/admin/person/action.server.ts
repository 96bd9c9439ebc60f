/** A person's request: the look-up, the export and the erasure, handed to the inbox's own code (server/staff/http/inbox-person.ts). */
import { erasePerson, exportPerson, personAction } from './person.server'
import type { StaffActionContext, StaffAnswer } from '../types'
import type { PersonData } from './page-data'

type Ctx = StaffActionContext<Record<string, unknown>>

/** POST /admin/inquiries/person (`email`): everything held about the address. */
export function personPageAction({ req, body }: StaffActionContext): Promise<StaffAnswer<PersonData>> {
  return personAction(req, body)
}

/** POST /admin/inquiries/person/export: everything held about the address as a download. */
export const exportHeld = ({ req, reply, body }: Ctx) => exportPerson(req, reply, body)

/** POST /admin/inquiries/person/erase: the address's personal data erased once confirmed. */
export const eraseHeld = ({ req, reply, body }: Ctx) => erasePerson(req, reply, body)
