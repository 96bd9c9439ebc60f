import type { FastifyRequest } from 'fastify'
import { requestPath, requestSearch } from '../../request-locale'

/** The path a visitor goes back to after signing in or confirming (a staff page's path and query; never another site's). */
export function returnPath(req: FastifyRequest): string {
  const query = requestSearch(req)
  return requestPath(req) + (query ? `?${query}` : '')
}
