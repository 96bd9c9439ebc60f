import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { STAFF_PATHS } from '../../../shared/admin/paths'
import { accessTokenState, effectiveTokenRole, hashAccessToken, parseBearer } from '../access-tokens'
import type { AccessToken, Account, Role } from '../types'
import { siteDay } from '../site-day'
import { auditOf, pathTarget, type TokenCaller } from './services'

/** At most this many audit entries per answer (newest first; narrow with `since`). */
export const API_AUDIT_LIMIT = 1000

/** The Bearer challenge of a 401 (RFC 6750). */
export const BEARER_CHALLENGE = `Bearer realm="staff", error="invalid_token"`

/** The JSON refusal of a request without a usable token: 401 with the Bearer challenge. */
function unauthorized(reply: FastifyReply, error: string) {
  return reply.code(401).header('www-authenticate', BEARER_CHALLENGE).send({ ok: false, statusCode: 401, error })
}

/**
 * The token a request presents (`Authorization: Bearer cst_…`) when it is known, not revoked, not
 * expired, and made by an account that exists and is not disabled (a token dies with its owner's
 * rights, checked at every use): its use is recorded with its audit entry ('token.use', the path).
 * Else null, the refusal audited ('request.refused', the target ending ' token', or ' owner' for the
 * account): the caller answers 401. Cookies are never looked at here, and no session is ever made.
 */
export async function bearerToken(req: FastifyRequest): Promise<TokenCaller | null> {
  const { store, now } = req.server.staffArea
  const secret = parseBearer(req.headers.authorization)
  const token = secret ? await store.findAccessToken(hashAccessToken(secret)) : null
  if (!token || accessTokenState(token, now()) !== 'active') {
    await store.audit(auditOf(req, null, 'request.refused', `${pathTarget(req)} token`, 'refused'))
    return null
  }
  const account = await store.findAccount(token.createdBy)
  if (!account || account.disabled) {
    await store.audit(auditOf(req, token.createdBy, 'request.refused', `token:${token.id} ${pathTarget(req)} owner`, 'refused'))
    return null
  }
  await store.useAccessToken(token.id, now(), auditOf(req, token.createdBy, 'token.use', `token:${token.id} ${pathTarget(req)}`))
  return { token, account, role: effectiveTokenRole(token.role, account.role) }
}

/** A token whose role may not use this path: the refusal audited (the caller answers 403). */
export function refuseTokenRole(req: FastifyRequest, token: AccessToken): Promise<void> {
  return req.server.staffArea.store.audit(auditOf(req, token.createdBy, 'request.refused', `token:${token.id} ${pathTarget(req)} role`, 'refused'))
}

/** The request's usable token, or null once it has answered 401. */
async function callerOf(req: FastifyRequest, reply: FastifyReply): Promise<TokenCaller | null> {
  const caller = await bearerToken(req)
  if (!caller) unauthorized(reply, 'token')
  return caller
}

/** `since`: a day (YYYY-MM-DD, Japan time) or an ISO instant; undefined when absent, null when not valid. */
function sinceOf(value: unknown): number | undefined | null {
  if (value === undefined) return undefined
  if (typeof value !== 'string' || value.length > 40) return null
  const day = siteDay(value)
  if (day) return day.since
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) return null
  const ms = Date.parse(value)
  return Number.isFinite(ms) ? ms : null
}

/**
 * The staff JSON API for integrations, by personal access token only: GET /admin/api/me (the token's
 * name and the role it acts with now) and GET /admin/api/audit?since=… (tokens acting as admin).
 * Registered beside the staff pages, outside their scope: no session is read, none is made; the staff
 * headers (no-store…) still apply.
 */
export async function staffApi(app: FastifyInstance) {
  app.get(STAFF_PATHS.apiMe, async (req, reply) => {
    const caller = await callerOf(req, reply)
    if (!caller) return reply
    return { ok: true, name: caller.token.name, role: caller.role, expiresAt: new Date(caller.token.expiresAt).toISOString() }
  })
  app.get(STAFF_PATHS.apiAudit, async (req, reply) => {
    const caller = await callerOf(req, reply)
    if (!caller) return reply
    if (caller.role !== 'admin') {
      await refuseTokenRole(req, caller.token)
      return reply.code(403).send({ ok: false, statusCode: 403, error: 'role' })
    }
    const since = sinceOf((req.query as Record<string, unknown>).since)
    if (since === null) return reply.code(400).send({ ok: false, statusCode: 400, error: 'since' })
    const { store } = req.server.staffArea
    const [entries, accounts] = await Promise.all([store.listAudit({ ...(since === undefined ? {} : { since }), limit: API_AUDIT_LIMIT }), store.listAccounts()])
    const emails = new Map(accounts.map((a) => [a.id, a.email]))
    return {
      ok: true,
      entries: entries.map((e) => ({ at: new Date(e.at).toISOString(), account: e.accountId ? (emails.get(e.accountId) ?? null) : null, address: e.address, action: e.action, target: e.target, outcome: e.outcome, repeats: e.repeats })),
    }
  })
}
