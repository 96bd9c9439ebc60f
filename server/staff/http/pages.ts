/**
 * The staff pages: a page sent for whoever is signed in now, and the GET of each route (the role
 * check, its loader or its own handler, the page).
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { findStaffRoute, staffNavFor } from '../../../shared/admin/routes'
import { STAFF_PATHS } from '../../../shared/admin/paths'
import type { StaffPage, StaffPageAnswer, StaffPageSend, StaffRouteDef } from '../../../shared/admin/types'
import type { StaffPageState, StaffViewer } from '../../../shared/admin/state'
import type { Locale } from '../../../shared/i18n/locales'
import { requestPath, requestSearch } from '../../request-locale'
import { admitRole } from './guard'
import { staffLocale } from './locale'
import type { StaffRenderer } from './render'
import { viewerOf } from './services'
import type { LiveSession } from './session'

/** The page types, where the inbox's and the editor's handlers import them from. */
export type { StaffPage, StaffPageAnswer }

/** Who is asking: the signed-in staff member (their account's language and session token), or nobody. */
export interface StaffVisitor {
  viewer: StaffViewer | null
  locale?: string | undefined
  csrf: string
}

const NOBODY: StaffVisitor = { viewer: null, csrf: '' }

/** The staff 404 page. */
export const NOT_FOUND: StaffPage = { routeId: null, error: { statusCode: 404, reason: 'notFound' } }

/** The visitor of a live session (or nobody). */
export function visitorOf(live: LiveSession | null | undefined): StaffVisitor {
  return live ? { viewer: viewerOf(live.account), locale: live.account.locale, csrf: live.session.csrfToken } : NOBODY
}

export const isStaffPageAnswer = (value: unknown): value is StaffPageAnswer => typeof value === 'object' && value !== null && 'staffPage' in value

/** The language of a staff page for this visitor (the enrolment link's follows the browser: StaffRouteDef.browserLanguage). */
export function pageLocale(req: FastifyRequest, visitor: StaffVisitor, routeId: string | null | undefined): Locale {
  return staffLocale(req, visitor.locale, findStaffRoute(routeId)?.browserLanguage)
}

/** The pages of a renderer and a build: `send` (HTML; the staff headers are already on the reply) and each route's GET handler. */
export function staffPages(render: StaffRenderer, buildId: string) {
  const send: StaffPageSend = (req, reply, page) => {
    // The session may have started (sign-in, enrolment) or ended in an action: the page shows who is signed in now.
    const visitor = visitorOf(req.staffSession)
    const state: StaffPageState = {
      locale: page.locale ?? pageLocale(req, visitor, page.routeId),
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
   * GET of a route's page: the role check (nobody signed in: to the sign-in page; a role the route
   * does not allow: 403, audited), then its own handler (`serve`), or its loader (null: the 404) and the page.
   */
  function page(route: StaffRouteDef<any>) {
    const serve = route.serve?.(send)
    return async (req: FastifyRequest, reply: FastifyReply) => {
      const visitor = visitorOf(req.staffSession)
      // Signed in already: the sign-in page has nothing to offer.
      if (route.id === 'signIn' && visitor.viewer) return reply.redirect(STAFF_PATHS.home, 303)
      if (!(await admitRole(req, reply, route.access))) return reply
      if (serve) return serve(req, reply)
      const params = req.params as Record<string, string>
      const search = new URLSearchParams(requestSearch(req))
      const data = route.loader ? await route.loader({ req, locale: pageLocale(req, visitor, route.id), params, search, viewer: visitor.viewer }) : null
      if (route.loader && data === null) return send(req, reply, NOT_FOUND)
      return send(req, reply, { routeId: route.id, params, data, statusCode: route.statusOf?.(data) ?? 200 })
    }
  }

  return { send, page }
}

export type StaffPages = ReturnType<typeof staffPages>
