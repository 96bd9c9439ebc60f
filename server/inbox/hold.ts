import type { Role } from '../staff/types'

/**
 * The legal hold's rule, in one place: whoever triages an inquiry may place a hold (the retention job
 * then never erases it), only an admin lifts one, whatever the path (the inquiry page's form, the
 * JSON API by token). The inbox store applies it to every change (write.ts); the page asks it only
 * to show the checkbox or not.
 */
export function mayLiftHold(role: Role | null): boolean {
  return role === 'admin'
}
