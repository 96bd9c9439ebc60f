import type { FastifyInstance, onRequestHookHandler, preHandlerHookHandler, preValidationHookHandler } from 'fastify'
import { normalizeContact } from '../../shared/pages/contact/normalize'
import { errorCount } from '../../shared/pages/contact/page-data'
import { formatMessage, formKeys } from '../../shared/validation/server'
import { answerLocale } from '../request-locale'
import { bodyLocale, inquiryBodySchema } from './api-shape'
import { inquiryLog, isCrossSite, mediaType } from '../request-guards'
import { CrossSiteRequest, NotJson } from '../errors'
import type { ErrorAnswer } from '../plugins/errors'
import { sendApiError } from './messages'
import type { ContactService } from './service'
import type { TokenCheck } from './token'

/** Largest accepted body (JSON or form): 32 KiB. */
export const BODY_LIMIT = 32 * 1024

interface ApiOptions {
  service: ContactService
  siteUrl: string
  limiter: preHandlerHookHandler
}

/**
 * POST /api/contact (JSON). 201 { id } once stored (a `_token` already stored: 201 with the
 * first id, nothing validated or stored again); 422 { message, errors }; 400 malformed or
 * unknown fields; 413 over 32 KiB; 415 not JSON; 429 rate limited; 403 from another site, or
 * without the signed `_token` of a served form.
 *
 * The JSON API is held to the form's rules: a valid signed token (it dates the form, so the
 * minimum fill time applies, and it is the idempotency key), the honeypot, the rate limit.
 * Only a trusted integration presenting the API key (`Authorization: Bearer <CONTACT_API_KEY>`)
 * posts without a form; its `_token`, if any, is its own idempotency key. Any other
 * Authorization header (a browser's auth_jwt, say) changes nothing.
 *
 * Order: onRequest refuses a body that is not JSON (403 when the request is also cross-site,
 * else 415) before it is read; the JSON is then parsed (400, 413), so the cross-site check
 * (preValidation, 403) and the rate limiter (preHandler, the budget the form POSTs share)
 * answer in the body's `locale`. Fastify checks the body against its schema (./api-shape) and
 * attaches the failure: the handler answers it (400) once the rate limiter has counted the request.
 * Errors are { message } in the body's `locale`, else (body not read or not parsed) the
 * Accept-Language's.
 */
export default async function contactApiRoutes(app: FastifyInstance, { service, siteUrl, limiter }: ApiOptions) {
  const mediaGuard: onRequestHookHandler = async (req) => {
    if (mediaType(req) !== 'application/json') throw isCrossSite(req, siteUrl) ? new CrossSiteRequest() : new NotJson()
  }
  const siteGuard: preValidationHookHandler = async (req) => {
    if (isCrossSite(req, siteUrl)) throw new CrossSiteRequest()
  }

  // Errors (logged once by the one handler) answer { message } in the body's language, else the browser's.
  const errorAnswer: ErrorAnswer = (status, req, reply) => sendApiError(reply, status, bodyLocale(req.body) ?? answerLocale(req))
  const config = { errorAnswer, errorSubject: 'inquiry' }

  const schema = { body: inquiryBodySchema }
  const options = { schema, attachValidation: true, bodyLimit: BODY_LIMIT, onRequest: mediaGuard, preValidation: siteGuard, preHandler: limiter, config }
  app.post('/api/contact', options, async (req, reply) => {
    const locale = bodyLocale(req.body) ?? answerLocale(req)
    const log = inquiryLog(req)
    reply.header('cache-control', 'no-store')
    if (req.validationError) {
      log.info({ statusCode: 400 }, 'inquiry refused: unknown fields or wrong types')
      return sendApiError(reply, 400, locale)
    }
    const body = req.body as Record<string, unknown>
    const token = typeof body._token === 'string' && body._token !== '' ? body._token : null
    let check: TokenCheck | null = null
    if (!service.hasApiKey(req.headers.authorization)) {
      check = service.signer.verify(token, service.now().getTime())
      if (!check.ok) {
        log.info({ reason: check.reason, statusCode: 403 }, 'inquiry refused: no valid form token')
        return sendApiError(reply, 403, locale, 'token')
      }
    }
    const bot = service.botSign(body.website, check)
    if (bot) return reply.code(201).send({ id: service.drop(bot, 'api', log) })
    const first = await service.resent(token, 'api', log)
    if (first) return reply.code(201).send({ id: first })
    const values = normalizeContact(body, locale)
    const errors = service.validate(values, locale)
    const count = errorCount(errors)
    if (count > 0) return reply.code(422).send({ message: formatMessage(locale, formKeys.errorSummary, { count }), errors })
    const { id } = await service.accept(values, locale, token, 'api', log)
    return reply.code(201).send({ id })
  })
}
