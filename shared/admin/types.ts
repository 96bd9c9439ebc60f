import type { ComponentType } from 'react'
import type { FastifyReply, FastifyRequest } from 'fastify'
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

/**
 * What a staff page answers to its POST: the page again with the data to render it from and its
 * status (a form with errors, recovery codes shown once), or a redirect to a staff path (303).
 */
export type StaffAnswer<D> = { data: D; statusCode: number } | { redirect: string }

export interface StaffActionContext extends StaffLoaderContext {
  reply: FastifyReply
  /** The form's fields as @fastify/formbody read them (a field sent twice: its first value). */
  body: Record<string, string>
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
  /**
   * Opened by someone the staff area does not know yet (the enrolment link): with no language chosen,
   * the page follows the browser's (Accept-Language) rather than Japanese (server/staff/http/locale.ts).
   */
  browserLanguage?: boolean
  /** The page's data, or null for a 404. Server-only: from the family's loader.server.ts (undefined in the browser). */
  loader?: (ctx: StaffLoaderContext) => Promise<D | null>
  /** The status of a GET from its data (default 200): an enrolment link that no longer works is 410. */
  statusOf?: (data: D) => number
  /**
   * The POST at the page's own path (server-only: the family's action.server.ts). The pipeline has
   * checked Origin and, on a signed-in page, the session's synchronizer token before it runs.
   */
  action?: (ctx: StaffActionContext) => Promise<StaffAnswer<D>>
  /**
   * Whether a POST of this form is a sensitive step (adding accounts, changing factors, exporting,
   * erasing): then the pipeline asks for a factor again when the last one is older than 5 minutes
   * (server/staff/http/reauth.ts) before the action runs.
   */
  recent?: (body: Record<string, string>) => boolean
}
