import { enrolPassword } from '../../../server/staff/http/enrol'
import type { StaffActionContext, StaffAnswer } from '../types'
import type { EnrolData } from './page-data'

/** POST /admin/enrol/<token>: the password and code path (the passkey path is JSON: server/staff/http/enrol-passkey.ts). */
export function enrolAction({ req, reply, params, locale, body }: StaffActionContext): Promise<StaffAnswer<EnrolData>> {
  return enrolPassword(req, reply, params.token ?? '', locale, body)
}
