/**
 * A staff POST, the actions of one path (server/staff/http/router.ts): its media type, Origin, the
 * role and the session's token (guard.ts), then the body's schema (Fastify has checked it against the
 * action's; a failure is the localised 400), the action its intent picks, a recent factor when the
 * action is a sensitive step, and the action itself.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { INTENT_FIELD } from '../../../shared/admin/define'
import type { StaffAccess, StaffAction, StaffAnswer, StaffPageAnswer, StaffRouteDef } from '../../../shared/admin/types'
import { mediaType } from '../../request-guards'
import { NotForm, NotJson } from '../../errors'
import { requestSearch } from '../../request-locale'
import { StaffInvalid } from './errors'
import { admit, admitUpload } from './guard'
import { isStaffPageAnswer, pageLocale, visitorOf, type StaffPages } from './pages'
import { requireRecent } from './reauth'

/** A form field as @fastify/formbody gives it: a string, or a list when sent twice (its first value counts). */
function formFields(body: unknown): Record<string, string> {
  const fields: Record<string, string> = {}
  if (body && typeof body === 'object') {
    for (const [name, value] of Object.entries(body)) {
      const first = Array.isArray(value) ? value[0] : value
      if (typeof first === 'string') fields[name] = first
    }
  }
  return fields
}

/** The body of an admitted request, or null when the checks answered themselves (the redirect to sign in). */
async function admittedBody(req: FastifyRequest, reply: FastifyReply, { kind, bodyLimit }: StaffAction, access: StaffAccess): Promise<Record<string, unknown> | null> {
  if (kind === 'upload') return admitUpload(req, reply, access, bodyLimit)
  if (kind === 'form' && mediaType(req) !== 'application/x-www-form-urlencoded') throw new NotForm()
  if (kind === 'json' && mediaType(req) !== 'application/json') throw new NotJson()
  const body = kind === 'form' ? formFields(req.body) : ((req.body as Record<string, unknown> | null) ?? {})
  if (!(await admit(req, reply, access, kind === 'form' ? body._csrf : req.headers['x-csrf-token']))) return null
  if (req.validationError) throw new StaffInvalid(req.validationError.message)
  return body
}

/** The handler of a path's actions (one, or several picked by their intent: the form's `op`), all of `route`'s family. */
export function actionHandler(pages: StaffPages, route: StaffRouteDef<any>, actions: readonly StaffAction[]) {
  const first = actions[0]!
  const access = first.access ?? route.access
  return async (req: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
    const body = await admittedBody(req, reply, first, access)
    if (!body) return reply
    const action = actions.find((a) => a.intent === undefined || a.intent === body[INTENT_FIELD])
    if (!action) throw new StaffInvalid(INTENT_FIELD)
    if (action.recent && !(await requireRecent(req, reply, action.kind === 'form' ? 'form' : 'json', action.back?.(req)))) return reply
    const visitor = visitorOf(req.staffSession)
    const params = req.params as Record<string, string>
    const search = new URLSearchParams(requestSearch(req))
    const answer = await action.handle({ req, reply, body, params, locale: pageLocale(req, visitor, route.id), search, viewer: visitor.viewer })
    if (action.kind !== 'form' || answer === reply) return answer
    // A form answers with a page: another's (its own path's form with errors), or its route's again.
    const page = answer as StaffAnswer<unknown> | StaffPageAnswer
    if (isStaffPageAnswer(page)) return pages.send(req, reply, page.staffPage)
    if ('redirect' in page) return reply.redirect(page.redirect, 303)
    return pages.send(req, reply, { routeId: route.id, params, data: page.data, statusCode: page.statusCode })
  }
}
