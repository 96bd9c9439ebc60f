import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { STAFF_PATHS } from '../../../shared/admin/paths'
import { INBOX_ROLES } from '../../../shared/admin/roles'
import { mediaType } from '../../request-guards'
import { PAGE_SIZE, parseInboxQuery } from '../../inbox/types'
import type { TriageChange } from '../../inbox/types'
import type { ErrorAnswer } from '../../plugins/errors'
import { BEARER_CHALLENGE, bearerToken, refuseTokenRole } from './api'
import { API_BODY_LIMIT, detailJson, errorOfStatus, itemJson, noteBodySchema, patchBodySchema, sendApiError, type ApiError } from './inbox-api-shape'
import { actorOf, type TokenCaller } from './services'

/** The list's query parameters: any other is refused (a misspelt filter must not list everything). */
const QUERY = new Set(['status', 'assignee', 'type', 'lang', 'from', 'to', 'q', 'page'])

/** The request's token and its creator's account (whose language the errors' messages are in). */
const callers = new WeakMap<FastifyRequest, TokenCaller>()

const fail = (req: FastifyRequest, reply: FastifyReply, status: number, error: ApiError, extra?: Record<string, unknown>) =>
  sendApiError(reply, status, error, callers.get(req)?.account.locale, extra)

/** The token's creator, acting with the token's effective role (access-tokens.ts effectiveTokenRole). */
const tokenActor = (req: FastifyRequest) => actorOf(req, callers.get(req)!)

/**
 * The inbox's JSON API for integrations (a CRM, kintone), by personal access token only
 * (`Authorization: Bearer cst_…` acting as responder or admin: access-tokens.ts effectiveTokenRole;
 * cookies are never read, so a browser's session can change nothing here):
 *   GET   /admin/api/inquiries?status=…&q=…&page=2   { items, total, page, pageSize } (the list's filter)
 *   GET   /admin/api/inquiries/:id                   { inquiry, events, mails } (recorded as a view)
 *   PATCH /admin/api/inquiries/:id                   { status?, assigneeId?, legalHold? } -> the inquiry
 *   POST  /admin/api/inquiries/:id/notes             { text } -> 201, the inquiry
 * Every answer is JSON, errors `{ error, message }`: 400 a bad filter or body, 401 no usable token
 * (its creator disabled or gone included), 403 the token's role or lifting a legal hold without
 * acting as admin, 404 unknown, 405, 413 over 16 KiB, 415 not JSON, 422 a change that cannot be made
 * (an assignee that is not an active responder or admin, an empty note, an erased inquiry).
 * The token is checked before the body is read; its use, each view and each change are audited.
 */
export async function inboxApi(app: FastifyInstance) {
  const errorAnswer: ErrorAnswer = (status, req, reply) => fail(req, reply, status, errorOfStatus(status))
  const config = { errorAnswer, errorSubject: 'inbox api' }

  app.addHook('onRequest', async (req, reply) => {
    const caller = await bearerToken(req)
    if (!caller) return fail(req, reply.header('www-authenticate', BEARER_CHALLENGE), 401, 'token')
    callers.set(req, caller)
    if (!(INBOX_ROLES as readonly (string | null)[]).includes(caller.role)) {
      await refuseTokenRole(req, caller.token)
      return fail(req, reply, 403, 'role')
    }
    const url = req.routeOptions.url
    const takesJson = (req.method === 'PATCH' && url === STAFF_PATHS.apiInquiry) || (req.method === 'POST' && url === STAFF_PATHS.apiInquiryNotes)
    if (takesJson && mediaType(req) !== 'application/json') return fail(req, reply, 415, 'media')
  })

  app.get(STAFF_PATHS.apiInquiries, { config }, async (req, reply) => {
    const query = req.query as Record<string, string | string[] | undefined>
    const unknown = Object.keys(query).filter((k) => !QUERY.has(k))
    const { filter, page, problems } = parseInboxQuery(query)
    if (unknown.length || problems.length) return fail(req, reply, 400, 'filter', { parameters: [...problems, ...unknown] })
    const got = await req.server.inbox.list(tokenActor(req), filter, { page, pageSize: PAGE_SIZE })
    return { items: got.rows.map(itemJson), total: got.total, page: got.page, pageSize: got.pageSize }
  })

  app.get(STAFF_PATHS.apiInquiry, { config }, async (req, reply) => {
    const { id } = req.params as { id: string }
    const actor = tokenActor(req)
    if ((await req.server.inbox.view(actor, id)).kind === 'not-found') return fail(req, reply, 404, 'notFound')
    return detailJson((await req.server.inbox.read(actor, id))!)
  })

  /** A change by the service's rules (only an admin lifts a legal hold, who may be assigned, an erased inquiry is read-only); answers the inquiry afterwards. */
  async function change(req: FastifyRequest, reply: FastifyReply, id: string, what: TriageChange, status: number) {
    const actor = tokenActor(req)
    const outcome = await req.server.inbox.change(actor, id, what)
    switch (outcome.kind) {
      case 'invalid':
        return fail(req, reply, 422, outcome.field)
      case 'not-found':
        return fail(req, reply, 404, 'notFound')
      case 'gone':
        return fail(req, reply, 422, 'erased')
      case 'forbidden':
        return fail(req, reply, 403, 'hold')
      case 'done':
        return reply.code(status).send(detailJson((await req.server.inbox.read(actor, id))!))
    }
  }

  const bodyOptions = { config, bodyLimit: API_BODY_LIMIT, attachValidation: true }

  app.patch(STAFF_PATHS.apiInquiry, { ...bodyOptions, schema: { body: patchBodySchema } }, async (req, reply) => {
    if (req.validationError) return fail(req, reply, 400, 'body')
    return change(req, reply, (req.params as { id: string }).id, req.body as TriageChange, 200)
  })

  app.post(STAFF_PATHS.apiInquiryNotes, { ...bodyOptions, schema: { body: noteBodySchema } }, async (req, reply) => {
    if (req.validationError) return fail(req, reply, 400, 'body')
    return change(req, reply, (req.params as { id: string }).id, { note: (req.body as { text: string }).text }, 201)
  })

  // Anything else under the inquiries API: JSON too, never the staff pages' HTML.
  const methodNotAllowed = (allow: string) => async (req: FastifyRequest, reply: FastifyReply) => fail(req, reply.header('allow', allow), 405, 'method')
  app.route({ method: ['POST', 'PUT', 'DELETE', 'PATCH'], url: STAFF_PATHS.apiInquiries, config, handler: methodNotAllowed('GET, HEAD') })
  app.route({ method: ['POST', 'PUT', 'DELETE'], url: STAFF_PATHS.apiInquiry, config, handler: methodNotAllowed('GET, HEAD, PATCH') })
  app.route({ method: ['GET', 'PUT', 'DELETE', 'PATCH'], url: STAFF_PATHS.apiInquiryNotes, config, handler: methodNotAllowed('POST') })
  app.all(`${STAFF_PATHS.apiInquiries}/*`, { config }, async (req, reply) => fail(req, reply, 404, 'path'))
}
