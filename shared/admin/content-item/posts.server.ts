import type { FastifyReply, FastifyRequest } from 'fastify'
import type { ContentItemData } from './page-data'
import { staffHref } from '../paths'
import { actorOf } from '../../../server/staff/http/services'
import type { StaffPageAnswer } from '../types'
import { existingItemData } from './item.server'
import { ContentNotFound, itemNotice } from './save.server'
import { kindOf, nameable } from '../../../server/editor/service-commit'

/**
 * The item page's other forms (shared/admin/content-item/route.ts declares them): publish per language,
 * delete, and the page's presence heartbeat, each done by the editor service (server/editor/service.ts).
 * Each answers 303 back with a notice, or the item page again with what went wrong (a confirmation step
 * without JavaScript, a refusal, the tree's problems).
 */
type Body = Record<string, unknown>
type Params = Record<string, string>

function located(params: Params) {
  const kind = kindOf(params.kind)
  let slug: string | undefined
  try {
    slug = params.slug === undefined ? undefined : decodeURIComponent(params.slug)
  } catch {
    slug = undefined
  }
  if (!kind || !nameable(kind, slug)) throw new ContentNotFound()
  return { kind, slug }
}

async function page(req: FastifyRequest, params: Params, statusCode: number, change: Partial<ContentItemData>): Promise<StaffPageAnswer> {
  const { kind, slug } = located(params)
  const data = await existingItemData(req, kind, slug, change)
  if (!data) throw new ContentNotFound()
  return { staffPage: { routeId: 'contentItem', params: { kind, slug }, path: staffHref('contentItem', { kind, slug }), data, statusCode } }
}

/** POST …/publish: one language drafted, published now or (news) scheduled, after the confirmation. */
export async function publishItem(req: FastifyRequest, reply: FastifyReply, body: Body, params: Params): Promise<unknown> {
  const { kind, slug } = located(params)
  const request = { locale: body.locale, action: body.action, at: body.at }
  const outcome = await req.server.editor.publish(actorOf(req), { kind, slug, request, confirmed: body.confirmed === '1' })
  switch (outcome.kind) {
    case 'not-found':
      throw new ContentNotFound()
    // A file that cannot be read: the page says which.
    case 'unreadable':
      return page(req, params, 409, {})
    case 'invalid':
      return page(req, params, 422, { publishError: outcome.publishError })
    case 'confirm':
      return page(req, params, 200, { confirm: outcome.step })
    case 'refused':
      return page(req, params, 422, { problems: outcome.problems })
    // Changed between the read and the commit: the page as it is now says so.
    case 'conflict':
      return page(req, params, 409, { notice: 'changed' })
    case 'done':
      return reply.redirect(itemNotice(outcome.item, outcome.action), 303)
  }
}

/** POST …/delete: the item's files removed (not a part of site.yml, not a built-in page), after the confirmation; based on the hash the page showed. */
export async function deleteItem(req: FastifyRequest, reply: FastifyReply, body: Body, params: Params): Promise<unknown> {
  const { kind, slug } = located(params)
  const outcome = await req.server.editor.remove(actorOf(req), { kind, slug, base: body.base, confirmed: body.confirmed === '1' })
  switch (outcome.kind) {
    case 'not-found':
      throw new ContentNotFound()
    case 'confirm':
      return page(req, params, 200, { confirm: { action: 'delete' } })
    case 'refused':
      return page(req, params, 422, { problems: outcome.problems })
    case 'conflict':
      return page(req, params, 409, { notice: 'changed' })
    case 'done':
      return reply.redirect(`${staffHref('content')}?notice=deleted`, 303)
  }
}

/** POST …/presence (JSON, the page's heartbeat): records this staff member's, answers who else has the item open. */
export async function itemPresence(req: FastifyRequest, _reply: FastifyReply, _body: Body, params: Params): Promise<unknown> {
  const outcome = await req.server.editor.presence(actorOf(req), located(params))
  if (outcome.kind === 'not-found') throw new ContentNotFound()
  return { others: outcome.others }
}
