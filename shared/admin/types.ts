import type { ComponentType } from 'react'
import type { FastifyRequest } from 'fastify'
import type { Locale } from '../i18n/locales'
import type { StaffPathId } from './paths'
import type { StaffRole } from './roles'
import type { StaffViewer } from './state'

export interface StaffPageProps<D = unknown> {
  data: D
}

export interface StaffLoaderContext {
  req: FastifyRequest
  locale: Locale
  params: Record<string, string>
  search: URLSearchParams
  /** Null on the pages anyone may open (sign-in, enrolment). */
  viewer: StaffViewer | null
}

/** Who may open a staff route: the roles, or anyone (the pages before a session: sign-in, enrolment). */
export type StaffAccess = readonly StaffRole[] | 'anyone'

/**
 * A staff page: its path (by id in STAFF_PATHS), who may open it, its title, whether the left
 * navigation lists it, and its data. The role check is the server's (server/plugins/staff.ts), on
 * every request and method, from this table and nowhere else.
 */
export interface StaffRouteDef<D = unknown> {
  id: StaffPathId
  /** The pattern, from STAFF_PATHS. */
  path: string
  Component: ComponentType<StaffPageProps<D>>
  access: StaffAccess
  /** Staff messages key of the page title (the document title adds 「管理画面」/'Staff'). */
  titleKey: string
  /** Listed in the left navigation (for the roles that may open it), labelled by this key. */
  navKey?: string
  /** The centred card without the shell (sign-in, enrolment). */
  bare?: boolean
  /** The page's data, or null for a 404. Server-only: from the family's loader.server.ts (undefined in the browser). */
  loader?: (ctx: StaffLoaderContext) => Promise<D | null>
}
