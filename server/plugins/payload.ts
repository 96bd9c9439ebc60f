import fp from 'fastify-plugin'
import { isBot } from '../../shared/i18n/negotiate'
import type { Config } from '../config'
import type { BuildManifest } from '../render/manifest'
import { publicOrigin, requestPath, requestSearch } from '../request-locale'
import { answerNotModified } from '../render/conditional'
import { PAYLOAD_PREFIX, payloadPagePath } from '../../shared/payload-url'
import { jsonError } from './errors'

interface PayloadPluginOptions {
  config: Config
  manifest: BuildManifest
}

/** Payloads change with the content (a reload) under the same build id: a short life plus an ETag. */
export const PAYLOAD_CACHE_CONTROL = 'public, max-age=60'

/**
 * GET /_payload/{buildId}/<path>.json: what client-side navigation loads instead of a document, the
 * page's state and head tags (404 pages give the error state with HTTP 404). An unknown build id, or a
 * route only a full load may show (the contact form, per-visitor pages), answers a JSON 404: the client
 * then loads the document.
 */
export default fp<PayloadPluginOptions>(
  async (app, { config, manifest }) => {
    app.get<{ Params: { buildId: string } }>(`${PAYLOAD_PREFIX}:buildId/*`, async (req, reply) => {
      const { buildId } = req.params
      if (buildId !== manifest.id) return jsonError(req, reply.header('cache-control', 'no-store'), 404)
      const pathname = payloadPagePath(requestPath(req), buildId)
      if (pathname === null) return jsonError(req, reply, 404)
      const payload = app.rendererFor(req).payload({
        pathname,
        search: new URLSearchParams(requestSearch(req)),
        origin: publicOrigin(req, config),
        bot: isBot(req.headers['user-agent']),
        onError: (err) => req.log.error({ err }, 'payload failed'),
      })
      if (!payload) return jsonError(req, reply.header('cache-control', 'no-store'), 404)
      reply.type('application/json; charset=utf-8')
      if (payload.statusCode !== 200 || !payload.etag) return reply.code(payload.statusCode).header('cache-control', 'no-cache').send(payload.body)
      reply.header('cache-control', PAYLOAD_CACHE_CONTROL)
      if (answerNotModified(reply, payload.etag)) return reply
      return reply.send(payload.body)
    })
  },
  { name: 'payload', dependencies: ['render'] },
)
