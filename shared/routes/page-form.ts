import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify'
import type { Locale } from '../i18n/locales'

/**
 * What a form page answers to a POST: the page again with the data to render it from (the form
 * with the visitor's values and errors, the review step) and its status, or a redirect to a path
 * of the site (locale-less: the pipeline keeps the language prefix the POST came to; 303).
 */
export type FormAnswer<D> = { data: D; statusCode: number } | { redirect: string }

/**
 * A page's form, handled by the page pipeline (server/plugins/pages.ts) at the page's own URL:
 * GET renders the page around a per-visitor value, POST runs `action`. Server-only: it lives in
 * the family's `action.server.ts` (types only here; the browser build never holds an action).
 */
export interface PageForm<D> {
  /**
   * A GET of the page: the same page for every visitor but for one value (the form's signed token).
   * Rendered once from `data(slot)` and kept under `key` (per day, say); each answer gets `value`
   * in the slot's place (server/render/page-templates.ts).
   */
  template(req: FastifyRequest): { key: string; value: string; data: (slot: string) => D }
  /**
   * The POST route's Fastify options: body schema and limit, guards, rate limit. Called once when
   * the routes are added, with the app that holds the services (app.contactForm).
   */
  routeOptions(app: FastifyInstance): RouteShorthandOptions
  /** The POST's answer; throws the catalogue's errors (server/errors.ts) for the error page. */
  action(req: FastifyRequest, locale: Locale): Promise<FormAnswer<D>>
  /**
   * A POST refused after its body was read (429, 503): the form shown again with the reason, or
   * undefined for the usual error page. Never throws.
   */
  refused?(status: number, req: FastifyRequest, locale: Locale): FormAnswer<D> | undefined
}
