import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { STAFF_PATHS } from '../../../shared/admin/paths'
import { INBOX_ROLES } from '../../../shared/admin/roles'
import { hasControlChars } from '../../../shared/validation/control-chars'
import { mediaType } from '../../contact/guards'
import { PAGE_SIZE, parseInboxQuery } from '../../inbox/filter'
import type { Actor, TriageChange } from '../../inbox/types'
import type { ErrorAnswer } from '../../plugins/errors'
import { BEARER_CHALLENGE, bearerToken, refuseTokenRole, type TokenCaller } from './api'
import { API_BODY_LIMIT, detailJson, errorOfStatus, itemJson, noteBodySchema, patchBodySchema, sendApiError, type ApiError } from './inbox-api-shape'
import { auditOf } from './services'

/** The list's query parameters: any other is refused (a misspelt filter must not list everything). */
const QUERY = new Set(['status', 'assignee', 'type', 'lang', 'from', 'to', 'q', 'page'])

/** The request's token and its creator's account (whose language the errors' messages are in). */
const callers = new WeakMap<FastifyRequest, TokenCaller>()

const fail = (req: FastifyRequest, reply: FastifyReply, status: number, error: ApiError, extra?: Record<string, unknown>) =>
  sendApiError(reply, status, error, callers.get(req)?.account.locale, extra)

/** The token's creator, acting with the token's effective role (access-tokens.ts effectiveTokenRole). */
const actorOf = (req: FastifyRequest): Actor => {
  const { token, role } = callers.get(req)!
  return { accountId: token.createdBy, role, address: req.ip }
}
const auditFor = (req: FastifyRequest, action: string, id: string) => auditOf(req, callers.get(req)!.token.createdBy, action, `inquiry:${id}`)

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
    const got = await req.server.inboxStore.list(filter, { page, pageSize: PAGE_SIZE })
    return { items: got.rows.map(itemJson), total: got.total, page: got.page, pageSize: got.pageSize }
  })

  app.get(STAFF_PATHS.apiInquiry, { config }, async (req, reply) => {
    const { id } = req.params as { id: string }
    const inbox = req.server.inboxStore
    if (!(await inbox.detail(id))) return fail(req, reply, 404, 'notFound')
    await inbox.recordView(id, actorOf(req), req.server.staffArea.now(), auditFor(req, 'inquiry.view', id))
    return detailJson((await inbox.detail(id))!)
  })

  /** Applies a change to a known, not erased inquiry (the store's rules: only an admin lifts a legal hold); answers the inquiry afterwards. */
  async function change(req: FastifyRequest, reply: FastifyReply, id: string, what: TriageChange, status: number) {
    const inbox = req.server.inboxStore
    const before = await inbox.detail(id)
    if (!before) return fail(req, reply, 404, 'notFound')
    if (before.inquiry.erasedAt !== null) return fail(req, reply, 422, 'erased')
    const outcome = await inbox.change(id, what, actorOf(req), req.server.staffArea.now(), auditFor(req, 'inquiry.change', id))
    if (outcome === 'refused') return fail(req, reply, 403, 'hold')
    if (outcome === 'gone') return fail(req, reply, 422, 'erased')
    return reply.code(status).send(detailJson((await inbox.detail(id))!))
  }

  const bodyOptions = { config, bodyLimit: API_BODY_LIMIT, attachValidation: true }

  app.patch(STAFF_PATHS.apiInquiry, { ...bodyOptions, schema: { body: patchBodySchema } }, async (req, reply) => {
    if (req.validationError) return fail(req, reply, 400, 'body')
    const body = req.body as TriageChange
    if (typeof body.assigneeId === 'string') {
      const account = await req.server.staffArea.store.findAccount(body.assigneeId)
      if (!account || account.disabled || !(INBOX_ROLES as readonly string[]).includes(account.role)) return fail(req, reply, 422, 'assignee')
    }
    return change(req, reply, (req.params as { id: string }).id, body, 200)
  })

  app.post(STAFF_PATHS.apiInquiryNotes, { ...bodyOptions, schema: { body: noteBodySchema } }, async (req, reply) => {
    if (req.validationError) return fail(req, reply, 400, 'body')
    const text = (req.body as { text: string }).text.trim()
    if (!text || hasControlChars(text, true)) return fail(req, reply, 422, 'note')
    return change(req, reply, (req.params as { id: string }).id, { note: text }, 201)
  })

  // Anything else under the inquiries API: JSON too, never the staff pages' HTML.
  const methodNotAllowed = (allow: string) => async (req: FastifyRequest, reply: FastifyReply) => fail(req, reply.header('allow', allow), 405, 'method')
  app.route({ method: ['POST', 'PUT', 'DELETE', 'PATCH'], url: STAFF_PATHS.apiInquiries, config, handler: methodNotAllowed('GET, HEAD') })
  app.route({ method: ['POST', 'PUT', 'DELETE'], url: STAFF_PATHS.apiInquiry, config, handler: methodNotAllowed('GET, HEAD, PATCH') })
  app.route({ method: ['GET', 'PUT', 'DELETE', 'PATCH'], url: STAFF_PATHS.apiInquiryNotes, config, handler: methodNotAllowed('POST') })
  app.all(`${STAFF_PATHS.apiInquiries}/*`, { config }, async (req, reply) => fail(req, reply, 404, 'path'))
}
