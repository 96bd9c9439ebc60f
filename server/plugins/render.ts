import { STATUS_CODES } from 'node:http'
import fp from 'fastify-plugin'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { isBot } from '../../shared/i18n/negotiate'
import type { PageError } from '../../shared/page-state'
import type { Config } from '../config'
import type { PageRenderer } from '../render/render-page'
import { catalog } from '../i18n/catalog'
import { lookupMessage } from '../../shared/i18n/messages'
import { answerLocale, publicOrigin, requestPath, requestSearch } from '../request-locale'

declare module 'fastify' {
  interface FastifyReply {
    /** Renders the page for a path (or the error page) and sends it. */
    renderPage(pathname: string, forced?: PageError, options?: RenderPageOptions): Promise<FastifyReply>
  }
}

/** For pages that answer a form POST (the contact form). */
export interface RenderPageOptions {
  /** Handed to the route's loader as LoaderContext.form. */
  form?: unknown
  /** Status of a page that rendered normally (422 for a form with errors); error pages keep theirs. */
  statusCode?: number
}

interface RenderPluginOptions {
  config: Config
  renderer: PageRenderer
}

/** Requests that get an HTML error page rather than a JSON body. */
function wantsPage(req: FastifyRequest): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false
  const path = requestPath(req)
  return !path.startsWith('/_') && !path.startsWith('/api/') && !path.startsWith('/assets/')
}

/** A JSON error body with a message in the request's language. */
export function jsonError(req: FastifyRequest, reply: FastifyReply, statusCode: number): FastifyReply {
  const locale = answerLocale(req)
  const message = lookupMessage(catalog[locale], `titles.errors.${statusCode}.title`) ?? STATUS_CODES[statusCode] ?? 'Error'
  return reply.code(statusCode).type('application/json; charset=utf-8').send({ statusCode, message })
}

export default fp<RenderPluginOptions>(
  async (app, { config, renderer }) => {
    app.decorateReply('renderPage', async function (this: FastifyReply, pathname: string, forced?: PageError, options: RenderPageOptions = {}) {
      const req = this.request
      const page = await renderer(
        {
          pathname,
          search: new URLSearchParams(requestSearch(req)),
          origin: publicOrigin(req, config.siteUrl),
          bot: isBot(req.headers['user-agent']),
          onError: (err) => req.log.error({ err }, 'render failed'),
          form: options.form,
        },
        forced,
      )
      this.code(page.statusCode === 200 && options.statusCode ? options.statusCode : page.statusCode).type('text/html; charset=utf-8')
      if (!this.hasHeader('cache-control')) this.header('cache-control', 'public, max-age=0, must-revalidate')
      return this.send(page.body)
    })

    // One catch-all page route: every path of the route table in its three locale forms, and the 404s.
    app.get('/*', async (req, reply) => (wantsPage(req) ? reply.renderPage(requestPath(req)) : jsonError(req, reply, 404)))

    app.setNotFoundHandler(async (req, reply) => {
      if (wantsPage(req)) return reply.renderPage(requestPath(req))
      return jsonError(req, reply, 404)
    })

    app.setErrorHandler(async (err: Error & { statusCode?: number }, req, reply) => {
      const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500
      if (status >= 500) req.log.error({ err }, 'request failed')
      else req.log.info({ reason: err.message, statusCode: status }, 'request rejected')
      if (reply.sent) return
      if (wantsPage(req)) {
        return reply.header('cache-control', 'no-store').renderPage(requestPath(req), { statusCode: status, statusMessage: STATUS_CODES[status] ?? 'Error' })
      }
      return jsonError(req, reply, status)
    })
  },
  { name: 'render' },
)
