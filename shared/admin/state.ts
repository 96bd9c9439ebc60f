import type { Locale } from '../i18n/locales'
import type { StaffPathId } from './paths'
import type { StaffRole } from './roles'

/** Why a staff page could not be shown: each has its own title and text (staff.errors.<reason>). */
export const STAFF_ERROR_REASONS = ['insecure', 'forbidden', 'notFound', 'invalid', 'tooMany', 'unavailable', 'internal'] as const
export type StaffErrorReason = (typeof STAFF_ERROR_REASONS)[number]

export interface StaffError {
  statusCode: number
  reason: StaffErrorReason
}

/** The signed-in staff member as the pages show them (never a hash, a factor or a session id). */
export interface StaffViewer {
  name: string
  email: string
  role: StaffRole
}

/** An entry of the left navigation: a section the signed-in role may open. */
export interface StaffNavLink {
  id: StaffPathId
  path: string
  /** Staff messages key of its label. */
  labelKey: string
}

/**
 * Everything a staff page is rendered from: computed by the server per request (staff pages are
 * never cached), shipped in a non-executable JSON script so hydration renders the same tree.
 */
export interface StaffPageState {
  locale: Locale
  /** The path as requested ('/admin/sign-in'). */
  path: string
  routeId: StaffPathId | null
  params: Record<string, string>
  data: unknown
  error: StaffError | null
  buildId: string
  /** Null before sign-in (the sign-in and enrolment pages, the gate's refusal). */
  viewer: StaffViewer | null
  /** The left navigation for this viewer (from the route table and their role; empty before sign-in). */
  nav: StaffNavLink[]
  /** The session's synchronizer token, put in every form (empty before sign-in). */
  csrf: string
}

export const STAFF_STATE_ID = '__staff_state'
export const STAFF_MESSAGES_ID = '__staff_messages'
