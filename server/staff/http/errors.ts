import createError from '@fastify/error'
import type { StaffErrorReason } from '../../../shared/admin/state'

/** The staff area's refusals, answered by the one error handler with the staff error page (plugins/staff.ts). */
export const StaffAreaOff = createError('SITE_STAFF_OFF', 'staff area turned off (STAFF_AREA=false)', 404)
export const StaffInsecure = createError('SITE_STAFF_INSECURE', 'staff area refused: neither HTTPS nor loopback', 403)
export const StaffForbidden = createError('SITE_STAFF_FORBIDDEN', 'staff area refused: role', 403)
export const StaffMethod = createError('SITE_STAFF_METHOD', 'method not allowed', 405)

/** What the staff error page says for a status (the gate's refusal is marked on the request). */
export function reasonOf(status: number, insecure: boolean): StaffErrorReason {
  if (insecure) return 'insecure'
  if (status === 403) return 'forbidden'
  if (status === 404 || status === 405) return 'notFound'
  if (status === 400 || status === 413 || status === 415) return 'invalid'
  if (status === 429) return 'tooMany'
  if (status === 503) return 'unavailable'
  return status < 500 ? 'notFound' : 'internal'
}
/** A staff page's item that does not exist (a POST to it: the staff 404 page). */
export const StaffNotFound = createError('SITE_STAFF_NOT_FOUND', 'not found', 404)
/** A staff POST whose body its action's schema refuses (an unknown field, a value that is not a string…): the staff 400 page, or JSON. */
export const StaffInvalid = createError('SITE_STAFF_INVALID', 'staff request: body not valid (%s)', 400)
