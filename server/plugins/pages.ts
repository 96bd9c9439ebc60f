import fp from 'fastify-plugin'
import formbody from '@fastify/formbody'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { LOCALE_CODES } from '../../shared/i18n/locales'
import { splitLocalePath } from '../../shared/i18n/negotiate'
import { routes, type FormAnswer, type PageForm, type RouteDef } from '../../shared/routes'
import { matchesPattern } from '../../shared/paths'
import { requestPath } from '../request-locale'
import { isApiPath, jsonError, type ErrorAnswer } from './errors'

/** Every way a page's path is written: as it is (the default language) and under each language's prefix. */
const PREFIXES = ['', ...LOCALE_CODES.map((code) => `/${code}`)]

/** The pages with a form, and the form of a request path when it names one of them (a string compare each). */
const formRoutes = routes.filter((route) => route.form)
function formAt(pathname: string): PageForm<unknown> | undefined {
  const { path } = splitLocalePath(pathname)
  return formRoutes.find((route) => matchesPattern(route.path, path))?.form
}

/**
 * A form's page answers without JavaScript (`private, no-cache`): never kept by a shared cache, but kept
 * by the visitor's own browser for its history, so the Back button re-shows the page as it was (with
 * `no-store`, Chromium shows its resubmission error instead and the typed values are out of reach).
 * A redirect keeps the language prefix the POST came to.
 */
function sendAnswer(reply: FastifyReply, prefix: string, answer: FormAnswer<unknown>): Promise<FastifyReply> | FastifyReply {
  if ('redirect' in answer) return reply.header('cache-control', 'no-store').redirect(prefix + answer.redirect, 303)
  return reply.header('cache-control', 'private, no-cache').renderPage(requestPath(reply.request), undefined, { form: answer.data, statusCode: answer.statusCode })
}

/** GET of a form's page: the page kept with a placeholder, this visitor's value put in (never stored by a cache). */
function serveFormPage(form: PageForm<unknown>, req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const { key, value, data } = form.template(req)
  return reply.header('cache-control', 'no-store').renderPage(requestPath(req), undefined, { template: { key, value, form: data } })
}

/** The POST of a form's page, at the page's URL in each of its spellings. */
function addFormRoute(app: FastifyInstance, route: RouteDef<unknown>, form: PageForm<unknown>) {
  const options = form.routeOptions(app)
  for (const prefix of PREFIXES) {
    const localeOf = (req: FastifyRequest) => splitLocalePath(requestPath(req)).locale
    const errorAnswer: ErrorAnswer = (status, req, reply) => {
      const answer = form.refused?.(status, req, localeOf(req))
      return answer && sendAnswer(reply, prefix, answer)
    }
    const path = prefix + (route.path === '/' && prefix ? '' : route.path)
    app.post(path, { ...options, config: { ...options.config, errorAnswer } }, async (req, reply) => sendAnswer(reply, prefix, await form.action(req, localeOf(req))))
  }
}

/**
 * The page pipeline's routes: one GET route for every page of the route table in its language forms
 * and for the 404s, and, for each page with a form (RouteDef.form, its family's action.server.ts), the
 * POST at the page's own URL. A page is HTML whatever `Accept` says (one answer per URL, which any
 * cache may keep); under /api/ it is JSON.
 */
export default fp(
  async (app) => {
    app.get('/*', async (req, reply) => {
      if (isApiPath(req)) return jsonError(req, reply, 404)
      const path = requestPath(req)
      const form = formAt(path)
      return form ? serveFormPage(form, req, reply) : reply.renderPage(path)
    })
    await app.register(async (scope) => {
      // Form bodies (application/x-www-form-urlencoded) are read only for the forms' own POSTs.
      await scope.register(formbody)
      for (const route of formRoutes) addFormRoute(scope, route, route.form!)
    })
  },
  { name: 'pages', dependencies: ['render', 'contact'] },
)
