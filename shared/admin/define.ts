import { STAFF_PATHS } from './paths'
import type { StaffRouteDef } from './types'

/** A staff route as its family writes it: its path comes from STAFF_PATHS by its id. */
export function staffRoute<D>(def: Omit<StaffRouteDef<D>, 'path'>): StaffRouteDef<D> {
  return { ...def, path: STAFF_PATHS[def.id] }
}
