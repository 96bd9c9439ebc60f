import createError from '@fastify/error'
import { formOfItem, type EditorForm } from './form-model'
import type { ContentItemData } from './page-data'
import { staffHref } from '../paths'
import type { StaffActionContext, StaffAnswer } from '../types'
import { actorOf } from '../../../server/staff/http/services'
import { saveRaw } from './raw.server'
import { blankItemData, existingItemData } from './item.server'
import type { NamedItem } from '../../../server/editor/service'

/** The editor's own fields of a posted form: what the item is made of (the token, the base, the confirmation and the "keep" button are not). */
function editorForm(body: Record<string, string>): EditorForm {
  const form: EditorForm = {}
  for (const [name, value] of Object.entries(body)) if (!['_csrf', 'base', 'confirmed', 'keep'].includes(name)) form[name] = value
  return form
}

/**
 * The editor's POST (a new item's at contentNew, an existing one's at contentItem; a file that cannot be
 * read fixed: item-raw.ts): the form to the editor service (server/editor/service.ts), its outcome as the
 * page: the fields' errors (422 with what was typed), the confirmation step, the content folder's
 * problems (422 in words), someone else's save (409 with both versions), or saved (303 with a notice).
 */
export async function saveItem(ctx: StaffActionContext, isNew: boolean): Promise<StaffAnswer<ContentItemData>> {
  const { req, params, body, locale } = ctx
  if (!isNew && body.rawFile !== undefined) {
    const answer = await saveRaw(ctx)
    if (!answer) throw new ContentNotFound()
    return answer
  }
  const form = editorForm(body)
  const outcome = await req.server.editor.save(actorOf(req), { kind: params.kind, slug: params.slug, isNew, form, base: body.base ?? '', confirmed: body.confirmed === '1', locale })
  if (outcome.kind === 'not-found') throw new ContentNotFound()
  const { kind, slug } = outcome.item
  const again = async (statusCode: number, change: Partial<ContentItemData>): Promise<StaffAnswer<ContentItemData>> => {
    const base = { form, base: body.base ?? '', ...change }
    if (isNew) return { data: { ...blankItemData(kind), ...base }, statusCode }
    const data = await existingItemData(req, kind, slug, base)
    return data ? { data, statusCode } : { data: { ...blankItemData(kind), ...base, slug, isNew: false }, statusCode }
  }
  switch (outcome.kind) {
    case 'invalid':
      return again(422, { errors: outcome.errors })
    case 'refused':
      return again(422, { problems: outcome.problems })
    case 'confirm':
      return again(200, { confirm: { action: 'save' } })
    case 'unreadable':
      return again(409, {})
    case 'conflict':
      return again(409, { conflict: { theirs: outcome.theirs ? formOfItem(outcome.theirs) : null, hash: outcome.hash } })
    case 'done':
      return { redirect: itemNotice(outcome.item, outcome.created ? 'created' : 'saved') }
  }
}

/** The item's editor with a notice (after a save, a publication). */
export const itemNotice = ({ kind, slug }: NamedItem, notice: string) => `${staffHref('contentItem', { kind, slug })}?notice=${notice}`

/** An item the path names that is not there (or a kind the editor does not make): the staff 404 page. */
export const ContentNotFound = createError('SITE_CONTENT_NOT_FOUND', 'no such content item', 404)
