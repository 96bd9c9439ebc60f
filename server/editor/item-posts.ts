import type { FastifyReply, FastifyRequest } from 'fastify'
import { LOCALE_CODES } from '../../shared/i18n/locales'
import { itemKey } from '../../shared/admin/editor-model/items'
import type { ContentItemData } from '../../shared/admin/content-item/page-data'
import { staffHref } from '../../shared/admin/paths'
import type { StaffPageAnswer } from '../staff/http/pages'
import { ItemUnreadable, readItemState } from './files'
import { checkCandidate } from './files-check'
import { contentDirOf, existingItemData, kindOf, nameable, othersEditing } from './item-page'
import { commitItem, ContentNotFound } from './item-save'
import { applyPublish, readPublishRequest } from './publish-state'
import { ContentConflict, ContentRefused } from './types'

/**
 * The item page's other forms (shared/admin/content-item/route.ts declares them): publish per language, delete,
 * and the page's presence heartbeat. Each answers 303 back with a notice, or the item page again
 * with what went wrong (a confirmation step without JavaScript, a refusal, the tree's problems).
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
  const dir = contentDirOf(req)
  const state = readItemState(dir, kind, slug)
  if (!state) throw new ContentNotFound()
  // A file that cannot be read: the page says which, nothing is published.
  if (state.unreadable.length) return page(req, params, 409, {})
  const read = { item: state.item!, hash: state.hash }
  const request = readPublishRequest(body, LOCALE_CODES)
  if (!request) return page(req, params, 422, { publishError: 'at' })
  const done = applyPublish(read.item, request, req.server.staffArea.now())
  if ('refused' in done) return page(req, params, 422, { publishError: done.refused })
  if (body.confirmed !== '1') return page(req, params, 200, { confirm: { action: 'publish', locale: request.locale, what: request.action, at: request.action === 'schedule' ? request.at : '' } })
  const key = itemKey(kind, slug)
  const { problems } = await checkCandidate(dir, { key, next: done.item })
  if (problems.length) return page(req, params, 422, { problems })
  try {
    await commitItem(req, { key, before: read.item, next: done.item, base: read.hash, action: done.action })
  } catch (err) {
    // Changed between the read and the commit: the page as it is now says so.
    if (err instanceof ContentConflict) return page(req, params, 409, { notice: 'changed' })
    if (err instanceof ContentRefused) return page(req, params, 422, { problems: err.problems })
    throw err
  }
  return reply.redirect(`${staffHref('contentItem', { kind, slug })}?notice=${done.action}`, 303)
}

/** POST …/delete: the item's files removed (not a part of site.yml, not a built-in page), after the confirmation; based on the hash the page showed. */
export async function deleteItem(req: FastifyRequest, reply: FastifyReply, body: Body, params: Params): Promise<unknown> {
  const { kind, slug } = located(params)
  if (kind === 'site') throw new ContentNotFound()
  const dir = contentDirOf(req)
  // An item with a file that cannot be read can still be deleted whole.
  const read = readItemState(dir, kind, slug)
  if (!read) throw new ContentNotFound()
  if (body.confirmed !== '1') return page(req, params, 200, { confirm: { action: 'delete' } })
  const key = itemKey(kind, slug)
  const { problems } = await checkCandidate(dir, { key, next: null })
  if (problems.length) return page(req, params, 422, { problems })
  const base = typeof body.base === 'string' && body.base ? body.base : read.hash
  try {
    await commitItem(req, { key, before: read.item, next: null, base, action: 'delete' })
  } catch (err) {
    if (err instanceof ContentConflict || err instanceof ItemUnreadable) return page(req, params, 409, { notice: 'changed' })
    if (err instanceof ContentRefused) return page(req, params, 422, { problems: err.problems })
    throw err
  }
  return reply.redirect(`${staffHref('content')}?notice=deleted`, 303)
}

/** POST …/presence (JSON, the page's heartbeat): records this staff member's, answers who else has the item open. */
export async function itemPresence(req: FastifyRequest, _reply: FastifyReply, _body: Body, params: Params): Promise<unknown> {
  const { kind, slug } = located(params)
  if (!readItemState(contentDirOf(req), kind, slug)) throw new ContentNotFound()
  return { others: await othersEditing(req, kind, slug) }
}
