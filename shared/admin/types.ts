import type { ComponentType } from 'react'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Locale } from '../i18n/locales'
import type { StaffPathId } from './paths'
import type { StaffRole } from './roles'
import type { StaffError, StaffPageState, StaffViewer } from './state'

/**
 * The types of the staff routes: what a family's route.ts declares (its page, who may open it, its
 * loader and its actions) and what the server's pipeline hands to them. The page files take their
 * types from here, never from the route table (shared/admin/routes.ts), which imports them.
 */

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
 * What a staff page answers to its own form: the page again with the data to render it from and its
 * status (a form with errors, recovery codes shown once), or a redirect to a staff path (303).
 */
export type StaffAnswer<D> = { data: D; statusCode: number } | { redirect: string }

export interface StaffActionContext<B = Record<string, string>> extends StaffLoaderContext {
  reply: FastifyReply
  /** form: the fields (a field sent twice: its first value); json: the object sent; upload: its fields and `upload` (multipart.ts). */
  body: B
}

/** Who may open a staff route: the roles, or anyone (the pages before a session: sign-in, enrolment). */
export type StaffAccess = readonly StaffRole[] | 'anyone'

/** A staff page to send besides the request's own path and language: which route's (null: the error page), its data and status. */
export interface StaffPage {
  routeId: StaffPageState['routeId']
  params?: Record<string, string>
  data?: unknown
  error?: StaffError | null
  statusCode?: number
  /** The page's own path when it answers another's POST (a form's errors): its links and forms lead there. */
  path?: string
  /** The page's language when it is not the visitor's (a signed preview link's refusal: the link's). */
  locale?: Locale
}

/** An action's answer that is a page to render (the form again with its errors), not a reply it sent itself. */
export interface StaffPageAnswer {
  staffPage: StaffPage
}

/** Sends a staff page as the answer to a request (the router's; a route's own GET handler is given it). */
export type StaffPageSend = (req: FastifyRequest, reply: FastifyReply, page: StaffPage) => FastifyReply

/**
 * How an action's body comes: 'form': application/x-www-form-urlencoded with `_csrf`; 'json':
 * application/json with the X-CSRF-Token header when signed in (answered in JSON, errors too);
 * 'upload': multipart/form-data, one file, the token in the X-CSRF-Token header or a `_csrf` field,
 * read after the Origin and role checks (answered in JSON).
 */
export type StaffActionKind = 'form' | 'json' | 'upload'

/**
 * A POST a family answers: at its page's own path, or at a path of its own (`at`), with the checks the
 * pipeline runs before `handle` (server/staff/http/posts.ts): Origin, the role, the session's token,
 * the body's schema, a recent factor.
 */
export interface StaffAction {
  /** Its path by id in STAFF_PATHS; none: the page's own path. */
  at?: StaffPathId
  /** One of several forms on one path: the value of their `op` field (INTENT_FIELD) that picks this one. */
  intent?: string
  kind: StaffActionKind
  /** The largest body taken (an upload: the largest file, read no further). */
  bodyLimit: number
  /** The body's JSON Schema (a form: every field a string, unknown fields refused); none for an upload, whose reader checks it. */
  body?: object
  /** Narrower than the route's (erasing a person's data: admins only). */
  access?: StaffAccess
  /** A sensitive step: refused without a factor proved in the last 5 minutes (server/staff/http/reauth.ts). */
  recent?: true
  /** Sent by a page's script on its own (a heartbeat), not by a person: it reads the session without renewing it. */
  automatic?: true
  /** The page a confirmation brings the staff member back to (default: the form's own path; a sub-path is no page). */
  back?: (req: FastifyRequest) => string
  /**
   * Server-only (the family's action.server.ts; undefined in the browser). A form answers StaffAnswer
   * of its route's page, a StaffPageAnswer, or the reply it sent; JSON and uploads the value to send or the reply.
   */
  handle: (ctx: StaffActionContext<any>) => Promise<unknown>
}

/**
 * A staff page: its path (by id in STAFF_PATHS), who may open it, its title, whether the left
 * navigation lists it, its data, and every POST its family answers. The router registers each with
 * Fastify (server/staff/http/router.ts) and checks the role on every request from these declarations.
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
  /** The GET answered by the family's own handler instead of loader and page (server-only: a signed preview link's public page). */
  serve?: (send: StaffPageSend) => (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>
  /** Every POST at the page's path and its sub-paths (define.ts formAction, jsonAction, uploadAction). */
  actions?: readonly StaffAction[]
}
