import type { FastifyReply, FastifyRequest } from 'fastify'
import { findStaffRoute, matchStaffRoute, mayOpen, staffNavFor } from '../../../shared/admin/routes'
import { STAFF_PATHS } from '../../../shared/admin/paths'
import type { StaffError, StaffPageState, StaffViewer } from '../../../shared/admin/state'
import type { Locale } from '../../../shared/i18n/locales'
import { requestPath, requestSearch } from '../../request-locale'
import { returnPath } from './return-path'
import { matchEndpoint } from './endpoints'
import { StaffForbidden, StaffMethod } from './errors'
import { staffLocale } from './locale'
import type { StaffRenderer } from './render'
import { auditOf, pathTarget, viewerOf } from './services'
import type { LiveSession } from './session'

/** Who is asking: the signed-in staff member (their account's language and session token), or nobody. */
export interface StaffVisitor {
  viewer: StaffViewer | null
  locale?: string | undefined
  csrf: string
}

export const NOBODY: StaffVisitor = { viewer: null, csrf: '' }

/** The visitor of a live session (or nobody). */
export function visitorOf(live: LiveSession | null | undefined): StaffVisitor {
  return live ? { viewer: viewerOf(live.account), locale: live.account.locale, csrf: live.session.csrfToken } : NOBODY
}

/** What a staff answer renders besides the request's own path and language. */
export interface StaffPage {
  routeId: StaffPageState['routeId']
  params?: Record<string, string>
  data?: unknown
  error?: StaffError | null
  statusCode?: number
  /** The page's own path when it answers another's POST (a form endpoint's errors): its links and forms lead there. */
  path?: string
}

/** A form endpoint's answer that is a page to render (the form again with its errors), not a reply it sent itself. */
export interface StaffPageAnswer {
  staffPage: StaffPage
}

export const isStaffPageAnswer = (value: unknown): value is StaffPageAnswer => typeof value === 'object' && value !== null && 'staffPage' in value

/** The language of a staff page for this visitor (the enrolment link's follows the browser: StaffRouteDef.browserLanguage). */
export function pageLocale(req: FastifyRequest, visitor: StaffVisitor, routeId: string | null | undefined): Locale {
  return staffLocale(req, visitor.locale, findStaffRoute(routeId)?.browserLanguage)
}

/** Sends a staff page (HTML; the staff headers are already on the reply). */
export function sendStaffPage(render: StaffRenderer, req: FastifyRequest, reply: FastifyReply, visitor: StaffVisitor, page: StaffPage, buildId: string) {
  const state: StaffPageState = {
    locale: pageLocale(req, visitor, page.routeId),
    path: page.path ?? requestPath(req),
    routeId: page.routeId,
    params: page.params ?? {},
    data: page.data ?? null,
    error: page.error ?? null,
    buildId,
    viewer: visitor.viewer,
    nav: staffNavFor(visitor.viewer?.role ?? null),
    csrf: visitor.csrf,
  }
  return reply
    .code(page.statusCode ?? page.error?.statusCode ?? 200)
    .type('text/html; charset=utf-8')
    .send(render(state))
}

/**
 * GET of a staff page: the route from the staff table, the role check (nobody signed in: to the
 * sign-in page; a role the route does not allow: 403), the route's loader, the page. Unknown
 * paths are the staff 404.
 */
export async function serveStaffPage(render: StaffRenderer, req: FastifyRequest, reply: FastifyReply, visitor: StaffVisitor, buildId: string) {
  // An endpoint's path (sign-out, the passkey steps, the inbox's export) is a POST only, also where a
  // route's parameter would take it (/admin/inquiries/export is no inquiry /admin/inquiries/:id).
  if (matchEndpoint(requestPath(req))) throw new StaffMethod()
  const match = matchStaffRoute(requestPath(req))
  if (!match) return sendStaffPage(render, req, reply, visitor, { routeId: null, error: { statusCode: 404, reason: 'notFound' } }, buildId)
  const { route, params } = match
  // Signed in already: the sign-in page has nothing to offer.
  if (route.id === 'signIn' && visitor.viewer) return reply.redirect(STAFF_PATHS.home, 303)
  if (!mayOpen(route.access, visitor.viewer?.role ?? null)) {
    if (!visitor.viewer) return reply.redirect(`${STAFF_PATHS.signIn}?next=${encodeURIComponent(returnPath(req))}`, 303)
    await req.server.staffArea.store.audit(auditOf(req, req.staffSession?.account.id ?? null, 'request.refused', `${pathTarget(req)} role`, 'refused'))
    throw new StaffForbidden()
  }
  const data = route.loader
    ? await route.loader({ req, locale: pageLocale(req, visitor, route.id), params, search: new URLSearchParams(requestSearch(req)), viewer: visitor.viewer })
    : null
  if (route.loader && data === null) return sendStaffPage(render, req, reply, visitor, { routeId: null, error: { statusCode: 404, reason: 'notFound' } }, buildId)
  return sendStaffPage(render, req, reply, visitor, { routeId: route.id, params, data, statusCode: route.statusOf?.(data) ?? 200 }, buildId)
}
