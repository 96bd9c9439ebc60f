/** Where a staff member goes back to: the request's own page, or a `next` the server checks is a staff path. */
import type { FastifyRequest } from 'fastify'
import { isStaffPath, STAFF_PATHS } from '../../../shared/admin/paths'
import { requestPath, requestSearch } from '../../request-locale'

/** The path a visitor goes back to after signing in or confirming (a staff page's path and query; never another site's). */
export function returnPath(req: FastifyRequest): string {
  const query = requestSearch(req)
  return requestPath(req) + (query ? `?${query}` : '')
}

/** Where to go after signing in, confirming or choosing a language: the staff path asked for (?next=, a form's `next`), else the staff home. */
export function nextPath(value: unknown): string {
  if (typeof value !== 'string' || value.length > 2000) return STAFF_PATHS.home
  const path = value.split(/[?#]/)[0]!
  return isStaffPath(path) && !value.includes('//') && !value.includes('\\') && path !== STAFF_PATHS.signIn ? value : STAFF_PATHS.home
}
