import { staffHomeRoute } from './home/route'
import { signInRoute } from './sign-in/route'
import { enrolRoute } from './enrol/route'
import { sessionsRoute } from './sessions/route'
import { accountsRoute } from './accounts/route'
import { auditRoute } from './audit/route'
import { tokensRoute } from './tokens/route'
import { confirmRoute } from './confirm/route'
import { securityRoute } from './security/route'
import { inquiriesRoute } from './inquiries/route'
import { inquiryStatsRoute } from './inquiry-stats/route'
import { personRoute } from './person/route'
import { inquiryRoute } from './inquiry/route'
import { contentListRoute } from './content-list/route'
import { contentItemRoute, contentNewRoute } from './content-item/route'
import { revisionsRoute } from './content-revisions/route'
import { previewLinkRoute, sharedPreviewRoute } from './content-preview-link/route'
import type { StaffAccess, StaffRouteDef } from './types'
import type { StaffRole } from './roles'
import type { StaffPathId } from './paths'
import type { StaffNavLink } from './state'

/**
 * THE staff route table: the server's routes and role checks (server/staff/http/router.ts registers
 * each page and action with Fastify, whose router tells /admin/inquiries/stats from /admin/inquiries/:id),
 * the navigation and hydration all read it. Each route comes from its family's folder
 * (shared/admin/<family>/route.ts); the order is the navigation's.
 */
export const staffRoutes: StaffRouteDef<any>[] = [staffHomeRoute, signInRoute, enrolRoute, sessionsRoute, securityRoute, confirmRoute, inquiriesRoute, inquiryStatsRoute, personRoute, contentListRoute, contentNewRoute, accountsRoute, auditRoute, tokensRoute, inquiryRoute, contentItemRoute, revisionsRoute, previewLinkRoute, sharedPreviewRoute]

export function findStaffRoute(id: StaffPathId | string | null | undefined): StaffRouteDef<any> | undefined {
  return staffRoutes.find((r) => r.id === id)
}

/** Whether a role (or nobody signed in: null) may open a route. */
export function mayOpen(access: StaffAccess, role: StaffRole | null): boolean {
  return access === 'anyone' || (role !== null && access.includes(role))
}

/** The left navigation of a role: the routes it lists that the role may open, in the table's order. */
export function staffNavFor(role: StaffRole | null): StaffNavLink[] {
  if (role === null) return []
  return staffRoutes.filter((r) => r.navKey && mayOpen(r.access, role)).map((r) => ({ id: r.id, path: r.path, labelKey: r.navKey! }))
}
